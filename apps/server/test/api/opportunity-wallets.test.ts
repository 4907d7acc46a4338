import { fillMessage, messages } from '@vault/contract/messages';
import type { NftWallet, TransactionLog } from '@vault/contract/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { opportunitiesFixture } from './opportunities-fixture.ts';

/**
 * A member's opportunity units (issue 17 item 3) through the HTTP API: `nftWallets` in currency info, the
 * transaction log by `nftTokenId` and the acquire requests' rows (Acquired Opportunity Token, pending until
 * decided, the pool's name and image), the live events of every change, the member's own requests.
 */
const o = opportunitiesFixture('vault_opportunity_wallets');
const { fx } = o;
const { get } = fx;

const walletsOf = async (m: { headers: Record<string, string> }) => {
  const res = await get(m, '/api/wallet/currency-info');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().nftWallets as NftWallet[];
};
const logs = async (m: { headers: Record<string, string> }, query = '') => {
  const res = await get(m, `/api/transaction-log/user/logs?page=1&limit=30${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TransactionLog[]; total: number };
};
/** Events of `name` seen while `work` runs (delivered through the outbox first). */
async function seen(name: 'nftBalanceUpdated' | 'walletUpdated' | 'pricesChanged', work: () => Promise<unknown>) {
  const out: unknown[] = [];
  await fx.server.eventsDelivered();
  const off = fx.server.ctx.events.on(name, (e) => out.push(e));
  await work();
  await fx.server.eventsDelivered();
  off();
  return out;
}

describe('nftWallets in wallet/currency-info', () => {
  it('lists a pool once its units are the member’s (not while requested), balance to 2 decimals', async () => {
    const { p, m, id } = await o.pending('4');
    expect(await walletsOf(m)).toEqual([]);
    expect((await o.desk('approve', id)).statusCode).toBe(200);
    const [wallet, ...rest] = await walletsOf(m);
    expect(rest).toEqual([]);
    expect(wallet).toEqual({
      _id: p._id,
      nftToken: p.nftToken,
      name: p.name,
      title: 'A song catalogue',
      description: 'Royalties of a song catalogue',
      image: '/opportunities/silent-wave.svg',
      balance: '4.00',
      pricePerShare: '2.5',
      dueDate: '2030-12-31',
      createdAt: expect.any(String),
    });
    // The dashboard's other wallets are unaffected by an asset the catalogue does not know.
    const info = (await get(m, '/api/wallet/currency-info')).json();
    expect(info.nativeWallets.map((w: { coinSymbol: string }) => w.coinSymbol)).not.toContain(p.nftToken);
    expect((await get(m, '/api/wallet/updateWalletBalances')).statusCode).toBe(200);
  });

  it('shows a pool’s new price at once, one wallet per pool held, oldest pool first', async () => {
    const first = await o.pending('2');
    const second = await o.pool({ pricePerShare: '1' });
    const more = await o.acquire(first.m, { assetPool: second._id, amount: '3.25' });
    expect(more.statusCode, more.body).toBe(200);
    await o.desk('approve', first.id);
    await o.desk('approve', more.json().data._id);
    expect((await walletsOf(first.m)).map((w) => [w._id, w.balance])).toEqual([
      [first.p._id, '2.00'],
      [second._id, '3.25'],
    ]);
    const edited = await fx.server.app.inject({
      method: 'PATCH',
      url: `/api/admin/opportunity-pools/${first.p._id}`,
      headers: fx.owner.headers,
      payload: { pricePerShare: '2.75' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await walletsOf(first.m))[0]!.pricePerShare).toBe('2.75');
  });
});

describe('live events', () => {
  it('approve: nftBalanceUpdated and walletUpdated for the member', async () => {
    const { m, id } = await o.pending('1');
    const member = { userId: m.user.id, email: m.email };
    let wallet: unknown[] = [];
    const nft = await seen('nftBalanceUpdated', async () => {
      wallet = await seen('walletUpdated', () => o.desk('approve', id));
    });
    expect(nft).toEqual([member]);
    expect(wallet).toEqual([member]);
  });

  it('reject: walletUpdated for the Q released, no nftBalanceUpdated (the units were never theirs)', async () => {
    const { m, id } = await o.pending('1');
    let wallet: unknown[] = [];
    const nft = await seen('nftBalanceUpdated', async () => {
      wallet = await seen('walletUpdated', () => o.desk('reject', id));
    });
    expect(nft).toEqual([]);
    expect(wallet).toEqual([{ userId: m.user.id, email: m.email }]);
  });

  it('a pool edit tells every wallet screen to refetch (pricesChanged with the pool’s asset)', async () => {
    const p = await o.pool();
    const events = await seen('pricesChanged', () =>
      fx.server.app.inject({
        method: 'PATCH',
        url: `/api/admin/opportunity-pools/${p._id}`,
        headers: fx.owner.headers,
        payload: { name: 'Renamed pool' },
      }),
    );
    expect(events).toEqual([{ coinSymbol: p.nftToken }]);
  });
});

describe('transaction-log/user/logs: acquire requests and nftTokenId', () => {
  it('a request is one pending Acquired Opportunity Token row of the Q paid, with the pool', async () => {
    const { p, m } = await o.pending('4');
    const { data, total } = await logs(m);
    expect(total).toBe(3); // Q credit, subscription, the request
    expect(data[0]).toMatchObject({
      type: 'nftAcquire',
      status: 'pending',
      amount: '10',
      coin: 'Q',
      message: messages.requestPendingNote,
      nftTokenDetails: { _id: p._id, name: p.name, title: p.title, image: p.image },
    });
    expect((await logs(m, '&type=withdraw')).data.map((l) => l.type)).toContain('nftAcquire');
    // No units moved yet: the pool's own history is empty.
    expect(await logs(m, `&nftTokenId=${p._id}`)).toEqual({ data: [], total: 0 });
  });

  it('approved: the Q row completed, the units row in the pool’s history (2 decimals, the pool as token)', async () => {
    const { p, m, id } = await o.pending('4');
    await o.desk('approve', id);
    const all = await logs(m);
    expect(all.data.filter((l) => l.type === 'nftAcquire').map((l) => [l.coin, l.status])).toEqual([
      [p.nftToken, 'completed'],
      ['Q', 'completed'],
    ]);
    const pool = await logs(m, `&nftTokenId=${p._id}`);
    expect(pool.total).toBe(1);
    const token = { coinSymbol: p.nftToken, shortName: p.name, decimals: 2, icon: { url: p.image } };
    expect(pool.data[0]).toMatchObject({
      type: 'nftAcquire',
      status: 'completed',
      amount: '4',
      coin: p.nftToken,
      to: m.user.id,
      fromToken: token,
      toToken: token,
      message: null,
      nftTokenDetails: { _id: p._id, name: p.name },
    });
    expect((await logs(m, `&nftTokenId=${p._id}&type=deposit`)).total).toBe(1);
    // Another pool's history is not this one's; an unknown pool has none.
    expect((await logs(m, `&nftTokenId=${(await o.pool())._id}`)).total).toBe(0);
    expect((await logs(m, `&nftTokenId=${newId()}`)).total).toBe(0);
    expect((await get(m, '/api/transaction-log/user/logs?nftTokenId=nope')).statusCode).toBe(400);
  });

  it('rejected: the Q row rejected with the reason, nothing in the pool’s history', async () => {
    const { p, m, id } = await o.pending('4');
    await o.desk('reject', id, 'Treasury review failed');
    const row = (await logs(m)).data.find((l) => l.type === 'nftAcquire');
    expect(row).toMatchObject({
      status: 'rejected',
      coin: 'Q',
      message: fillMessage(messages.requestRejectedNote, { reason: 'Treasury review failed' }),
      nftTokenDetails: { _id: p._id },
    });
    expect((await logs(m, `&nftTokenId=${p._id}`)).total).toBe(0);
  });

  it('other rows carry nftTokenDetails null', async () => {
    const m = await o.subscriber('5');
    expect((await logs(m)).data.every((l) => l.nftTokenDetails === null)).toBe(true);
  });
});

describe('the member’s own acquire requests', () => {
  it('lists their requests newest first with the pool; another member’s is not found', async () => {
    const { p, m, id } = await o.pending('2');
    const second = await o.acquire(m, { assetPool: p._id, amount: '1' });
    const list = await get(m, '/api/nft-purchase-request');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, limit: 30 });
    expect(list.json().data.map((r: { _id: string }) => r._id)).toEqual([second.json().data._id, id]);
    expect(list.json().data[1]).toMatchObject({
      status: 'pending',
      amount: '2.00',
      price: '5.00',
      pool: { _id: p._id, name: p.name, image: p.image },
    });
    const one = await get(m, `/api/nft-purchase-request/${id}`);
    expect([one.statusCode, one.json().data._id]).toEqual([200, id]);
    const other = await o.subscriber();
    for (const url of [`/api/nft-purchase-request/${id}`, `/api/nft-purchase-request/${newId()}`]) {
      const res = await get(other, url);
      expect([res.statusCode, res.json().message]).toEqual([404, messages.acquireRequestUnknown]);
    }
    expect((await get(other, '/api/nft-purchase-request/not-an-id')).statusCode).toBe(404);
    expect((await get(other, '/api/nft-purchase-request')).json()).toMatchObject({ data: [], total: 0 });
    await o.desk('approve', id);
    const approved = await get(m, '/api/nft-purchase-request?status=approved');
    expect(approved.json().data.map((r: { _id: string }) => r._id)).toEqual([id]);
  });

  it('needs a member session', async () => {
    const res = await fx.server.app.inject({ method: 'GET', url: '/api/nft-purchase-request' });
    expect(res.statusCode).toBe(401);
  });
});

describe('acquire requests in the transactions list (GET transaction/{page}/{limit}/txs)', () => {
  const txs = async (m: { headers: Record<string, string> }, page = 1, limit = 10) => {
    const res = await get(m, `/api/transaction/${page}/${limit}/txs`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { _id: string; type: string; status: string; amount: string }[]; total: number };
  };

  it('shows each request as nftPurchase, merged by date with the subscription payment: pending, then decided', async () => {
    const { p, m, id } = await o.pending('4');
    const first = await txs(m);
    expect(first.total).toBe(2);
    expect(first.data.map((t) => t.type)).toEqual(['nftPurchase', 'subscription']);
    expect(first.data[0]).toMatchObject({
      _id: id,
      status: 'pending',
      amount: '10',
      tokenAmount: '4.00',
      tokenRate: '2.5',
      token: { coinSymbol: p.nftToken, shortName: p.name, decimals: 2, icon: { url: p.image } },
    });
    expect((await o.desk('approve', id)).statusCode).toBe(200);
    expect((await txs(m)).data[0]).toMatchObject({ _id: id, status: 'completed' });
    const second = await o.acquire(m, { assetPool: p._id, amount: '2' });
    expect(second.statusCode, second.body).toBe(200);
    expect((await o.desk('reject', second.json().data._id, 'pool closed for review')).statusCode).toBe(200);
    const paged = await txs(m, 2, 1);
    expect(paged.total).toBe(3);
    expect(paged.data).toEqual([expect.objectContaining({ _id: id, status: 'completed' })]);
    expect((await txs(m, 1, 1)).data[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'pool closed for review',
    });
  });
});
