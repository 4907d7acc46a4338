import { REFRESH_SPINNER_MS } from '@vault/contract/constants';
import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import { type EmptyAction, EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { SkeletonRows } from '@vault/ui/skeleton-rows';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usd } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { WalletIcon } from './dashboard-icons';
import { DashboardTabs } from './dashboard-tabs';
import { WalletTable } from './dashboard-wallet-table';
import { Masked } from './masked';
import { CATEGORIES, type CategoryKey, isCategory, portfolioTotals, walletsByCategory } from './portfolio';
import { PortfolioChart } from './portfolio-chart';
import { useHiddenBalances } from './portfolio-hidden';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from './queries';
import { TransactionsPanel } from './transactions-panel';
import { WalletActions } from './wallet-actions';
import { dashboardActions } from './wallet-actions-routes';

const emptyText: Record<CategoryKey, string> = {
  liquidity: 'You hold no liquidity tokens yet.',
  asset: 'You hold no asset tokens yet.',
  opportunity: 'You hold no opportunity tokens yet. Units you acquire in CQR Vest appear here.',
  legacy: 'Legacy tokens belong to self-directed (sdira) accounts. You hold none.',
  crypto: 'No cryptocurrency wallets yet.',
};

/** /cryptocurrency: the member's wallets, portfolio value and wallet actions (spec 1 §2, spec 2 §2). */
export function DashboardPage() {
  const { info: session } = useSession();
  const currency = useCurrencyInfo();
  const location = useLocation();
  const navigate = useNavigate();
  const [hidden, setHidden] = useHiddenBalances();
  const spinning = useSpin();
  // What the refresh button did, for screen readers (the spinning icon says it only to the eye).
  const [refreshNote, setRefreshNote] = useState('');

  // The open tab lives in the location state activeState (spec 2 §2), so coming back from a wallet restores it.
  const state = location.state as { activeState?: unknown } | null;
  const active: CategoryKey = isCategory(state?.activeState) ? state.activeState : 'liquidity';
  const selectTab = (key: CategoryKey) =>
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...state, activeState: key } });

  const groups = useMemo(() => (currency.data ? walletsByCategory(currency.data) : null), [currency.data]);
  const totals = useMemo(() => (groups ? portfolioTotals(groups) : null), [groups]);

  if (!session) return null;
  const user = currency.data?.user ?? session.user;
  const activated = user.isWalletActivated;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Dashboard</h1>
        <div className="flex items-center gap-2">
          {/* A toggle (WAI-ARIA button pattern): its name stays 'Hide balances' and aria-pressed says whether it
              is on; the eye and the switch show the state to the eye, the title what a click does. */}
          <button
            type="button"
            aria-pressed={hidden}
            title={hidden ? 'Balances are hidden: click to show them' : 'Hide balances'}
            onClick={() => setHidden(!hidden)}
            className={`inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold transition-colors ${
              hidden
                ? 'border-navy-900 bg-navy-900 text-on-dark hover:bg-navy-800'
                : 'border-line-strong bg-surface text-ink hover:bg-sunken'
            }`}
          >
            <WalletIcon name={hidden ? 'eyeOff' : 'eye'} />
            <span>Hide balances</span>
            <span
              aria-hidden="true"
              data-testid="hide-balances-switch"
              data-on={hidden}
              className={`relative inline-block h-4 w-7 shrink-0 rounded-full transition-colors ${hidden ? 'bg-primary' : 'bg-line-strong'}`}
            >
              <span
                className={`absolute top-0.5 left-0.5 size-3 rounded-full bg-surface shadow-sm transition-transform ${hidden ? 'translate-x-3' : ''}`}
              />
            </span>
          </button>
          <button
            type="button"
            aria-label="Refresh"
            title="Refresh"
            onClick={async () => {
              spinning.start();
              setRefreshNote('Refreshing your wallets…');
              const result = await currency.refetch();
              // A failure is announced by its own alert above the wallets.
              setRefreshNote(result.isError ? '' : 'Wallets updated');
            }}
            className="inline-flex size-10 items-center justify-center rounded-lg border border-line-strong bg-surface text-ink hover:bg-sunken"
          >
            {/* Turning only for those who have not asked their system for less motion. */}
            <WalletIcon name="refresh" className={`size-5 ${spinning.on ? 'motion-safe:animate-spin' : ''}`} />
          </button>
          <p role="status" className="sr-only">
            {refreshNote}
          </p>
        </div>
      </div>

      {activated ? null : <ActivationBanner />}

      {currency.isPending ? (
        <DashboardSkeleton />
      ) : !groups || !totals ? (
        <Card>
          <LoadError query={currency} title={WALLETS_NOT_LOADED} />
        </Card>
      ) : (
        <>
          {/* A failed refresh keeps the wallets on screen and says they may be out of date. */}
          {currency.isError ? <RefreshError query={currency} what="Your wallets" /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <section
              aria-labelledby="portfolio-heading"
              className="flex flex-col justify-between gap-6 rounded-2xl bg-navy-900 p-5 text-on-dark shadow-sm sm:p-6"
            >
              <div>
                <h2 id="portfolio-heading" className="text-sm font-medium text-on-dark-muted">
                  Estimated portfolio balance
                </h2>
                <p
                  className="mt-2 text-3xl font-bold tabular-nums text-accent-on-dark sm:text-4xl"
                  data-testid="portfolio-total"
                >
                  <Masked hidden={hidden}>{usd(totals.total)}</Masked>
                </p>
                <p className="mt-1 text-xs text-on-dark-subtle">
                  {totals.total === null
                    ? 'Not every wallet’s value could be read, so the total cannot be shown.'
                    : 'All wallets, in US dollars at current prices.'}
                </p>
                {/* Spec 2 §2: the value of the platform's own tokens (native wallets), beside the whole portfolio. */}
                <p className="mt-3 text-sm text-on-dark-muted">
                  Vault tokens:{' '}
                  <span className="font-semibold tabular-nums text-on-dark" data-testid="vault-tokens-total">
                    <Masked hidden={hidden}>{usd(totals.vaultTokens)}</Masked>
                  </span>
                  <span className="block text-xs text-on-dark-subtle">Liquidity, asset and legacy tokens.</span>
                </p>
                <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold">
                  <span
                    aria-hidden="true"
                    className={`size-2 rounded-full ${activated ? 'bg-success-on-dark' : 'bg-warning-on-dark'}`}
                  />
                  {activated ? 'Vault activated' : 'Vault not activated'}
                </p>
              </div>
              <div className="space-y-2">
                <WalletActions actions={dashboardActions(user)} label="Wallet actions" tone="dark" even />
                {activated ? null : (
                  <p className="text-xs text-on-dark-muted">
                    Top up to activate your vault; Swap and Withdrawal open once it is activated.
                  </p>
                )}
              </div>
            </section>
            <Card title="Portfolio by category" level={2}>
              <PortfolioChart byCategory={totals.byCategory} hidden={hidden} />
            </Card>
          </div>

          <section aria-labelledby="wallets-heading">
            <Card>
              <h2 id="wallets-heading" className="sr-only">
                Wallets
              </h2>
              <DashboardTabs
                active={active}
                onSelect={selectTab}
                counts={
                  Object.fromEntries(CATEGORIES.map((c) => [c.key, groups[c.key].length])) as Record<
                    CategoryKey,
                    number
                  >
                }
              >
                {groups[active].length === 0 ? (
                  <EmptyState action={emptyAction(active, activated)}>{emptyText[active]}</EmptyState>
                ) : (
                  <WalletTable category={active} wallets={groups[active]} hidden={hidden} activated={activated} />
                )}
              </DashboardTabs>
            </Card>
          </section>
        </>
      )}

      {/* Spec 1 §2 Transactions list: purchases, activations and subscriptions, below the wallets. */}
      <TransactionsPanel />
    </div>
  );
}

/** Starts a spin that ends REFRESH_SPINNER_MS later (spec 1 §9), whatever the request takes; a second click restarts it. */
function useSpin() {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    on,
    start: () => {
      clearTimeout(timer.current);
      setOn(true);
      timer.current = setTimeout(() => setOn(false), REFRESH_SPINNER_MS);
    },
  };
}

function ActivationBanner() {
  return (
    <section
      aria-labelledby="activation-heading"
      className="flex flex-col gap-4 rounded-2xl border border-primary/40 bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div>
        <h2 id="activation-heading" className="font-semibold text-ink">
          Your vault is not activated yet
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Activate it with a contribution worth at least 21 silver asset tokens (21 oz of 0.999 fine silver).
        </p>
      </div>
      <ButtonLink to="/Send" className="shrink-0">
        Activate your vault
      </ButtonLink>
    </section>
  );
}

/**
 * An empty tab's next step: where tokens of that kind come from. Dollars and asset tokens are bought in the
 * purchase flow (it shows Member Activation first while the vault is not activated); crypto is deposited, before
 * activation on the Send screen with the activation's deposit addresses. Legacy tokens come only with an sdira
 * account.
 */
function emptyAction(category: CategoryKey, activated: boolean): EmptyAction | undefined {
  const topUp = (to: string) => (activated ? to : '/Send');
  switch (category) {
    case 'liquidity':
      return { label: 'Get CQR Dollars', to: '/liquidity-tokens' };
    case 'asset':
      return { label: 'Get asset tokens', to: '/cqr-asset-tokens' };
    case 'opportunity':
      return { label: 'Open CQR Vest', to: '/marketplace' };
    case 'crypto':
      return { label: 'Deposit cryptocurrency', to: topUp('/DepositAddress') };
    case 'legacy':
      return undefined;
  }
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        Loading your wallets…
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="h-60 animate-pulse rounded-2xl bg-navy-900/90" />
        <div className="h-60 animate-pulse rounded-2xl bg-surface ring-1 ring-line" />
      </div>
      <div className="space-y-3 rounded-2xl bg-surface p-6 ring-1 ring-line">
        <div className="h-8 w-2/3 animate-pulse rounded-sm bg-sunken" />
        <SkeletonRows />
      </div>
    </div>
  );
}
