import { fillMessage, messages } from '@vault/contract/messages';
import { add, normalize } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin } from '../support.ts';
import { type Member, subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * Opportunity pools and acquire requests (issue 17 items 1-2) through the HTTP API: pools made by owners
 * (their supply issued to the treasury), the member list, "Get Units Now" (every message of spec 2 §5 Acquire
 * units, the subscription gate, the server's price, Q held and units reserved in one transaction, never more
 * units promised than the pool has), the desk's approve or reject exactly once, balances exact.
 */
const fx = subscriptionsFixture('vault_opportunities');
const { post, get } = fx;
const key = () => ({ 'idempotency-key': newId() });
let operator: Awaited<ReturnType<typeof createAdmin>>;
let planId: string;

beforeAll(async () => {
  operator = await createAdmin(fx.server, 'operator');
  planId = (await fx.plan('1', 'lifetime'))._id;
});

/** An activated member with membership data, subscribed (1 Q paid) and `q` Q left. */
async function subscriber(q = '0'): Promise<Member> {
  const m = await fx.member(add(q, '1'));
  const res = await post(m, '/api/subscription', { planId }, key());
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

const poolBody = (over: object = {}) => ({
  name: 'Silent Wave',
  title: 'A song catalogue',
  image: '/uploads/wave.png',
  description: 'Royalties of a song catalogue',
  totalSupply: '1000000',
  pricePerShare: '2.5',
  dueDate: '2030-12-31',
  royalties: '5 % a year',
  ...over,
});
async function pool(over: object = {}) {
  const res = await post(fx.owner, '/api/admin/opportunity-pools', poolBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; nftToken: string; remainingSupply: string };
}
const acquire = (m: Member, body: object, headers = key()) =>
  post(m, '/api/nft-purchase-request/create-new-request', body, headers);
const systemBalance = async (kind: string, asset: string) =>
  normalize(
    (
      await fx.server.db.execute<{ b: string }>(
        sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = ${kind} and asset = ${asset}`,
      )
    ).rows[0]!.b,
  );
const unitsOf = async (m: Member, asset: string) =>
  normalize((await fx.ledger.balances(m.user.id, [asset]))[asset] ?? '0');
const desk = (action: 'approve' | 'reject', id: string) =>
  post(operator, `/api/admin/opportunity-requests/${id}/${action}`, action === 'reject' ? { reason: 'not now' } : {});

describe('opportunity pools (back office)', () => {
  it('issues the whole supply to the treasury in the creating transaction, audited', async () => {
    const p = await pool({ totalSupply: '2500000' });
    expect(p.nftToken).toBe(`nft:${p._id}`);
    expect(p.remainingSupply).toBe('2500000.00');
    expect(await systemBalance('treasury', p.nftToken)).toBe('2500000');
    expect(await systemBalance('supply', p.nftToken)).toBe('-2500000');
    const audit = await fx.server.db.execute(
      sql`select 1 from audit_log where action = 'opportunityPool.create' and target_id = ${p._id}`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses a supply outside 1,000,000 to 1,000,000,000 and a bad price; only owners create', async () => {
    for (const totalSupply of ['999999', '1000000001', '1500000.5']) {
      const res = await post(fx.owner, '/api/admin/opportunity-pools', poolBody({ totalSupply }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.totalSupply).toBe(messages.poolSupplyInvalid);
    }
    const price = await post(fx.owner, '/api/admin/opportunity-pools', poolBody({ pricePerShare: '0' }));
    expect(price.json().fields.pricePerShare).toBe(messages.poolPriceInvalid);
    expect((await post(operator, '/api/admin/opportunity-pools', poolBody())).statusCode).toBe(403);
  });

  it('edits only what changed, audited with from and to', async () => {
    const p = await pool();
    const res = await fx.server.app.inject({
      method: 'PATCH',
      url: `/api/admin/opportunity-pools/${p._id}`,
      headers: fx.owner.headers,
      payload: { pricePerShare: '3', title: 'A song catalogue' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pricePerShare).toBe('3');
    const rows = await fx.server.db.execute<{ details: { changes: Record<string, unknown> } }>(
      sql`select details from audit_log where action = 'opportunityPool.update' and target_id = ${p._id}`,
    );
    expect(rows.rows[0]!.details.changes).toEqual({ pricePerShare: { from: '2.5', to: '3' } });
  });
});

describe('GET /api/nft-token', () => {
  it('lists pools with the units left and the caller’s own', async () => {
    const p = await pool();
    const res = await get(await fx.member(), '/api/nft-token');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { _id: string }[]).find((t) => t._id === p._id)).toMatchObject({
      remainingSupply: '1000000.00',
      totalSupply: '1000000.00',
      pricePerShare: '2.5',
      balance: '0.00',
    });
  });

  it('is behind the membership data gate', async () => {
    expect((await get(await fx.member(undefined, { gpaData: null }), '/api/nft-token')).statusCode).toBe(403);
  });
});

describe('POST /api/nft-purchase-request/create-new-request', () => {
  it('answers every message of spec 2 §5 Acquire units', async () => {
    const p = await pool();
    const m = await subscriber('10');
    const field = async (body: object) => (await acquire(m, { assetPool: p._id, ...body })).json().fields?.amount;
    expect(await field({})).toBe(messages.acquireAmountRequired);
    expect(await field({ amount: '' })).toBe(messages.acquireAmountRequired);
    expect(await field({ amount: '-5' })).toBe(messages.acquireAmountNegative);
    expect(await field({ amount: '1.234' })).toBe(messages.acquireAmountInvalid);
    const tooMany = await acquire(m, { assetPool: p._id, amount: '1000001' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'SHARES_NOT_AVAILABLE', message: messages.acquireSharesNotAvailable });
    const short = await acquire(m, { assetPool: p._id, amount: '5' }); // 12.5 Q, 10 held
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: messages.acquireInsufficientBalance });
    // Nothing was written by the refusals.
    expect(await systemBalance('treasury', p.nftToken)).toBe('1000000');
    expect(await fx.q(m.user.id)).toBe('10');
  });

  it('needs an activated vault and a subscription', async () => {
    const p = await pool();
    const unsubscribed = await fx.member('100');
    const res = await acquire(unsubscribed, { assetPool: p._id, amount: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: messages.notSubscribed });
    const inactive = await fx.member('100', { isWalletActivated: false });
    expect((await acquire(inactive, { assetPool: p._id, amount: '1' })).json().code).toBe('NOT_ACTIVATED');
  });

  it('prices the request itself, holds the Q and reserves the units in one go; a repeated key acts once', async () => {
    const p = await pool();
    const m = await subscriber('100');
    const headers = key();
    const body = { assetPool: p._id, amount: '3.5', price: '0.01', paymentMethod: 'nativeToken' };
    const res = await acquire(m, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.requestSubmitted,
      data: { amount: '3.50', pricePerShare: '2.5', price: '8.75', status: 'pending' },
    });
    expect((await acquire(m, body, headers)).json().data._id).toBe(res.json().data._id);
    expect(await fx.q(m.user.id)).toBe('91.25');
    expect(await systemBalance('holds', 'Q')).not.toBe('0');
    expect(await systemBalance('treasury', p.nftToken)).toBe('999996.5');
    expect(await systemBalance('reserved', p.nftToken)).toBe('3.5');
    const list = await get(m, '/api/nft-token');
    expect((list.json().data as { _id: string; remainingSupply: string }[]).find((t) => t._id === p._id)).toMatchObject(
      {
        remainingSupply: '999996.50',
      },
    );
  });

  it('never reserves more than is left: 20 requests at once for the last 10 units', async () => {
    const p = await pool({ pricePerShare: '0.1' });
    const big = await subscriber('100000');
    expect((await acquire(big, { assetPool: p._id, amount: '999990' })).statusCode).toBe(200);
    const members = await Promise.all(Array.from({ length: 10 }, () => subscriber('1')));
    const answers = await Promise.all(
      [...members, ...members].map((m) => acquire(m, { assetPool: p._id, amount: '1' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 200),
      JSON.stringify(answers.map((a) => a.json().message)),
    ).toHaveLength(10);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().message).toBe(messages.acquireSharesNotAvailable);
    expect(await systemBalance('treasury', p.nftToken)).toBe('0');
    expect(await systemBalance('reserved', p.nftToken)).toBe('1000000');
    // The reserved account holds exactly the pending requests' units.
    const pendingUnits = await fx.server.db.execute<{ s: string }>(
      sql`select sum(amount)::text as s from opportunity_requests where pool_id = ${p._id} and status = 'pending'`,
    );
    expect(normalize(pendingUnits.rows[0]!.s)).toBe('1000000');
  });

  it('refuses a request whose price rounds to 0.00 Q', async () => {
    const p = await pool({ pricePerShare: '0.001' });
    const res = await acquire(await subscriber('10'), { assetPool: p._id, amount: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.amount).toBe(messages.acquireAmountInvalid);
  });
});

describe('the desk: approve or reject, exactly once', () => {
  async function pending() {
    const p = await pool();
    const m = await subscriber('50');
    const res = await acquire(m, { assetPool: p._id, amount: '4' }); // 10 Q
    expect(res.statusCode, res.body).toBe(200);
    return { p, m, id: res.json().data._id as string };
  }

  it('approve ∥ reject: exactly one happens, balances exact', async () => {
    for (let round = 0; round < 3; round++) {
      const { p, m, id } = await pending();
      const treasuryQ = await systemBalance('treasury', 'Q');
      const [a, r] = await Promise.all([desk('approve', id), desk('reject', id)]);
      expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
      if (a.statusCode === 200) {
        expect(await unitsOf(m, p.nftToken)).toBe('4');
        expect(await fx.q(m.user.id)).toBe('40');
        expect(await systemBalance('treasury', 'Q')).toBe(add(treasuryQ, '10'));
        expect(await systemBalance('treasury', p.nftToken)).toBe('999996');
      } else {
        expect(await unitsOf(m, p.nftToken)).toBe('0');
        expect(await fx.q(m.user.id)).toBe('50');
        expect(await systemBalance('treasury', p.nftToken)).toBe('1000000');
      }
      expect(await systemBalance('reserved', p.nftToken)).toBe('0');
    }
  });

  it('approve pays units and Q in one entry; a second decision is 409; support cannot decide', async () => {
    const { p, m, id } = await pending();
    const support = await createAdmin(fx.server, 'support');
    expect((await post(support, `/api/admin/opportunity-requests/${id}/approve`)).statusCode).toBe(403);
    expect((await desk('approve', id)).statusCode).toBe(200);
    expect((await desk('reject', id)).json().code).toBe('REQUEST_DECIDED');
    const entries = await fx.server.db.execute<{ assets: string[] }>(
      sql`select array_agg(distinct p.asset order by p.asset) as assets from opportunity_requests r
          join postings p on p.entry_id = r.resolve_entry_id where r.id = ${id}`,
    );
    expect(entries.rows[0]!.assets).toEqual(['Q', p.nftToken].sort());
    const list = await get(m, '/api/nft-token');
    expect((list.json().data as { _id: string; balance: string }[]).find((t) => t._id === p._id)?.balance).toBe('4.00');
    expect((await get(m, '/api/wallet/currency-info')).statusCode).toBe(200);
    expect(await fx.messagesOf(m.user.id)).toContain(
      fillMessage(messages.acquireApprovedNotice, { amount: '4.00', name: 'Silent Wave' }),
    );
    const queue = await get(operator, '/api/admin/opportunity-requests?status=approved');
    expect((queue.json().data as { _id: string }[]).some((r) => r._id === id)).toBe(true);
  });
});
