import type { CurrencyInfo, NativeWallet, TransactionLog } from '@vault/contract/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { findWallet, portfolioTotals, sum, walletsByCategory } from '../src/features/wallet/portfolio.ts';
import { nextLogPage } from '../src/features/wallet/queries.ts';
import { amountText } from '../src/features/wallet/token-history-table.tsx';
import { describeLog } from '../src/features/wallet/transaction-history-describe.ts';
import { dashboardActions, isSdira, walletActions } from '../src/features/wallet/wallet-actions-routes.ts';
import { changePercent, isNegative, NOT_AN_AMOUNT, truncateMemo, usd } from '../src/lib/money-format.ts';

const native = (coinSymbol: string, type: NativeWallet['type'], balance: string, USD: string, orderIndex: number) =>
  ({
    _id: coinSymbol,
    coin: coinSymbol,
    coinSymbol,
    name: coinSymbol,
    displayName: coinSymbol,
    shortName: coinSymbol,
    displaySymbol: coinSymbol,
    description: '',
    type,
    icon: { url: '' },
    coinColor: '#000000',
    price: '1',
    multiplier: '1',
    decimals: 4,
    orderIndex,
    isVisibleOnWeb: true,
    blockchain: 'vault',
    walletId: `u:${coinSymbol}`,
    address: 'addr',
    balance,
    onHold: '0',
    USD,
    marketData: { rate: '1' },
    redeemable: null,
  }) satisfies NativeWallet;

const info = {
  nativeWallets: [
    native('XAG', 'asset', '40', '1256.80', 2),
    native('Q', 'liquidity', '2500', '2500.00', 1),
    native('LXAG', 'sdira', '0.1', '3.14', 4),
  ],
  wallets: [
    {
      _id: 'btc',
      name: 'Bitcoin',
      coinSymbol: 'BTC',
      decimals: 8,
      orderIndex: 1,
      icon: { url: '' },
      coinColor: '#f7931a',
      isErc20: false,
      isBep20: false,
      address: 'x',
      balance: '0.00000001',
      total: '0.01',
      marketData: { rate: '65000.12', changePercentage24h: '-1.5', totalVolume: '0', marketCap: '0' },
    },
  ],
  nftWallets: [
    {
      _id: 'n1',
      name: 'Pool',
      description: '',
      image: '',
      balance: '3',
      pricePerShare: '0.105',
      dueDate: null,
      createdAt: '',
    },
  ],
} as unknown as CurrencyInfo;

describe('portfolio (dashboard)', () => {
  it('groups wallets by category in catalogue order and sums USD exactly', () => {
    const groups = walletsByCategory(info);
    expect(groups.liquidity.map((w) => w.symbol)).toEqual(['Q']);
    expect(groups.asset.map((w) => w.symbol)).toEqual(['XAG']);
    expect(groups.legacy.map((w) => w.symbol)).toEqual(['LXAG']);
    expect(groups.crypto[0]!.balanceDecimals).toBe(5);
    // 3 × 0.105 = 0.315 → 0.32 (half-up to the cent)
    expect(groups.opportunity[0]!.usd).toBe('0.32');
    const totals = portfolioTotals(groups);
    expect(totals.byCategory).toEqual({
      liquidity: '2500',
      asset: '1256.8',
      opportunity: '0.32',
      legacy: '3.14',
      crypto: '0.01',
    });
    // 0.1 + 0.2 style sums stay exact
    expect(totals.total).toBe('3760.27');
    // The native wallets alone (liquidity, asset, legacy): spec 2 §2's "total USD value of native wallets".
    expect(totals.vaultTokens).toBe('3759.94');
  });

  it('a value that is not an amount makes its totals unavailable instead of counting as zero', () => {
    const broken = {
      ...info,
      nftWallets: [{ ...info.nftWallets[0]!, balance: 'NaN' }],
    } as CurrencyInfo;
    const groups = walletsByCategory(broken);
    expect(groups.opportunity[0]!.usd).toBe(NOT_AN_AMOUNT);
    const totals = portfolioTotals(groups);
    expect(totals.byCategory.opportunity).toBeNull();
    expect(totals.byCategory.asset).toBe('1256.8');
    expect(totals.total).toBeNull();
    expect(totals.vaultTokens).toBe('3759.94');
    expect(usd(totals.total)).toBe(NOT_AN_AMOUNT);
    expect(sum([])).toBe('0');
    expect(sum(['0.1', '0.2'])).toBe('0.3');
    expect(sum(['1', ''])).toBeNull();
  });

  it('finds a wallet by symbol for /vault-graph?coin=', () => {
    expect(findWallet(info, 'xag')?.category).toBe('asset');
    expect(findWallet(info, 'BTC')?.category).toBe('crypto');
    expect(findWallet(info, 'NOPE')).toBeNull();
  });
});

describe('display rules', () => {
  it('signs the 24h change with 4 decimals', () => {
    expect(changePercent('1.25')).toBe('+1.2500%');
    expect(changePercent('-0.3')).toBe('-0.3000%');
    expect(isNegative('-0.0000')).toBe(false);
    expect(isNegative('-0.01')).toBe(true);
  });

  it('cuts memos at 30 characters', () => {
    expect(truncateMemo('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateMemo('b'.repeat(31))).toBe(`${'b'.repeat(30)}…`);
  });
});

describe('wallet actions', () => {
  const activated = { isWalletActivated: true, sdira: false, type: 'member' };
  const newcomer = { isWalletActivated: false, sdira: false, type: 'member' };
  const sdira = { isWalletActivated: true, sdira: true, type: 'sdira' };
  const labels = (a: { label: string }[]) => a.map((x) => x.label);

  it('offers per wallet type what spec 2 §2 lists', () => {
    expect(labels(walletActions('liquidity', 'Q', activated))).toEqual(['Top-Up', 'Send', 'Swap']);
    expect(labels(walletActions('crypto', 'BTC', activated))).toEqual(['Top-Up', 'Send', 'Swap']);
    expect(labels(walletActions('asset', 'XAG', activated))).toEqual(['Top-Up', 'Send', 'Redeem', 'Swap', 'Exchange']);
    expect(labels(walletActions('legacy', 'LXAG', sdira))).toEqual([
      'Send Request',
      'Swap Request',
      'Top-Up Request',
      'Redeem',
    ]);
  });

  it('the whole table: every wallet type for ordinary and sdira members', () => {
    const table = Object.fromEntries(
      (['liquidity', 'asset', 'legacy', 'crypto'] as const).map((category) => [
        category,
        { member: labels(walletActions(category, 'C', activated)), sdira: labels(walletActions(category, 'C', sdira)) },
      ]),
    );
    expect(table).toEqual({
      liquidity: { member: ['Top-Up', 'Send', 'Swap'], sdira: ['Top-Up', 'Send Request', 'Swap'] },
      asset: {
        member: ['Top-Up', 'Send', 'Redeem', 'Swap', 'Exchange'],
        sdira: ['Top-Up', 'Send Request', 'Redeem', 'Swap', 'Exchange'],
      },
      // A legacy token outside an sdira account: only what works (a plain send, a swap by request, a
      // direct-wire redeem).
      legacy: {
        member: ['Send', 'Swap Request', 'Redeem'],
        sdira: ['Send Request', 'Swap Request', 'Top-Up Request', 'Redeem'],
      },
      // sdira requests move platform tokens only: no Send from crypto wallets.
      crypto: { member: ['Top-Up', 'Send', 'Swap'], sdira: ['Top-Up', 'Swap'] },
    });
  });

  it('sdira members redeem by direct wire and send by request; the sdira flag or type both count', () => {
    const redeem = (m: typeof activated, category: 'asset' | 'legacy') =>
      walletActions(category, 'XAG', m).find((a) => a.label === 'Redeem')!.target;
    expect(redeem(sdira, 'asset')).toEqual({ kind: 'navigate', to: '/withdrawal-directwire', state: { coin: 'XAG' } });
    expect(redeem(activated, 'legacy')).toMatchObject({ to: '/withdrawal-directwire' });
    expect(redeem({ ...sdira, isWalletActivated: false }, 'legacy')).toEqual({ kind: 'navigate', to: '/error' });
    expect(walletActions('liquidity', 'Q', sdira)[1]!.target).toEqual({
      kind: 'navigate',
      to: '/Send',
      state: { coin: 'Q' },
    });
    expect(isSdira({ ...activated, sdira: true })).toBe(true);
    expect(isSdira({ ...activated, type: 'sdira' })).toBe(true);
    expect(isSdira(activated)).toBe(false);
    expect(labels(dashboardActions(sdira))).toEqual(['Withdrawal', 'Top-Up', 'Send Request', 'Swap']);
    expect(labels(dashboardActions(activated))).toEqual(['Withdrawal', 'Top-Up', 'Send', 'Swap']);
  });

  it('sends members without an activated vault to /error for swaps, redeem and exchange', () => {
    const asset = walletActions('asset', 'XAG', newcomer);
    for (const label of ['Redeem', 'Swap', 'Exchange']) {
      expect(asset.find((a) => a.label === label)!.target).toEqual({ kind: 'navigate', to: '/error' });
    }
    expect(asset.find((a) => a.label === 'Send')!.target).toEqual({
      kind: 'navigate',
      to: '/Send',
      state: { coin: 'XAG' },
    });
    expect(walletActions('liquidity', 'Q', activated).find((a) => a.label === 'Swap')!.target).toMatchObject({
      to: '/crypto-swap',
    });
    expect(walletActions('liquidity', 'Q', newcomer).find((a) => a.label === 'Swap')!.target).toEqual({
      kind: 'navigate',
      to: '/error',
    });
    // The 1 USD liquidity token is never offered for Exchange.
    expect(labels(walletActions('liquidity', 'Q', activated))).not.toContain('Exchange');
    expect(walletActions('asset', 'XAG', activated).find((a) => a.label === 'Redeem')!.target).toEqual({
      kind: 'redeemChoice',
      coin: 'XAG',
    });
  });

  it('dashboard buttons: Top-Up opens the purchase flow (Member Activation until the vault is activated)', () => {
    const target = (m: typeof activated, label: string) => dashboardActions(m).find((a) => a.label === label)!.target;
    // Issue 12 item 5: the dashboard's Top-Up leads to the purchase flow, which shows Member Activation first.
    expect(target(newcomer, 'Top-Up')).toMatchObject({ to: '/vault-token' });
    expect(target(activated, 'Top-Up')).toMatchObject({ to: '/vault-token' });
    expect(target(newcomer, 'Swap')).toMatchObject({ to: '/error' });
    expect(target(newcomer, 'Withdrawal')).toMatchObject({ to: '/error' });
    expect(target(activated, 'Withdrawal')).toMatchObject({ to: '/withdrawal' });
  });
});

describe('transaction log pages', () => {
  const page = (n: number, total: number) => ({ data: Array.from({ length: n }, (_, i) => i), total });

  it('asks for the next page until everything the total counts is loaded', () => {
    expect(nextLogPage(page(30, 75), [page(30, 75)])).toBe(2);
    expect(nextLogPage(page(30, 75), [page(30, 75), page(30, 75)])).toBe(3);
    expect(nextLogPage(page(15, 75), [page(30, 75), page(30, 75), page(15, 75)])).toBeUndefined();
    expect(nextLogPage(page(30, 30), [page(30, 30)])).toBeUndefined();
  });

  it('stops at an empty page even if the total promised more (rows removed meanwhile)', () => {
    expect(nextLogPage(page(0, 75), [page(30, 75), page(0, 75)])).toBeUndefined();
    expect(nextLogPage(page(0, 0), [page(0, 0)])).toBeUndefined();
  });
});

describe('token history amounts', () => {
  it('show each send at its token decimals, signed by direction', () => {
    expect(amountText({ amount: '25', decimals: 2, direction: 'sent' })).toBe('−25.00');
    expect(amountText({ amount: '1.5', decimals: 4, direction: 'received' })).toBe('+1.5000');
    expect(amountText({ amount: '1234.5', decimals: 8, direction: 'received' })).toBe('+1,234.50000000');
  });
});

describe('transaction log rows', () => {
  const log = (over: Partial<TransactionLog>): TransactionLog => ({
    _id: '1',
    type: 'sendAssets',
    status: 'completed',
    from: 'a@x.com',
    to: 'b@x.com',
    fromToken: null,
    toToken: null,
    fromUser: { _id: 'me', name: 'Me', email: 'a@x.com' },
    toUser: { _id: 'you', name: 'You', email: 'b@x.com' },
    amount: '5',
    toAmount: null,
    memo: null,
    coin: 'XAG',
    message: null,
    createdAt: '',
    updatedAt: '',
    ...over,
  });

  it('is Send with the recipient when I sent it, Receive with the sender otherwise', () => {
    expect(describeLog(log({}), 'me', { symbol: 'XAG' })).toMatchObject({
      title: 'Send',
      direction: 'withdraw',
      counterparty: 'b@x.com',
    });
    expect(describeLog(log({}), 'you', { symbol: 'XAG' })).toMatchObject({
      title: 'Receive',
      direction: 'deposit',
      counterparty: 'a@x.com',
    });
  });
});
