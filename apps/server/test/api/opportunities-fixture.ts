import { add, normalize } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin } from '../support.ts';
import { type Member, subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * The setup of the opportunity API tests beyond opportunities.test.ts (issue 17 items 3, 7): the subscription
 * fixture (a database of the file's own, Q, an owner) plus an operator, a plan, and helpers for pools, subscribed
 * members, acquire requests and the desk, all through the HTTP API.
 */
/** A pool as the back office answers it (what the tests use of it). */
export type TestPool = { _id: string; nftToken: string; name: string; image: string; title: string };

export function opportunitiesFixture(databaseName: string) {
  const fx = subscriptionsFixture(databaseName);
  const { post } = fx;
  const key = () => ({ 'idempotency-key': newId() });
  const o = {
    fx,
    key,
    operator: undefined as unknown as Awaited<ReturnType<typeof createAdmin>>,
    planId: '',

    /** An activated member with membership data, subscribed (1 Q paid) and `q` Q left. */
    async subscriber(q = '0', values = {}): Promise<Member> {
      const m = await fx.member(add(q, '1'), values);
      const res = await post(m, '/api/subscription', { planId: o.planId }, key());
      expect(res.statusCode, res.body).toBe(200);
      return m;
    },
    poolBody: (over: object = {}) => ({
      name: `Pool ${newId().slice(0, 6)}`,
      title: 'A song catalogue',
      image: '/opportunities/silent-wave.svg',
      description: 'Royalties of a song catalogue',
      totalSupply: '1000000',
      pricePerShare: '2.5',
      dueDate: '2030-12-31',
      royalties: '5 % a year',
      ...over,
    }),
    async pool(over: object = {}): Promise<TestPool> {
      const res = await post(fx.owner, '/api/admin/opportunity-pools', o.poolBody(over));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TestPool;
    },
    acquire: (m: Member, body: object, headers = key()) =>
      post(m, '/api/nft-purchase-request/create-new-request', body, headers),
    /** A pending request of `amount` units (at 2.5 Q each) by a new subscriber with `q` Q. */
    async pending(amount = '4', q = '50', p?: TestPool) {
      const pool = p ?? (await o.pool());
      const m = await o.subscriber(q);
      const res = await o.acquire(m, { assetPool: pool._id, amount });
      expect(res.statusCode, res.body).toBe(200);
      return { p: pool, m, id: res.json().data._id as string };
    },
    desk: (action: 'approve' | 'reject', id: string, reason = 'not now') =>
      post(o.operator, `/api/admin/opportunity-requests/${id}/${action}`, action === 'reject' ? { reason } : {}),
    systemBalance: async (kind: string, asset: string) =>
      normalize(
        (
          await fx.server.db.execute<{ b: string }>(
            sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = ${kind} and asset = ${asset}`,
          )
        ).rows[0]!.b,
      ),
    unitsOf: async (m: Member, asset: string) =>
      normalize((await fx.ledger.balances(m.user.id, [asset]))[asset] ?? '0'),
  };
  beforeAll(async () => {
    o.operator = await createAdmin(fx.server, 'operator');
    o.planId = (await fx.plan('1', 'lifetime'))._id;
  });
  return o;
}
