import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, providerEvents, purchases, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import type { User } from '../../src/modules/auth/sessions.ts';
import { createAdmin, createLoggedInMember, createMember, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * The charge-back policy (issue 13, decision 0013; modules/funding/charge-backs.ts) through the provider
 * events' service, on a real database: a purchase settled from a verified event, then charged back.
 * Q is 1 USD (2 decimals).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
let ledger: Ledger;

beforeAll(async () => {
  database = await createTestDatabase('vault_charge_backs');
  server = await startServer({ DATABASE_URL: database.url });
  ledger = createLedger(server.db);
  await createToken(server, { coinSymbol: 'XAG', type: 'asset', price: '30', decimals: 4 });
  await createToken(server, { coinSymbol: 'Q', type: 'liquidity', price: '1', decimals: 2 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const services = () => server.container.services;
const member = async () =>
  (await createMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } })).user as unknown as User;
const balanceOf = async (userId: string, asset = 'Q') => (await ledger.balances(userId, [asset]))[asset] ?? '0';
const purchaseOf = async (id: string) => (await server.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const eventOf = async (eventId: string) =>
  (
    await server.db
      .select()
      .from(providerEvents)
      .where(and(eq(providerEvents.provider, 'paypal'), eq(providerEvents.eventId, eventId)))
  )[0]!;

/** A PayPal purchase of `amount` Q, settled from a verified event. */
async function settled(m: User, amount: string) {
  const row = await services().onlinePurchases.create(m, {
    method: 'paypal',
    tokenId: 'Q',
    amount,
    type: 'tokenPurchase',
  });
  const ref = `ORDER-${newId()}`;
  await services().onlinePurchases.attachRef(row.id, ref, 'APPROVED');
  const eventId = `WH-${newId()}`;
  await services().providerEvents.record({
    provider: 'paypal',
    eventId,
    eventType: 'PAYMENT.CAPTURE.COMPLETED',
    verified: true,
    purchaseId: row.id,
    payload: {},
  });
  const issued = await services().providerEvents.settleFromEvent({
    provider: 'paypal',
    eventId,
    purchaseId: row.id,
    receivedUsd: amount,
    providerStatus: 'COMPLETED',
  });
  expect(issued?.tokens).toBe(amount);
  return row;
}

/** A verified reversal event recorded for the purchase, then the policy applied. */
async function reversed(purchaseId: string, eventId = `WH-${newId()}`) {
  await services().providerEvents.record({
    provider: 'paypal',
    eventId,
    eventType: 'PAYMENT.CAPTURE.REVERSED',
    verified: true,
    purchaseId,
    payload: {},
  });
  const taken = await services().providerEvents.chargeBack({
    provider: 'paypal',
    eventId,
    purchaseId,
    providerStatus: 'REVERSED',
  });
  return { eventId, taken };
}

const chargeBackEntries = async (purchaseId: string) => {
  const { rows } = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from journal_entries where kind = 'chargeBack' and metadata->>'purchaseId' = ${purchaseId}`,
  );
  return rows[0]!.n;
};

describe('charge-backs after credit', () => {
  it('takes back everything the member still holds, once; the event processed, audited, the member told', async () => {
    const m = await member();
    const row = await settled(m, '80');
    expect(await balanceOf(m.id)).toBe('80');
    const { eventId, taken } = await reversed(row.id);
    expect(taken).toMatchObject({ purchaseId: row.id, reversed: '80', debt: '0' });
    expect(taken!.entryId).toBeTruthy();
    expect(await balanceOf(m.id)).toBe('0');
    expect(await purchaseOf(row.id)).toMatchObject({
      status: 'completed',
      providerStatus: 'REVERSED',
      reversedAmount: '80.00000000',
      debtAmount: '0.00000000',
    });
    expect((await purchaseOf(row.id)).chargedBackAt).toBeInstanceOf(Date);
    expect((await eventOf(eventId)).processedAt).toBeInstanceOf(Date);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.chargeBack'), eq(auditLog.targetId, row.id)));
    expect(audits).toHaveLength(1);
    const told = (await server.db.select().from(notifications).where(eq(notifications.userId, m.id))).map(
      (n) => n.message,
    );
    expect(told.some((t) => t.includes(row.orderId) && t.includes('80 Q') && t.includes('taken back'))).toBe(true);

    // The history reads it as a Debit.
    const { rows } = await server.db.execute<{ kind: string; amount: string }>(
      sql`select e.kind, p.amount::text as amount from journal_entries e join postings p on p.entry_id = e.id
          where e.id = ${taken!.entryId} order by p.amount`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['chargeBack', 'chargeBack']);
  });

  it('partial: the member spent some; what remains is taken and the rest is a debt', async () => {
    const m = await member();
    const other = await member();
    const row = await settled(m, '100');
    await ledger.send({ from: m.id, to: other.id, asset: 'Q', amount: '65.5' });
    const { taken } = await reversed(row.id);
    expect(taken).toMatchObject({ reversed: '34.5', debt: '65.5' });
    expect(await balanceOf(m.id)).toBe('0');
    expect(await balanceOf(other.id)).toBe('65.5');
    expect(await purchaseOf(row.id)).toMatchObject({
      reversedAmount: '34.50000000',
      debtAmount: '65.50000000',
    });
    const told = (await server.db.select().from(notifications).where(eq(notifications.userId, m.id))).map(
      (n) => n.message,
    );
    expect(told.some((t) => t.includes('65.5 Q are owed'))).toBe(true);
  });

  it('never more than issued: other tokens of the member stay theirs', async () => {
    const m = await member();
    await ledger.credit({ userId: m.id, asset: 'Q', amount: '40', by: null });
    const row = await settled(m, '25');
    const { taken } = await reversed(row.id);
    expect(taken).toMatchObject({ reversed: '25', debt: '0' });
    expect(await balanceOf(m.id)).toBe('40');
  });

  it('holds excluded: tokens on hold are not taken, the balance never negative', async () => {
    const m = await member();
    const row = await settled(m, '50');
    await ledger.placeHold({ userId: m.id, asset: 'Q', amount: '30', reason: 'a pending send' });
    expect(await balanceOf(m.id)).toBe('20');
    const { taken } = await reversed(row.id);
    expect(taken).toMatchObject({ reversed: '20', debt: '30' });
    expect(await balanceOf(m.id)).toBe('0');
  });

  it('a member who holds nothing: no entry, the whole issue a debt', async () => {
    const m = await member();
    const other = await member();
    const row = await settled(m, '10');
    await ledger.send({ from: m.id, to: other.id, asset: 'Q', amount: '10' });
    const { taken } = await reversed(row.id);
    expect(taken).toMatchObject({ entryId: null, reversed: '0', debt: '10' });
    expect(await chargeBackEntries(row.id)).toBe(0);
    expect(await purchaseOf(row.id)).toMatchObject({ debtAmount: '10.00000000', reversedAmount: '0.00000000' });
  });

  it('a replayed event, or a second event for the purchase, takes nothing twice', async () => {
    const m = await member();
    const row = await settled(m, '60');
    const first = await reversed(row.id);
    expect(first.taken).toMatchObject({ reversed: '60' });
    // More tokens arrive later: a replay must not take them.
    await ledger.credit({ userId: m.id, asset: 'Q', amount: '15', by: null });
    const replay = await services().providerEvents.chargeBack({
      provider: 'paypal',
      eventId: first.eventId,
      purchaseId: row.id,
      providerStatus: 'REVERSED',
    });
    expect(replay).toEqual(first.taken);
    const second = await reversed(row.id);
    expect(second.taken).toBeNull();
    expect((await eventOf(second.eventId)).processedAt).toBeInstanceOf(Date);
    // Concurrent deliveries of new events: still once.
    const many = await Promise.all([1, 2, 3].map(() => reversed(row.id)));
    expect(many.every((r) => r.taken === null)).toBe(true);
    expect(await balanceOf(m.id)).toBe('15');
    expect(await chargeBackEntries(row.id)).toBe(1);
    expect((await purchaseOf(row.id)).reversedAmount).toBe('60.00000000');
  });

  it('concurrent first deliveries of two events: one charge-back', async () => {
    const m = await member();
    const row = await settled(m, '45');
    const both = await Promise.all([reversed(row.id), reversed(row.id)]);
    expect(both.filter((r) => r.taken !== null)).toHaveLength(1);
    expect(await chargeBackEntries(row.id)).toBe(1);
    expect(await balanceOf(m.id)).toBe('0');
  });

  it('a purchase not credited or of another provider: nothing', async () => {
    const m = await member();
    const pending = await services().onlinePurchases.create(m, {
      method: 'paypal',
      tokenId: 'Q',
      amount: '20',
      type: 'tokenPurchase',
    });
    expect((await reversed(pending.id)).taken).toBeNull();
    const row = await settled(m, '20');
    const eventId = `EV-${newId()}`;
    await services().providerEvents.record({
      provider: 'goCardless',
      eventId,
      eventType: 'payments.charged_back',
      verified: true,
      purchaseId: row.id,
      payload: {},
    });
    const wrong = await services().providerEvents.chargeBack({
      provider: 'goCardless',
      eventId,
      purchaseId: row.id,
      providerStatus: 'charged_back',
    });
    expect(wrong).toBeNull();
    expect(await balanceOf(m.id)).toBe('20');
    expect((await server.db.select().from(users).where(eq(users.id, m.id))).length).toBe(1);
  });
});

describe('back office: GET /api/admin/purchases and /api/admin/provider-events (issue 13 item 5)', () => {
  const get = (headers: Record<string, string>, url: string) => server.app.inject({ method: 'GET', url, headers });

  it('support may read; a member or nobody may not; a bad filter is 400', async () => {
    const support = await createAdmin(server, 'support');
    const m = await createLoggedInMember(server);
    for (const url of ['/api/admin/purchases', '/api/admin/provider-events']) {
      expect((await get(support.headers, url)).statusCode).toBe(200);
      expect((await get(m.headers, url)).statusCode).toBeGreaterThanOrEqual(401);
      expect((await get(m.headers, url)).statusCode).toBeLessThanOrEqual(403);
      expect((await get({}, url)).statusCode).toBe(401);
    }
    expect((await get(support.headers, '/api/admin/purchases?method=bogus')).statusCode).toBe(400);
    expect((await get(support.headers, '/api/admin/purchases?attention=maybe')).statusCode).toBe(400);
    expect((await get(support.headers, '/api/admin/provider-events?limit=0')).statusCode).toBe(400);
  });

  it('purchases: by method and state, the charge-back fields, attention, paging', async () => {
    const admin = await createAdmin(server, 'support');
    const m = await member();
    const other = await member();
    const owing = await settled(m, '30');
    await ledger.send({ from: m.id, to: other.id, asset: 'Q', amount: '30' });
    await reversed(owing.id);
    const clean = await settled(other, '12');
    const pending = await services().onlinePurchases.create(m, {
      method: 'paypal',
      tokenId: 'Q',
      amount: '7',
      type: 'tokenPurchase',
    });
    // An event of the pending purchase left unprocessed: it needs attention.
    await services().providerEvents.record({
      provider: 'paypal',
      eventId: `WH-${newId()}`,
      eventType: 'CHECKOUT.ORDER.APPROVED',
      verified: true,
      purchaseId: pending.id,
      payload: {},
    });

    const all = (await get(admin.headers, '/api/admin/purchases?method=paypal&limit=100')).json();
    expect(all.data.every((p: { method: string }) => p.method === 'paypal')).toBe(true);
    const owingRow = all.data.find((p: { _id: string }) => p._id === owing.id);
    expect(owingRow).toMatchObject({
      orderId: owing.orderId,
      status: 'completed',
      member: { id: m.id },
      issuedAmount: '30',
      reversedAmount: '0',
      debtAmount: '30',
      providerStatus: 'REVERSED',
      attention: true,
    });
    expect(owingRow.chargedBackAt).toBeTruthy();
    expect(owingRow.providerRef).toMatch(/^ORDER-/);

    const attention = (await get(admin.headers, '/api/admin/purchases?attention=true&limit=100')).json();
    const ids = attention.data.map((p: { _id: string }) => p._id);
    expect(ids).toContain(owing.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(clean.id);
    expect(attention.data.find((p: { _id: string }) => p._id === pending.id).openEvents).toBe(1);

    const pendings = (await get(admin.headers, '/api/admin/purchases?status=pending&limit=100')).json();
    expect(pendings.data.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect(pendings.data.map((p: { _id: string }) => p._id)).toContain(pending.id);

    const page1 = (await get(admin.headers, '/api/admin/purchases?limit=2&page=1')).json();
    const page2 = (await get(admin.headers, '/api/admin/purchases?limit=2&page=2')).json();
    expect(page1).toMatchObject({ page: 1, limit: 2 });
    expect(page1.data).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page2.page).toBe(2);
    expect(page2.data[0]._id).not.toBe(page1.data[0]._id);
  });

  it('provider events: verified or refused with the reason, processed, the linked order, the payload', async () => {
    const admin = await createAdmin(server, 'support');
    const m = await member();
    const row = await settled(m, '9');
    const { eventId } = await reversed(row.id);
    const refusedId = `refused:${newId()}`;
    await services().providerEvents.record({
      provider: 'goCardless',
      eventId: refusedId,
      eventType: 'payments.confirmed',
      verified: false,
      refusedReason: 'signature',
      payload: { forged: true },
    });

    const paypal = (
      await get(admin.headers, '/api/admin/provider-events?provider=paypal&verified=true&limit=100')
    ).json();
    expect(
      paypal.data.every((e: { provider: string; verified: boolean }) => e.provider === 'paypal' && e.verified),
    ).toBe(true);
    expect(paypal.data.find((e: { eventId: string }) => e.eventId === eventId)).toMatchObject({
      eventType: 'PAYMENT.CAPTURE.REVERSED',
      processed: true,
      purchase: { id: row.id, orderId: row.orderId },
      refusedReason: null,
    });

    const refused = (await get(admin.headers, '/api/admin/provider-events?verified=false')).json();
    expect(refused.data.every((e: { verified: boolean }) => !e.verified)).toBe(true);
    expect(refused.data.find((e: { eventId: string }) => e.eventId === refusedId)).toMatchObject({
      provider: 'goCardless',
      refusedReason: 'signature',
      processed: false,
      purchase: null,
      payload: { forged: true },
    });

    const paged = (await get(admin.headers, '/api/admin/provider-events?limit=1&page=2')).json();
    expect(paged).toMatchObject({ page: 2, limit: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });
});
