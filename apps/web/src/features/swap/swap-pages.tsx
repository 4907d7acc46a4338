import { isPositive } from '@vault/contract/money';
import type { SwapFlow } from '@vault/contract/schemas/swap';
import type { UserInfo } from '@vault/contract/schemas/user';
import { Spinner } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from '../../lib/wallet-data';
import { useSwapTokens } from './queries';
import { SwapForm } from './swap-form';
import { FLOW_SCREENS, givingSides, receivingSides, type SwapSide } from './swap-options';

/** /crypto-swap (spec 2 §2): a cryptocurrency into CQR Dollars. */
export const CryptoSwapPage = () => <SwapPage flow="crypto" />;
/** /assets-swap: asset ↔ asset, or an asset token ↔ CQR Dollars. */
export const AssetsSwapPage = () => <SwapPage flow="assets" />;
/** /legacy-swap: a legacy token into CQR Dollars or an asset token, by request. */
export const LegacySwapPage = () => <SwapPage flow="legacy" />;

/** sdira members swap by request in every flow (spec 2 §1, §4). */
const isSdira = (user: Pick<UserInfo, 'sdira' | 'type'>) => user.sdira || user.type === 'sdira';

/** The coin a wallet action put in the location state (the token detail's Swap). */
const coinFromState = (state: unknown): string | undefined => {
  const coin = (state as { coin?: unknown } | null)?.coin;
  return typeof coin === 'string' ? coin : undefined;
};

/**
 * A swap screen: only for activated vaults (others go to /error, spec 2 §6), with loading and error states
 * for the wallets and the catalogue it needs, and what a swap does beside the form.
 */
function SwapPage({ flow }: { flow: SwapFlow }) {
  const screen = FLOW_SCREENS[flow];
  const { info } = useSession();
  const location = useLocation();
  const currency = useCurrencyInfo();
  const tokens = useSwapTokens();
  const user = currency.data?.user ?? info?.user;
  const asRequest = user ? isSdira(user) || flow === 'legacy' : flow === 'legacy';

  if (user && !user.isWalletActivated) return <Navigate to="/error" replace />;

  let content: ReactNode;
  if (currency.isPending || tokens.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 py-10 text-sm text-ink-muted">
        <Spinner /> Loading your wallets…
      </p>
    );
  } else if (!currency.data || !tokens.data) {
    content = (
      <Card>
        <LoadError query={currency.data ? tokens : currency} title={WALLETS_NOT_LOADED} />
      </Card>
    );
  } else {
    content = (
      <>
        {currency.isError ? <RefreshError query={currency} what="Your wallets" /> : null}
        <SwapContent
          flow={flow}
          asRequest={asRequest}
          coin={coinFromState(location.state)}
          data={currency.data}
          tokens={tokens.data}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{asRequest ? screen.requestTitle : screen.title}</h1>
        <p className="mt-1 text-sm text-ink-muted">{screen.intro}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">{content}</div>
        <HowItWorks flow={flow} asRequest={asRequest} />
      </div>
    </div>
  );
}

function SwapContent({
  flow,
  asRequest,
  coin,
  data,
  tokens,
}: {
  flow: SwapFlow;
  asRequest: boolean;
  coin: string | undefined;
  data: NonNullable<ReturnType<typeof useCurrencyInfo>['data']>;
  tokens: NonNullable<ReturnType<typeof useSwapTokens>['data']>;
}) {
  const screen = FLOW_SCREENS[flow];
  const giving = useMemo(() => givingSides(flow, data), [flow, data]);
  const balances = useMemo(
    () => Object.fromEntries(data.nativeWallets.map((w) => [w.coinSymbol, w.balance])),
    [data.nativeWallets],
  );
  const receivingFor = useCallback(
    (from: SwapSide | undefined) => receivingSides(flow, from, tokens, balances),
    [flow, tokens, balances],
  );
  // Holdings first: the first wallet with a balance, unless the wallet's own Swap named one.
  const named = giving.find((s) => s.coinSymbol === coin);
  const initialFrom = named ?? giving.find((s) => isPositive(s.balance)) ?? giving[0];
  const receiving = receivingFor(initialFrom);
  // A wallet's Swap on a token that is received here (CQR Dollars on /crypto-swap) chooses it as "I want".
  const initialTo = receiving.find((s) => s.coinSymbol === coin)?.coinSymbol ?? receiving[0]?.coinSymbol;

  if (!initialFrom || !initialTo) {
    return (
      <EmptyState
        icon="coins"
        action={{ label: 'Back to Dashboard', to: '/cryptocurrency' }}
        className={`${cardSurface} px-5`}
      >
        {screen.empty}
      </EmptyState>
    );
  }
  return (
    <SwapForm
      // Another member or another wallet's Swap starts a fresh form; a live balance update keeps what is typed.
      key={`${data.user.email}:${coin ?? ''}`}
      screen={screen}
      giving={giving}
      receivingFor={receivingFor}
      initialFrom={initialFrom.coinSymbol}
      initialTo={initialTo}
      asRequest={asRequest}
    />
  );
}

/** What a swap does: the counterparty, the rate and spread, the quote's life, lots, requests. */
function HowItWorks({ flow, asRequest }: { flow: SwapFlow; asRequest: boolean }) {
  return (
    <section aria-labelledby="swap-how" className={`${cardSurface} p-5 sm:p-6 lg:col-span-2`}>
      <h2 id="swap-how" className="font-semibold text-ink">
        How swaps work
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-muted">
        <li>The vault is the other side of every swap, at the current prices of both tokens.</li>
        <li>The vault's spread is taken from what you receive; the rate shown already includes it.</li>
        <li>
          Swap shows you a firm quote for your amount. It holds for a minute; if it expires or the prices move, you get
          a new quote before anything is swapped.
        </li>
        {flow !== 'crypto' ? (
          <li>
            Asset tokens you give leave your oldest holdings first. Asset tokens you receive start their holding period
            of 1 year and 1 day on the day of the swap.
          </li>
        ) : null}
        {asRequest ? (
          <li>
            Requests are reviewed by the treasury (3-4 working days). The amount you swap is held until then, and you
            are told of the decision.
          </li>
        ) : null}
      </ul>
    </section>
  );
}
