import type { UserInfo } from '@vault/contract/schemas/user';
import type { CryptoWallet, NativeWallet } from '@vault/contract/schemas/wallet';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addRecentSend,
  RECENT_SENDS_MAX,
  type RecentSend,
  readRecentSends,
} from '../src/features/wallet/recent-sends.ts';
import { sendableWallets } from '../src/features/wallet/send-screen.tsx';

/** A Storage over a Map: what the browser gives the module, without a browser. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, String(value));
  removeItem = (key: string) => void this.#items.delete(key);
  clear = () => this.#items.clear();
}

const entry = (n: number, to = 'rita@example.com'): RecentSend => ({
  to,
  amount: String(n),
  coin: 'Q',
  memo: '',
  tokenName: 'Q Dollar',
  tokenImage: '/tokens/q.svg',
  date: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

describe('recent sends (local history of the send screen)', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
  });

  it('keeps the newest first and at most ten', () => {
    for (let n = 1; n <= 12; n++) addRecentSend('member@vault.local', entry(n));
    const list = readRecentSends('member@vault.local');
    expect(list).toHaveLength(RECENT_SENDS_MAX);
    expect(list.map((e) => e.amount)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
  });

  it('keeps one list per member e-mail', () => {
    addRecentSend('Member@Vault.local', entry(1));
    addRecentSend('other@vault.local', entry(2));
    expect(readRecentSends('member@vault.local').map((e) => e.amount)).toEqual(['1']);
    expect(readRecentSends('other@vault.local').map((e) => e.amount)).toEqual(['2']);
  });

  it('keeps the token decimals with the entry, and reads entries stored without them', () => {
    addRecentSend('member@vault.local', { ...entry(1), decimals: 2 });
    localStorage.setItem('recentSends:older@vault.local', JSON.stringify([{ ...entry(2), decimals: undefined }]));
    expect(readRecentSends('member@vault.local')[0]!.decimals).toBe(2);
    expect(readRecentSends('older@vault.local').map((e) => e.amount)).toEqual(['2']);
  });

  it('reads anything unreadable as no history', () => {
    localStorage.setItem('recentSends:member@vault.local', '{not json');
    expect(readRecentSends('member@vault.local')).toEqual([]);
    localStorage.setItem('recentSends:member@vault.local', JSON.stringify([{ to: 1 }]));
    expect(readRecentSends('member@vault.local')).toEqual([]);
    addRecentSend('member@vault.local', entry(3));
    expect(readRecentSends('member@vault.local').map((e) => e.amount)).toEqual(['3']);
  });
});

const wallet = (coinSymbol: string, type: NativeWallet['type'], balance: string) =>
  ({ coinSymbol, type, balance }) as NativeWallet;
const coin = (coinSymbol: string, balance: string) =>
  ({
    coinSymbol,
    name: coinSymbol,
    icon: { url: '' },
    decimals: 8,
    balance,
    marketData: { rate: '2' },
  }) as CryptoWallet;
const user = (type: UserInfo['type']) => ({ type, sdira: type === 'sdira' }) as UserInfo;

describe('which wallets a member sends from', () => {
  const wallets = [
    wallet('Q', 'liquidity', '0'),
    wallet('XAG', 'asset', '0'),
    wallet('LXAG', 'sdira', '0'),
    wallet('LXAU', 'sdira', '2'),
  ];
  const coins = [coin('BTC', '0'), coin('ETH', '0.5')];

  it('offers members their platform tokens and crypto wallets, and any token they hold', () => {
    expect(sendableWallets(wallets, coins, user('member')).map((w) => w.coinSymbol)).toEqual([
      'Q',
      'XAG',
      'LXAU',
      'BTC',
      'ETH',
    ]);
    // A crypto wallet is priced at its market rate, for the form's value in USD.
    // Its balance shows to 5 decimals (spec 1 §9), not the coin's own 8.
    expect(sendableWallets(wallets, coins, user('member')).at(-1)).toMatchObject({
      price: '2',
      onHold: '0',
      decimals: 5,
    });
  });

  it('offers sdira members their legacy tokens and dollar tokens, no crypto (requests move platform tokens)', () => {
    expect(sendableWallets(wallets, coins, user('sdira')).map((w) => w.coinSymbol)).toEqual(['Q', 'LXAG', 'LXAU']);
  });
});
