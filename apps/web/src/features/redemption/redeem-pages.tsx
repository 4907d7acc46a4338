import { REDEEM_CREDIT_TIME } from '@vault/contract/schemas/redemption';
import { Spinner } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from '../../lib/wallet-data';
import { CryptoRedeemForm } from './crypto-redeem-form';
import { DirectWireRedeemForm } from './direct-wire-redeem-form';
import { RedeemHistory } from './redeem-history';
import { initialWallet, isSdiraMember, type RedeemRail, redeemableWallets } from './redeem-options';

/** /withdrawal (spec 2 §2 Redeem): to a crypto network, PIX, an Argentine bank or Stellar, through COINQVEST. */
export const CryptoRedeemPage = () => <RedeemPage rail="crypto" />;
/** /withdrawal-directwire: by direct wire to one of the member's own bank accounts (redeem addresses). */
export const DirectWireRedeemPage = () => <RedeemPage rail="directWire" />;

const SCREENS: Record<RedeemRail, { title: string; intro: string }> = {
  crypto: {
    title: 'Redeem',
    intro: 'Redeem the value of your tokens to a crypto network, PIX, a bank account or Stellar through COINQVEST.',
  },
  directWire: {
    title: 'Redeem by Direct Wire',
    intro: 'Redeem the value of your tokens by direct wire to one of your own bank accounts.',
  },
};

/** The coin a wallet action put in the location state (the token detail's Redeem). */
const coinFromState = (state: unknown): string | undefined => {
  const coin = (state as { coin?: unknown } | null)?.coin;
  return typeof coin === 'string' ? coin : undefined;
};

/**
 * A redeem screen: only for activated vaults (others go to /error, spec 2 §6); sdira members redeem by
 * direct wire only (spec 2 §2), so /withdrawal sends them there. The form, what redeeming does beside it,
 * and the member's redeem history below.
 */
function RedeemPage({ rail }: { rail: RedeemRail }) {
  const screen = SCREENS[rail];
  const { info } = useSession();
  const location = useLocation();
  const currency = useCurrencyInfo();
  const user = currency.data?.user ?? info?.user;
  const coin = coinFromState(location.state);

  if (user && !user.isWalletActivated) return <Navigate to="/error" replace />;
  if (user && rail === 'crypto' && isSdiraMember(user)) {
    return <Navigate to="/withdrawal-directwire" replace state={location.state} />;
  }

  let content: ReactNode;
  if (currency.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 py-10 text-sm text-ink-muted">
        <Spinner /> Loading your wallets…
      </p>
    );
  } else if (!currency.data) {
    content = (
      <Card>
        <LoadError query={currency} title={WALLETS_NOT_LOADED} />
      </Card>
    );
  } else {
    const wallets = redeemableWallets(currency.data.nativeWallets, rail);
    const first = initialWallet(wallets, coin);
    content = (
      <>
        {currency.isError ? <RefreshError query={currency} what="Your wallets" /> : null}
        {first ? (
          rail === 'crypto' ? (
            // Another member or another wallet's Redeem starts a fresh form; a live balance update keeps it.
            <CryptoRedeemForm
              key={`${currency.data.user.email}:${coin ?? ''}`}
              wallets={wallets}
              initialCoin={first.coinSymbol}
            />
          ) : (
            <DirectWireRedeemForm
              key={`${currency.data.user.email}:${coin ?? ''}`}
              wallets={wallets}
              initialCoin={first.coinSymbol}
            />
          )
        ) : (
          <EmptyState
            icon="coins"
            action={{ label: 'Back to Dashboard', to: '/cryptocurrency' }}
            className={`${cardSurface} px-5`}
          >
            You hold no tokens that can be redeemed here.
          </EmptyState>
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{screen.title}</h1>
        <p className="mt-1 text-sm text-ink-muted">{screen.intro}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-4 lg:col-span-3">{content}</div>
        <HowItWorks rail={rail} />
      </div>
      <RedeemHistory />
    </div>
  );
}

/** What a redeem does: the hold, the decision, the holding period, the credit time. */
function HowItWorks({ rail }: { rail: RedeemRail }) {
  return (
    <section aria-labelledby="redeem-how" className={`${cardSurface} p-5 sm:p-6 lg:col-span-2`}>
      <h2 id="redeem-how" className="font-semibold text-ink">
        How redeeming works
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-muted">
        <li>The amount is held from your balance as soon as you ask, and the treasury reviews your request.</li>
        <li>
          {rail === 'crypto'
            ? 'Once approved, COINQVEST pays the value of your tokens to the account you entered.'
            : 'Once approved, the value of your tokens is wired to the bank account you chose.'}{' '}
          The credit takes {REDEEM_CREDIT_TIME}.
        </li>
        <li>Asset tokens can be redeemed once they have been held 1 year and 1 day; your oldest holdings go first.</li>
        <li>If a request is rejected or expires undecided, the tokens are yours again.</li>
      </ul>
    </section>
  );
}
