import { isPositive } from '@vault/contract/money';
import type { UserInfo } from '@vault/contract/schemas/user';
import type { CryptoWallet, CurrencyInfo, NativeWallet } from '@vault/contract/schemas/wallet';
import { Spinner } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { type ReactNode, useState } from 'react';
import { DECIMALS } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { ActivationPanel } from './activation-panel';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from './queries';
import type { RecentSend } from './recent-sends';
import { type SendableWallet, SendForm } from './send-form';
import { isSdira } from './wallet-actions-routes';

/** The dollar token: the default coin of a send (spec 2 §3) and the only coin of /Q-tokens. */
export const DOLLAR_TOKEN = 'Q';

/**
 * Which wallets a member sends from: sdira members their retirement-account tokens (their requests move
 * platform tokens only), others the rest and their crypto wallets; any platform token that holds a balance
 * is offered either way, so nothing the member owns is out of reach.
 */
export function sendableWallets(native: NativeWallet[], crypto: CryptoWallet[], user: UserInfo): SendableWallet[] {
  const sdira = isSdira(user);
  return [
    ...native.filter((w) => (w.type === 'sdira') === sdira || w.coinSymbol === DOLLAR_TOKEN || isPositive(w.balance)),
    ...(sdira ? [] : crypto).map((c) => ({
      coinSymbol: c.coinSymbol,
      displayName: c.name,
      icon: c.icon,
      // The form shows crypto balances to 5 decimals (spec 1 §9), whatever the coin's own precision.
      decimals: DECIMALS.crypto,
      balance: c.balance,
      onHold: '0',
      price: c.marketData.rate,
    })),
  ];
}

type Props = {
  /** The coin to preselect (location state of the dashboard's Send) or, with `lockedCoin`, the only one. */
  coin?: string | undefined;
  lockedCoin?: boolean;
  aside?: (refill: (entry: RecentSend) => void, memberEmail: string) => ReactNode;
};

/**
 * Send tokens (spec 1 §4 "Wallet state"): deposit instructions and Activate Now until the vault is
 * activated, the send form afterwards; with loading and error states for the wallets it needs.
 */
export function SendScreen({ coin, lockedCoin, aside }: Props) {
  const { info } = useSession();
  const currency = useCurrencyInfo();
  // Activated on this page: the form that replaces the instructions takes the focus they had.
  const [activatedHere, setActivatedHere] = useState(false);
  if (!info) return null;

  if (currency.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-10 text-sm text-ink-muted">
        <Spinner /> Loading your wallets…
      </p>
    );
  }
  if (!currency.data) {
    return (
      <Card>
        <LoadError query={currency} title={WALLETS_NOT_LOADED} />
      </Card>
    );
  }
  // As on the dashboard: the member as the wallets' answer has it (activation changes with the wallets).
  const { user } = currency.data;

  return (
    <div className="space-y-4">
      {/* A failed refresh keeps the form and what was typed; it only says the balances may be out of date. */}
      {currency.isError ? <RefreshError query={currency} what="Your wallets" /> : null}
      <SendContent
        data={currency.data}
        user={user}
        coin={coin}
        lockedCoin={lockedCoin}
        aside={aside}
        activatedHere={activatedHere}
        onActivated={() => setActivatedHere(true)}
      />
    </div>
  );
}

/** The activation panel or the send form, for the wallets as last loaded. */
function SendContent({
  data,
  user,
  coin,
  lockedCoin,
  aside,
  activatedHere,
  onActivated,
}: Props & { data: CurrencyInfo; user: UserInfo; activatedHere: boolean; onActivated: () => void }) {
  if (!user.isWalletActivated) {
    return <ActivationPanel assets={data.assetsForWalletsActivation} onActivated={onActivated} />;
  }

  const wallets = sendableWallets(data.nativeWallets, data.wallets, user);
  const offered = (symbol: string | undefined) => wallets.find((w) => w.coinSymbol === symbol)?.coinSymbol;
  const initialCoin = offered(coin) ?? offered(DOLLAR_TOKEN) ?? wallets[0]?.coinSymbol;
  if (!initialCoin || (lockedCoin && !offered(coin))) {
    return (
      <EmptyState
        icon="box"
        action={{ label: 'Back to Dashboard', to: '/cryptocurrency' }}
        className={`${cardSurface} px-5`}
      >
        You have no wallet to send from yet.
      </EmptyState>
    );
  }

  return (
    <SendForm
      // A new member or a changed coin choice starts a fresh form.
      key={`${user.email}:${initialCoin}`}
      wallets={lockedCoin ? wallets.filter((w) => w.coinSymbol === initialCoin) : wallets}
      initialCoin={initialCoin}
      lockedCoin={lockedCoin}
      asRequest={isSdira(user)}
      memberEmail={user.email}
      focusOnMount={activatedHere}
      aside={aside ? (refill) => aside(refill, user.email) : undefined}
    />
  );
}
