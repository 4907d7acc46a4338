import type { PurchaseTerms } from '@vault/contract/schemas/funding';
import type { NativeToken } from '@vault/contract/schemas/site';
import { Button, ButtonLink, Spinner } from '@vault/ui/button';
import { Card, cardClass, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TokenChoice } from '../../components/token-choice';
import { TokenIcon } from '../../components/token-icon';
import { grouped, usd } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { useCurrencyInfo } from '../../lib/wallet-data';
import { PurchaseForm } from './purchase-form';
import { assetTokens, coinFromState, dollarToken, isSdiraMember, noticeFromState } from './purchase-options';
import { usePurchaseTerms, usePurchaseTokens } from './queries';

/** /liquidity-tokens and /cqr-liquidity-tokens: Get CQR Dollars (the Q token). */
export const LiquidityTokensPage = () => <PurchasePage screen="dollar" />;
/** /cqr-asset-tokens: Get assets, the token chosen from the asset tokens (an sdira member's own too). */
export const AssetTokensPage = () => <PurchasePage screen="asset" />;
/** /vault-token: Get CQR Dollars or Get assets, each purchasable token. */
export const VaultTokenPage = () => <PurchasePage screen="chooser" />;
/** /contribute: the activation screen. */
export const ContributePage = () => <PurchasePage screen="contribute" />;

type Screen = 'dollar' | 'asset' | 'chooser' | 'contribute';

/** Who is buying: the vault's state from the wallets' query (live), else the session's user info. */
function useMember() {
  const { info } = useSession();
  const currency = useCurrencyInfo();
  const user = currency.data?.user ?? info?.user;
  return user ? { activated: user.isWalletActivated, sdira: isSdiraMember(user) } : null;
}

const TITLES: Record<Screen, string> = {
  dollar: 'Get CQR Dollars',
  asset: 'Get assets',
  chooser: 'Top-Up',
  contribute: 'Contribute',
};

const INTROS: Record<Screen, string> = {
  dollar: 'Top up your vault with CQR Dollars: 1 CQR Dollar = 1 USD.',
  asset: 'Top up your vault with asset tokens backed by metal held in the vault.',
  chooser: 'Choose what to get: CQR Dollars, or an asset token.',
  contribute: 'Contribute to your vault.',
};

function PurchasePage({ screen }: { screen: Screen }) {
  const member = useMember();
  const tokens = usePurchaseTokens();
  const location = useLocation();
  const notice = noticeFromState(location.state);
  const activated = member?.activated ?? true;
  const title = member && !activated ? 'Member Activation' : TITLES[screen];

  let content: ReactNode;
  if (!member || tokens.isPending) {
    content = <Loading what="the tokens you can get" />;
  } else if (!tokens.data) {
    content = (
      <Card>
        <LoadError query={tokens} title="The tokens you can get could not be loaded." />
      </Card>
    );
  } else {
    const dollar = dollarToken(tokens.data);
    const assets = assetTokens(tokens.data, member.sdira);
    if (screen === 'dollar') {
      content = dollar ? (
        <TokenPurchase token={dollar} kind="dollar" activated={activated} sdira={member.sdira} />
      ) : (
        <NothingToGet />
      );
    } else if (screen === 'asset') {
      content = (
        <AssetPurchase
          tokens={assets}
          initial={coinFromState(location.state)}
          activated={activated}
          sdira={member.sdira}
        />
      );
    } else if (!activated) {
      // /vault-token and /contribute before activation: the contribution, in CQR Dollars or an asset token.
      content = dollar ? (
        <>
          <TokenPurchase token={dollar} kind="dollar" activated={false} sdira={member.sdira} />
          {assets.length > 0 ? (
            <p className="text-sm text-ink-muted">
              Or contribute an asset token:{' '}
              {assets.map((t, i) => (
                <span key={t.coinSymbol}>
                  {i > 0 ? ', ' : null}
                  <Link
                    to="/cqr-asset-tokens"
                    state={{ coin: t.coinSymbol }}
                    className="font-semibold text-ink underline decoration-primary decoration-2 underline-offset-4"
                  >
                    {t.displayName} ({t.coinSymbol})
                  </Link>
                </span>
              ))}
              .
            </p>
          ) : null}
        </>
      ) : (
        <AssetPurchase tokens={assets} initial={undefined} activated={false} sdira={member.sdira} />
      );
    } else {
      content = (
        <>
          {screen === 'contribute' ? (
            <p role="status" className="rounded-xl bg-success-soft p-4 text-sm text-success ring-1 ring-success/20">
              Your vault is activated. Contribute more by getting CQR Dollars or assets.
            </p>
          ) : null}
          <Chooser dollar={dollar} assets={assets} />
        </>
      );
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {member && !activated
            ? 'Your vault is not activated yet. Activation takes a contribution worth at least 21 silver asset tokens (21 oz of 0.999 fine silver).'
            : INTROS[screen]}
        </p>
      </div>
      {notice ? (
        <p role="status" className="rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning ring-1 ring-warning/20">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">{content}</div>
        <HowFundingWorks sdira={member?.sdira ?? false} />
      </div>
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-sm text-ink-muted">
      <Spinner /> Loading {what}…
    </p>
  );
}

function NothingToGet() {
  return (
    <EmptyState
      icon="coins"
      action={{ label: 'Back to Dashboard', to: '/cryptocurrency' }}
      className={`${cardSurface} px-5`}
    >
      No token can be purchased at the moment. Please try again later or contact support.
    </EmptyState>
  );
}

/**
 * One token: Member Activation (the required amount and Open) while the vault is not activated, the amount
 * form once Open is pressed or once the vault is activated.
 */
function TokenPurchase({
  token,
  kind,
  activated,
  sdira,
}: {
  token: NativeToken;
  kind: 'dollar' | 'asset';
  activated: boolean;
  sdira: boolean;
}) {
  const terms = usePurchaseTerms(token.coinSymbol);
  const [opened, setOpened] = useState<string | null>(null);
  if (terms.isPending) return <Loading what={`the terms of ${token.displayName}`} />;
  if (!terms.data) {
    return (
      <Card>
        <LoadError
          query={terms}
          title={`The terms of ${token.displayName} (${token.coinSymbol}) could not be loaded.`}
        />
      </Card>
    );
  }
  if (activated) {
    return <PurchaseForm key={token.coinSymbol} terms={terms.data} kind={kind} activation={false} sdira={sdira} />;
  }
  if (opened === token.coinSymbol) {
    return <PurchaseForm key={token.coinSymbol} terms={terms.data} kind={kind} activation sdira={sdira} focusOnMount />;
  }
  return <MemberActivation terms={terms.data} onOpen={() => setOpened(token.coinSymbol)} />;
}

/** Member Activation (spec 2 §2): the required amount, in USD and in the token, and Open. */
function MemberActivation({ terms, onOpen }: { terms: PurchaseTerms; onOpen: () => void }) {
  return (
    <section aria-labelledby="member-activation" className={cardClass}>
      <h2 id="member-activation" className="text-lg font-semibold text-ink">
        Activate with {terms.name} ({terms.coinSymbol})
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Your contribution activates your vault when it is credited. Open the form to contribute the required amount or
        more.
      </p>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        <Fact term="Required amount (USD)">{usd(terms.activationUsd)}</Fact>
        <Fact term={`Required amount (${terms.coinSymbol})`}>
          {grouped(terms.activationAmount, terms.decimals)} {terms.coinSymbol}
        </Fact>
      </dl>
      <Button onClick={onOpen} className="mt-5 w-full sm:w-auto">
        Open
      </Button>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-subtle">{term}</dt>
      <dd className="mt-1 text-base font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** Get assets: a token selector (preselected from the wallet's Top-Up), then the token's form. */
function AssetPurchase({
  tokens,
  initial,
  activated,
  sdira,
}: {
  tokens: NativeToken[];
  initial: string | undefined;
  activated: boolean;
  sdira: boolean;
}) {
  const [chosen, setChosen] = useState(
    () => tokens.find((t) => t.coinSymbol === initial)?.coinSymbol ?? tokens[0]?.coinSymbol,
  );
  const token = tokens.find((t) => t.coinSymbol === chosen);
  if (tokens.length === 0 || !token) return <NothingToGet />;
  return (
    <>
      <fieldset className={cardClass}>
        <legend className="sr-only">Token</legend>
        <p aria-hidden="true" className="mb-2 text-sm font-medium text-ink">
          Token
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {tokens.map((t) => (
            <TokenChoice
              key={t.coinSymbol}
              name={t.displayName}
              symbol={t.coinSymbol}
              iconUrl={t.icon.url}
              detail={t.type === 'sdira' ? 'Legacy (IRA) token' : t.name}
              group="purchase-token"
              checked={chosen === t.coinSymbol}
              onChoose={() => setChosen(t.coinSymbol)}
            />
          ))}
        </div>
      </fieldset>
      <TokenPurchase key={token.coinSymbol} token={token} kind="asset" activated={activated} sdira={sdira} />
    </>
  );
}

/** /vault-token once activated: Get CQR Dollars or Get assets, each token a way in. */
function Chooser({ dollar, assets }: { dollar: NativeToken | undefined; assets: NativeToken[] }) {
  if (!dollar && assets.length === 0) return <NothingToGet />;
  return (
    <div className="space-y-4">
      {dollar ? (
        <section aria-labelledby="get-dollars" className={cardClass}>
          <h2 id="get-dollars" className="text-lg font-semibold text-ink">
            Get CQR Dollars
          </h2>
          <p className="mt-1 text-sm text-ink-muted">1 CQR Dollar = 1 USD, for payments and contributions.</p>
          <ul className="mt-4">
            <TokenLink token={dollar} to="/liquidity-tokens" />
          </ul>
        </section>
      ) : null}
      {assets.length > 0 ? (
        <section aria-labelledby="get-assets" className={cardClass}>
          <h2 id="get-assets" className="text-lg font-semibold text-ink">
            Get assets
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Asset tokens backed by metal held in the vault.</p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {assets.map((t) => (
              <TokenLink key={t.coinSymbol} token={t} to="/cqr-asset-tokens" />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TokenLink({ token, to }: { token: NativeToken; to: string }) {
  return (
    <li>
      <Link
        to={to}
        state={{ coin: token.coinSymbol }}
        className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5 hover:border-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <TokenIcon url={token.icon.url} symbol={token.coinSymbol} size="size-8 text-2xs" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-ink">
            Get {token.displayName} ({token.coinSymbol})
          </span>
          <span className="block text-xs text-ink-subtle">{usd(token.price)} per token</span>
        </span>
        <span aria-hidden="true" className="text-ink-subtle">
          →
        </span>
      </Link>
    </li>
  );
}

/** What funding does, beside the form. */
function HowFundingWorks({ sdira }: { sdira: boolean }) {
  const settings = useSettings();
  const days = settings.data?.directWireExpiryDays ?? 3;
  return (
    <section aria-labelledby="funding-how" className={`${cardSurface} p-5 sm:p-6 lg:col-span-2`}>
      <h2 id="funding-how" className="font-semibold text-ink">
        How funding works
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-muted">
        <li>
          Direct wire has no limit. You get an order number and the bank details; remit within {days} days ({days * 24}{' '}
          hours) and the tokens are issued when the wire arrives, less the wire fee.
        </li>
        <li>Online methods (Go cardless, COINQVEST, PayPal) take up to 5,000.00 CQR Dollars at a time.</li>
        <li>Your first asset purchase must reach the value of 21 ICO Ag (silver) tokens.</li>
        <li>Asset tokens must be held 1 year and 1 day before they can be redeemed; you can send them at any time.</li>
        {sdira ? <li>Legacy (IRA) deposits are requests: the treasury reviews them (3-4 working days).</li> : null}
      </ul>
      <p className="mt-4 text-sm">
        <ButtonLink to="/remittance" variant="link">
          Your remittance addresses
        </ButtonLink>
      </p>
    </section>
  );
}
