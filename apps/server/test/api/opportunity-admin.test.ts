import { fillMessage, messages } from '@vault/contract/messages';
import type { AdminAcquireRequest, AdminPool } from '@vault/contract/schemas/opportunities';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin } from '../support.ts';
import { opportunitiesFixture } from './opportunities-fixture.ts';

/**
 * The back office's opportunity pools and acquire requests (issue 17 item 7) through the HTTP API: the pools
 * list and detail with where the units are, supply changes through the ledger (never below what is reserved
 * or sold, also against a request reserving at the same moment), one request's detail, the overview's count
 * of pending acquire requests, an sdira member's acquisition as a request, and the 30-day expiry.
 */
const o = opportunitiesFixture('vault_opportunity_admin');
const { fx } = o;
const { get, post } = fx;

const supply = (id: string, totalSupply: string, as = fx.owner) =>
  post(as, `/api/admin/opportunity-pools/${id}/supply`, { totalSupply });
const adminPool = async (id: string) => {
  const res = await get(o.operator, `/api/admin/opportunity-pools/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminPool;
};

describe('GET /api/admin/opportunity-pools', () => {
  it('lists pools with remaining, reserved, sold, holders and pending requests', async () => {
    const p = await o.pool();
    const a = await o.pending('4', '50', p);
    await o.pending('2.5', '50', p);
    await o.desk('approve', a.id);
    const res = await get(o.operator, '/api/admin/opportunity-pools?page=1&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, limit: 100 });
    const listed = (res.json().data as AdminPool[]).find((x) => x._id === p._id);
    expect(listed).toMatchObject({
      totalSupply: '1000000.00',
      remainingSupply: '999993.50',
      reservedSupply: '2.50',
      soldSupply: '4.00',
      holders: 1,
      pendingRequests: 1,
      pricePerShare: '2.5',
    });
    expect(listed).not.toHaveProperty('balance');
    expect(await adminPool(p._id)).toEqual(listed);
  });

  it('pages, reads for support, refuses members; an unknown pool is 404', async () => {
    await o.pool();
    await o.pool();
    const page = await get(o.operator, '/api/admin/opportunity-pools?page=2&limit=1');
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
    const support = await createAdmin(fx.server, 'support');
    expect((await get(support, '/api/admin/opportunity-pools')).statusCode).toBe(200);
    expect((await get(await fx.member(), '/api/admin/opportunity-pools')).statusCode).toBe(403);
    const unknown = await get(o.operator, `/api/admin/opportunity-pools/${newId()}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.acquirePoolUnknown]);
    expect((await get(o.operator, '/api/admin/opportunity-pools/x')).statusCode).toBe(400);
  });

  it('create and edit answer the pool as the list shows it', async () => {
    const created = await post(fx.owner, '/api/admin/opportunity-pools', o.poolBody({ totalSupply: '3000000' }));
    expect(created.json()).toMatchObject({
      message: messages.poolSaved,
      data: { remainingSupply: '3000000.00', reservedSupply: '0.00', soldSupply: '0.00', holders: 0 },
    });
  });
});

describe('POST /api/admin/opportunity-pools/:id/supply', () => {
  it('more: another issue to the treasury; less: back from the treasury; audited', async () => {
    const p = await o.pool();
    const up = await supply(p._id, '2500000');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      message: messages.poolSupplyChanged,
      data: { totalSupply: '2500000.00', remainingSupply: '2500000.00' },
    });
    expect(await o.systemBalance('treasury', p.nftToken)).toBe('2500000');
    expect(await o.systemBalance('supply', p.nftToken)).toBe('-2500000');
    const down = await supply(p._id, '1200000');
    expect(down.json().data).toMatchObject({ totalSupply: '1200000.00', remainingSupply: '1200000.00' });
    expect(await o.systemBalance('supply', p.nftToken)).toBe('-1200000');
    const audit = await fx.server.db.execute<{ details: unknown }>(
      sql`select details from audit_log where action = 'opportunityPool.supply' and target_id = ${p._id}
          order by created_at`,
    );
    expect(audit.rows.map((r) => r.details)).toEqual([
      { totalSupply: { from: '1000000', to: '2500000' } },
      { totalSupply: { from: '2500000', to: '1200000' } },
    ]);
  });

  it('never below what is reserved or sold: refused with the units unsold, nothing changed', async () => {
    const p = await o.pool({ totalSupply: '1000000', pricePerShare: '0.0001' });
    await supply(p._id, '1000010');
    const big = await o.subscriber('200');
    expect((await o.acquire(big, { assetPool: p._id, amount: '1000005' })).statusCode).toBe(200); // 100 Q
    const res = await supply(p._id, '1000000');
    expect(res.statusCode).toBe(400);
    const message = fillMessage(messages.poolSupplyInUse, { remaining: '5.00' });
    expect(res.json()).toMatchObject({ code: 'POOL_SUPPLY_IN_USE', message, fields: { totalSupply: message } });
    expect(await adminPool(p._id)).toMatchObject({ totalSupply: '1000010.00', remainingSupply: '5.00' });
    expect(await o.systemBalance('supply', p.nftToken)).toBe('-1000010');
    // Down to exactly what is reserved: allowed, nothing left to sell.
    expect((await supply(p._id, '1000005')).json().data).toMatchObject({ remainingSupply: '0.00' });
  });

  it('a cut and a request for the same units at once: exactly one wins, never oversold', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await o.pool({ totalSupply: '2000000', pricePerShare: '0.00001' });
      const m = await o.subscriber('100');
      const [cut, asked] = await Promise.all([
        supply(p._id, '1000000'),
        o.acquire(m, { assetPool: p._id, amount: '1500000' }),
      ]);
      expect([cut.statusCode, asked.statusCode].sort()).toEqual([200, 400]);
      const treasury = await o.systemBalance('treasury', p.nftToken);
      expect(treasury.startsWith('-')).toBe(false);
      const pool = await adminPool(p._id);
      expect(pool.totalSupply).toBe(cut.statusCode === 200 ? '1000000.00' : '2000000.00');
    }
  });

  it('refuses the same supply, one out of range, and anyone but an owner', async () => {
    const p = await o.pool();
    const same = await supply(p._id, '1000000');
    expect([same.statusCode, same.json().message]).toEqual([400, messages.catalogueNothingToChange]);
    for (const value of ['999999', '1000000001', '1500000.5', '']) {
      const res = await supply(p._id, value);
      expect([res.statusCode, res.json().fields?.totalSupply], `${value}: ${res.body}`).toEqual([
        400,
        messages.poolSupplyInvalid,
      ]);
    }
    expect((await supply(p._id, '2000000', o.operator)).statusCode).toBe(403);
    expect((await supply(newId(), '2000000')).statusCode).toBe(404);
  });
});

describe('acquire requests in the back office', () => {
  it('lists pending requests with the member’s name and the pool; one request’s detail has the member’s type', async () => {
    const p = await o.pool();
    const m = await o.subscriber('50', { name: 'Riley Requester' });
    const res = await o.acquire(m, { assetPool: p._id, amount: '2' });
    const id = res.json().data._id as string;
    const list = await get(o.operator, '/api/admin/opportunity-requests?status=pending&limit=100');
    const row = (list.json().data as AdminAcquireRequest[]).find((r) => r._id === id);
    expect(row).toMatchObject({
      status: 'pending',
      amount: '2.00',
      price: '5.00',
      pricePerShare: '2.5',
      user: { _id: m.user.id, email: m.email, name: 'Riley Requester' },
      pool: { _id: p._id, name: p.name, image: p.image, title: p.title },
    });
    const support = await createAdmin(fx.server, 'support');
    const detail = await get(support, `/api/admin/opportunity-requests/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      _id: id,
      user: { _id: m.user.id, name: 'Riley Requester', type: 'member', isWalletActivated: true },
    });
    const unknown = await get(support, `/api/admin/opportunity-requests/${newId()}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.acquireRequestUnknown]);
    expect((await get(await fx.member(), `/api/admin/opportunity-requests/${id}`)).statusCode).toBe(403);
  });

  it('an sdira member’s acquisition is a request too: held and reserved until approved', async () => {
    const p = await o.pool();
    const m = await o.subscriber('50', { type: 'sdira' });
    const res = await o.acquire(m, { assetPool: p._id, amount: '4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.requestSubmitted, data: { status: 'pending' } });
    expect(await o.unitsOf(m, p.nftToken)).toBe('0');
    expect(await fx.q(m.user.id)).toBe('40');
    const detail = await get(o.operator, `/api/admin/opportunity-requests/${res.json().data._id}`);
    expect(detail.json().data.user.type).toBe('sdira');
    expect((await o.desk('approve', res.json().data._id)).statusCode).toBe(200);
    expect(await o.unitsOf(m, p.nftToken)).toBe('4');
    // The member's file in the back office reads a holder of units the catalogue does not know.
    const file = await get(o.operator, `/api/admin/members/${m.user.id}`);
    expect(file.statusCode, file.body).toBe(200);
  });

  it('the overview counts pending acquire requests beside the other requests', async () => {
    await o.pending('1');
    const pending = (await get(o.operator, '/api/admin/opportunity-requests?status=pending&limit=1')).json().total;
    const overview = await get(o.operator, '/api/admin/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data.pendingRequests).toContainEqual({ kind: 'acquire', count: pending });
  });
});

describe('expiry of undecided requests (30 days)', () => {
  const age = (id: string, days: number) =>
    fx.server.db.execute(
      sql`update opportunity_requests set created_at = now() - make_interval(days => ${days}) where id = ${id}`,
    );
  const expireDue = () => fx.server.container.services.acquireDesk.expireDue();

  it('releases the Q and the units once, tells the member; a decision after is refused', async () => {
    const { p, m, id } = await o.pending('4');
    const fresh = await o.pending('1', '50', p);
    await age(id, 31);
    await age(fresh.id, 29);
    const first = await expireDue();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect((await expireDue()).expired).toBe(0);
    expect(await fx.q(m.user.id)).toBe('50');
    expect(await o.systemBalance('reserved', p.nftToken)).toBe('1');
    expect(await o.systemBalance('treasury', p.nftToken)).toBe('999999');
    const mine = await get(m, `/api/nft-purchase-request/${id}`);
    expect(mine.json().data).toMatchObject({ status: 'expired', decidedAt: expect.any(String) });
    expect(await fx.messagesOf(m.user.id)).toContain(
      fillMessage(messages.acquireExpiredNotice, { amount: '4.00', name: p.name, price: '10.00' }),
    );
    const again = await o.desk('approve', id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REQUEST_DECIDED']);
    const log = (await get(m, '/api/transaction-log/user/logs')).json().data[0];
    expect(log).toMatchObject({ type: 'nftAcquire', status: 'expired', message: messages.acquireExpiredNote });
    const listed = await get(o.operator, '/api/admin/opportunity-requests?status=expired&limit=100');
    expect(listed.json().data.map((r: { _id: string }) => r._id)).toContain(id);
    // The one under 30 days still waits.
    expect((await get(fresh.m, `/api/nft-purchase-request/${fresh.id}`)).json().data.status).toBe('pending');
  });

  it('expiry and a decision at the same moment: exactly one happens', async () => {
    for (let round = 0; round < 3; round++) {
      const { p, m, id } = await o.pending('4');
      await age(id, 31);
      const [expired, approved] = await Promise.all([expireDue(), o.desk('approve', id)]);
      const status = (await get(m, `/api/nft-purchase-request/${id}`)).json().data.status;
      if (approved.statusCode === 200) {
        expect(status).toBe('approved');
        expect(await o.unitsOf(m, p.nftToken)).toBe('4');
        expect(await fx.q(m.user.id)).toBe('40');
      } else {
        expect(expired.expired).toBeGreaterThanOrEqual(1);
        expect(status).toBe('expired');
        expect(await o.unitsOf(m, p.nftToken)).toBe('0');
        expect(await fx.q(m.user.id)).toBe('50');
      }
      expect(await o.systemBalance('reserved', p.nftToken)).toBe('0');
    }
  });
});
