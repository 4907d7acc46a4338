import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import type { NativeToken } from '@vault/contract/schemas/site';
import type { SwapFlow } from '@vault/contract/schemas/swap';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import { grouped } from '../../lib/money-format';

/**
 * What each swap screen offers (spec 2 §2 "Swaps", §6; the server's rules in modules/swaps): the wallets
 * the member can give from ("I have") and the tokens they can receive ("I want"). Nothing is received as a
 * legacy token or a cryptocurrency.
 */

/** A side of a swap as the form shows it. */
export type SwapSide = {
  coinSymbol: string;
  name: string;
  icon: { url: string };
  coinColor: string;
  /** Decimals of the token or coin: amounts given fit them, amounts received are rounded to them. */
  decimals: number;
  /** Decimals balances show in (crypto wallets 5, spec 1 §9). */
  displayDecimals: number;
  balance: string;
  type: 'liquidity' | 'asset' | 'sdira' | 'crypto';
};

export type FlowScreen = {
  flow: SwapFlow;
  title: string;
  /** The title when the member's swap is a request (sdira members). */
  requestTitle: string;
  intro: string;
  /**
   * Quick buttons (spec 2 §2, §9): Min = a quarter on /crypto-swap; Quarter, Half, Max on the others. `name`
   * is what a screen reader hears; it starts with the visible label (WCAG 2.5.3, label in name).
   */
  quick: { label: string; numerator: number; denominator: number; name: string }[];
  /** Nothing to give from in this flow. */
  empty: string;
};

const quarter = { numerator: 1, denominator: 4 };
const half = { label: 'Half', numerator: 1, denominator: 2, name: 'Half of your balance' };

export const FLOW_SCREENS: Record<SwapFlow, FlowScreen> = {
  crypto: {
    flow: 'crypto',
    title: 'Crypto Swap',
    requestTitle: 'Crypto Swap Request',
    intro: 'Swap a cryptocurrency you hold into CQR Dollars at the vault’s rate.',
    quick: [{ label: 'Min', ...quarter, name: 'Min: a quarter of your balance' }, half],
    empty: 'You hold no cryptocurrency to swap yet.',
  },
  assets: {
    flow: 'assets',
    title: 'Asset Swap',
    requestTitle: 'Asset Swap Request',
    intro: 'Swap one asset token for another, or for CQR Dollars, at the vault’s rate.',
    quick: [
      { label: 'Quarter', ...quarter, name: 'Quarter of your balance' },
      half,
      { label: 'Max', numerator: 1, denominator: 1, name: 'Max: all of your balance' },
    ],
    empty: 'You hold no asset tokens or CQR Dollars to swap yet.',
  },
  legacy: {
    flow: 'legacy',
    title: 'Legacy Swap Request',
    requestTitle: 'Legacy Swap Request',
    intro: 'Ask to swap your legacy tokens for CQR Dollars or asset tokens. An administrator reviews every request.',
    quick: [
      { label: 'Quarter', ...quarter, name: 'Quarter of your balance' },
      half,
      { label: 'Max', numerator: 1, denominator: 1, name: 'Max: all of your balance' },
    ],
    empty: 'You hold no legacy tokens to swap.',
  },
};

/** The wallets a member gives from in a flow: crypto coins; liquidity and asset tokens; legacy tokens. */
export function givingSides(flow: SwapFlow, info: Pick<CurrencyInfo, 'wallets' | 'nativeWallets'>): SwapSide[] {
  if (flow === 'crypto') {
    return info.wallets.map((c) => ({
      coinSymbol: c.coinSymbol,
      name: c.name,
      icon: c.icon,
      coinColor: c.coinColor,
      decimals: c.decimals,
      displayDecimals: DISPLAY_DECIMALS.crypto,
      balance: c.balance,
      type: 'crypto',
    }));
  }
  const types = flow === 'assets' ? ['liquidity', 'asset'] : ['sdira'];
  return info.nativeWallets
    .filter((w) => types.includes(w.type))
    .map((w) => ({
      coinSymbol: w.coinSymbol,
      name: w.displayName,
      icon: w.icon,
      coinColor: w.coinColor,
      decimals: w.decimals,
      displayDecimals: w.decimals,
      balance: w.balance,
      type: w.type,
    }));
}

/**
 * The tokens a member can receive for `from` in a flow, from the catalogue (an sdira member's wallets do
 * not list asset tokens they do not hold): liquidity tokens for crypto; for assets, any other liquidity or
 * asset token as long as one side is an asset token; for legacy, liquidity and asset tokens.
 */
export function receivingSides(
  flow: SwapFlow,
  from: SwapSide | undefined,
  tokens: NativeToken[],
  balances: Record<string, string>,
): SwapSide[] {
  const offered = tokens.filter((t) => {
    if (!t.isVisibleOnWeb || t.coinSymbol === from?.coinSymbol) return false;
    if (flow === 'crypto') return t.type === 'liquidity';
    if (flow === 'legacy') return t.type === 'liquidity' || t.type === 'asset';
    return t.type === 'asset' || (t.type === 'liquidity' && from?.type === 'asset');
  });
  return offered
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((t) => ({
      coinSymbol: t.coinSymbol,
      name: t.displayName,
      icon: t.icon,
      coinColor: t.coinColor,
      decimals: t.decimals,
      displayDecimals: t.decimals,
      balance: balances[t.coinSymbol] ?? '0',
      type: t.type,
    }));
}

/** The success text the screen shows (spec 2 §4, §8): the crypto swap words it its own way. */
export function successText(flow: SwapFlow, request: boolean, serverMessage: string): string {
  if (flow === 'crypto') return request ? messages.tokenSwapRequestShown : messages.tokenSwapDoneShown;
  return serverMessage;
}

/** Where a money-moving call goes: a swap now, or a request for an administrator. */
export function swapPath(flow: SwapFlow, request: boolean): string {
  if (request) return 'request/create-swap-request';
  return flow === 'crypto' ? 'native-wallet/swap' : 'native-wallet/assets-swap';
}

/**
 * A rate's text: `1 BTC = 96,763.9291 Q`, to two more decimals than the token received has (at most 8),
 * without trailing zeros.
 */
export function rateText(from: string, rate: string, to: string, toDecimals: number) {
  const text = grouped(rate, Math.min(8, toDecimals + 2));
  return `1 ${from} = ${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ${to}`;
}
