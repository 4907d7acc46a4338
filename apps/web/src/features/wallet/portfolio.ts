import { add, isAmount, multiply } from '@vault/contract/money';
import type { CryptoWallet, CurrencyInfo, NativeWallet, NftWallet } from '@vault/contract/schemas/wallet';
import { DECIMALS, NOT_AN_AMOUNT, type PriceRule } from '../../lib/money-format';

/**
 * The dashboard's five categories (spec 1 §2 tabs) and the one shape every wallet row takes, whatever
 * kind of wallet it comes from. Amounts stay decimal strings; sums go through the money module.
 */
export const CATEGORIES = [
  { key: 'liquidity', tab: 'Liquidity Tokens', label: 'Liquidity', color: 'var(--color-chart-liquidity)' },
  { key: 'asset', tab: 'Asset Tokens', label: 'Asset', color: 'var(--color-chart-asset)' },
  { key: 'opportunity', tab: 'Opportunity Tokens', label: 'Opportunity', color: 'var(--color-chart-opportunity)' },
  { key: 'legacy', tab: 'Legacy Tokens', label: 'Legacy', color: 'var(--color-chart-legacy)' },
  { key: 'crypto', tab: 'Cryptocurrency', label: 'Cryptocurrency', color: 'var(--color-chart-crypto)' },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];

export const isCategory = (value: unknown): value is CategoryKey => CATEGORIES.some((c) => c.key === value);

export type WalletView = {
  key: string;
  category: CategoryKey;
  /** coinSymbol of native and crypto wallets; the opportunity token's id. */
  symbol: string;
  name: string;
  displaySymbol: string;
  iconUrl: string | null;
  color: string;
  balance: string;
  /** How many decimals the balance shows (spec 1 §9): the token's own, 5 for crypto, 2 for opportunity. */
  balanceDecimals: number;
  /** Value in USD; not an amount (a dash) when it cannot be known. */
  usd: string;
  /** Price of one unit in USD (crypto: the market rate; opportunity: per unit), as the catalogue has it. */
  price: string;
  /** How `price` is shown (money-format displayPrice): native tokens by multiplier and decimals, crypto as rates, opportunity per unit. */
  priceRule: PriceRule;
  /** 24h change in percent: crypto wallets only. */
  change: string | null;
  source:
    | { kind: 'native'; wallet: NativeWallet }
    | { kind: 'crypto'; wallet: CryptoWallet }
    | { kind: 'opportunity'; wallet: NftWallet };
};

/** A wallet with a token detail screen (/vault-graph): native and crypto wallets; opportunity holdings have their own. */
export type DetailWalletView = WalletView & { category: Exclude<CategoryKey, 'opportunity'> };

const RATE: PriceRule = { kind: 'rate' };

const nativeCategory = { liquidity: 'liquidity', asset: 'asset', sdira: 'legacy' } as const;

export function nativeView(wallet: NativeWallet): DetailWalletView {
  return {
    key: `native:${wallet.coinSymbol}`,
    category: nativeCategory[wallet.type],
    symbol: wallet.coinSymbol,
    name: wallet.displayName || wallet.name,
    displaySymbol: wallet.displaySymbol || wallet.coinSymbol,
    iconUrl: wallet.icon?.url ?? null,
    color: wallet.coinColor,
    balance: wallet.balance,
    balanceDecimals: wallet.decimals,
    usd: wallet.USD,
    price: wallet.price,
    priceRule: { kind: 'native', multiplier: wallet.multiplier, decimals: wallet.decimals },
    change: null,
    source: { kind: 'native', wallet },
  };
}

export function cryptoView(wallet: CryptoWallet): DetailWalletView {
  return {
    key: `crypto:${wallet.coinSymbol}`,
    category: 'crypto',
    symbol: wallet.coinSymbol,
    name: wallet.name,
    displaySymbol: wallet.coinSymbol,
    iconUrl: wallet.icon?.url ?? null,
    color: wallet.coinColor,
    balance: wallet.balance,
    balanceDecimals: DECIMALS.crypto,
    usd: wallet.total,
    price: wallet.marketData.rate,
    priceRule: RATE,
    change: wallet.marketData.changePercentage24h,
    source: { kind: 'crypto', wallet },
  };
}

export function opportunityView(wallet: NftWallet): WalletView {
  // The server sends no USD value for opportunity holdings: units × price per unit, exact, to the cent;
  // unknown (and so every total it is part of) when either is not an amount.
  const usd =
    isAmount(wallet.balance) && isAmount(wallet.pricePerShare)
      ? multiply(wallet.balance, wallet.pricePerShare, DECIMALS.usd)
      : NOT_AN_AMOUNT;
  return {
    key: `opportunity:${wallet._id}`,
    category: 'opportunity',
    symbol: wallet._id,
    name: wallet.name,
    displaySymbol: wallet.name,
    iconUrl: wallet.image || null,
    color: CATEGORIES[2].color,
    balance: wallet.balance,
    balanceDecimals: DECIMALS.opportunity,
    usd,
    price: wallet.pricePerShare,
    priceRule: { kind: 'perUnit' },
    change: null,
    source: { kind: 'opportunity', wallet },
  };
}

const byOrder = <T extends { orderIndex: number }>(a: T, b: T) => a.orderIndex - b.orderIndex;

/** Every wallet of the currency info as rows, grouped by category, each group in the catalogue's order. */
export function walletsByCategory(info: CurrencyInfo): Record<CategoryKey, WalletView[]> {
  const groups: Record<CategoryKey, WalletView[]> = {
    liquidity: [],
    asset: [],
    opportunity: [],
    legacy: [],
    crypto: [],
  };
  for (const wallet of [...info.nativeWallets].sort(byOrder)) {
    const view = nativeView(wallet);
    groups[view.category].push(view);
  }
  for (const wallet of [...info.wallets].sort(byOrder)) groups.crypto.push(cryptoView(wallet));
  for (const wallet of info.nftWallets) groups.opportunity.push(opportunityView(wallet));
  return groups;
}

/**
 * Exact sum of decimal strings, or null when one of them is not an amount: a total that quietly left a
 * wallet out would look right and be wrong, so it is shown as unavailable instead.
 */
export function sum(amounts: (string | null)[]): string | null {
  let total = '0';
  for (const amount of amounts) {
    if (amount === null || !isAmount(amount)) return null;
    total = add(total, amount);
  }
  return total;
}

/** The categories of the platform's own (native) tokens, whose total spec 2 §2 shows as the vault's value. */
const NATIVE_CATEGORIES = ['liquidity', 'asset', 'legacy'] as const satisfies CategoryKey[];

/**
 * USD per category, the estimated portfolio balance (all wallets, spec 1 §2) and the vault tokens' value
 * (native wallets, spec 2 §2); each null when a value in it is unknown.
 */
export function portfolioTotals(groups: Record<CategoryKey, WalletView[]>) {
  const byCategory = Object.fromEntries(
    CATEGORIES.map(({ key }) => [key, sum(groups[key].map((w) => w.usd))]),
  ) as Record<CategoryKey, string | null>;
  return {
    byCategory,
    total: sum(Object.values(byCategory)),
    vaultTokens: sum(NATIVE_CATEGORIES.map((key) => byCategory[key])),
  };
}

/** The wallet a detail screen shows, found by symbol (reloads of /vault-graph?coin=XAG). */
export function findWallet(info: CurrencyInfo, symbol: string): DetailWalletView | null {
  const upper = symbol.toUpperCase();
  const native = info.nativeWallets.find((w) => w.coinSymbol.toUpperCase() === upper);
  if (native) return nativeView(native);
  const crypto = info.wallets.find((w) => w.coinSymbol.toUpperCase() === upper);
  return crypto ? cryptoView(crypto) : null;
}
