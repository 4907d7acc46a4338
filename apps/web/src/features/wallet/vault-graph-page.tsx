import type { CryptoWallet, NativeWallet } from '@vault/contract/schemas/wallet';
import { Card } from '@vault/ui/card';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import dayjs from 'dayjs';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { TokenIcon } from '../../components/token-icon';
import { displayPrice, grouped, usd } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { ChangeText } from './change-text';
import { WalletIcon } from './dashboard-icons';
import { Masked } from './masked';
import { type CategoryKey, cryptoView, type DetailWalletView, findWallet, isCategory, nativeView } from './portfolio';
import { useHiddenBalances } from './portfolio-hidden';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from './queries';
import { TransactionHistory } from './transaction-history';
import { PriceGraph } from './vault-graph-chart';
import { WalletActions } from './wallet-actions';
import { walletActions } from './wallet-actions-routes';

type GraphState = { wallet?: NativeWallet | CryptoWallet; activeState?: unknown } | null;

const viewOf = (wallet: NativeWallet | CryptoWallet): DetailWalletView =>
  'USD' in wallet ? nativeView(wallet) : cryptoView(wallet);

/**
 * /vault-graph: one wallet's detail (spec 2 §2 "Token detail"): header, actions, price graph, history.
 * The wallet comes from the dashboard's location state; ?coin=SYMBOL finds it again after a reload, and
 * the fresh currency info always wins so live balance updates show here too.
 */
export function VaultGraphPage() {
  const { info: session } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const currency = useCurrencyInfo();
  const [hidden] = useHiddenBalances();

  const state = location.state as GraphState;
  const symbol = params.get('coin') ?? state?.wallet?.coinSymbol ?? null;
  if (!session) return null;
  if (!symbol) return <Navigate to="/cryptocurrency" replace />;

  const fromServer = currency.data ? findWallet(currency.data, symbol) : null;
  const wallet = fromServer ?? (state?.wallet && !currency.data ? viewOf(state.wallet) : null);
  const activeState: CategoryKey = isCategory(state?.activeState)
    ? state.activeState
    : (wallet?.category ?? 'liquidity');
  const user = currency.data?.user ?? session.user;

  const back = (
    <Link
      to="/cryptocurrency"
      state={{ activeState }}
      className="inline-flex items-center gap-1 rounded-lg py-1 pr-2 text-sm font-semibold text-ink hover:text-accent-text hover:underline"
    >
      <WalletIcon name="back" className="size-4" />
      Back to Dashboard
    </Link>
  );

  if (!wallet) {
    return (
      <div className="space-y-6">
        {back}
        {currency.isPending ? (
          <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-surface ring-1 ring-line">
            <p role="status" className="sr-only">
              Loading the wallet…
            </p>
          </div>
        ) : !currency.data ? (
          <Card>
            <LoadError query={currency} title={WALLETS_NOT_LOADED} />
          </Card>
        ) : (
          <Card>
            <h1 className="text-xl font-semibold text-ink">Wallet not found</h1>
            <p className="mt-2 text-sm text-ink-muted">You have no wallet for “{symbol}”.</p>
          </Card>
        )}
      </div>
    );
  }

  const actions = walletActions(wallet.category, wallet.symbol, user);
  // An empty history offers the wallet's first action (Top-Up, or Send for legacy tokens) when it opens a screen.
  const first = actions[0];
  const emptyAction =
    first?.target.kind === 'navigate'
      ? { label: first.label, to: first.target.to, state: first.target.state }
      : undefined;

  // Asset and legacy tokens: what has been held 1 year and 1 day (spec 2 §1) and can be redeemed now.
  const redeemable = wallet.source.kind === 'native' ? (wallet.source.wallet.redeemable ?? null) : null;

  return (
    <div className="space-y-6">
      {back}
      {/* A failed refresh keeps the wallet shown and says it may be out of date. */}
      {currency.isError ? <RefreshError query={currency} what="Your wallets" /> : null}
      <section aria-labelledby="wallet-heading" className="rounded-2xl bg-navy-900 p-5 text-on-dark shadow-sm sm:p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-4">
            <TokenIcon url={wallet.iconUrl} symbol={wallet.displaySymbol} color={wallet.color} size="size-14 text-sm" />
            <div>
              <h1 id="wallet-heading" className="text-2xl font-semibold">
                {wallet.name}
              </h1>
              <p className="text-sm text-on-dark-muted">
                {wallet.displaySymbol}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, price </span>
                <span className="tabular-nums">{displayPrice(wallet.price, wallet.priceRule).text}</span>
                <ChangeText change={wallet.change} onDark className="ml-2 tabular-nums">
                  <span className="sr-only">24 hour change </span>
                </ChangeText>
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 sm:text-right">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-on-dark-subtle">Balance</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums text-on-dark">
                <Masked hidden={hidden}>{grouped(wallet.balance, wallet.balanceDecimals)}</Masked>{' '}
                <span className="text-sm font-medium text-on-dark-muted">{wallet.displaySymbol}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-on-dark-subtle">Value</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums text-accent-on-dark">
                <Masked hidden={hidden}>{usd(wallet.usd)}</Masked>
              </dd>
            </div>
          </dl>
        </div>
        {redeemable ? (
          <p className="mt-4 text-sm text-on-dark-muted">
            Redeemable now:{' '}
            <strong className="tabular-nums text-on-dark">
              <Masked hidden={hidden}>{grouped(redeemable.amount, wallet.balanceDecimals)}</Masked>{' '}
              {wallet.displaySymbol}
            </strong>
            {redeemable.nextOn ? `, next tokens qualify on ${dayjs(redeemable.nextOn).format('MMMM D, YYYY')}` : null}.{' '}
            {wallet.category === 'legacy' ? 'Legacy' : 'Asset'} tokens qualify for redemption 1 year and 1 day after
            they were acquired.
          </p>
        ) : null}
        <div className="mt-6">
          <WalletActions actions={actions} label={`${wallet.name} actions`} tone="dark" />
        </div>
      </section>

      <PriceGraph symbol={wallet.symbol} color={wallet.color} priceRule={wallet.priceRule} />

      <TransactionHistory
        me={user._id}
        emptyAction={emptyAction}
        wallet={{
          symbol: wallet.symbol,
          decimals: wallet.balanceDecimals,
          iconUrl: wallet.iconUrl,
          color: wallet.color,
          displaySymbol: wallet.displaySymbol,
        }}
      />
    </div>
  );
}
