import type { Transaction } from '@vault/contract/schemas/funding';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, remittanceAddresses } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * GET /api/transaction/{page}/{limit}/txs (issue 12 §5; spec 1 §2, §3 Transaction): the member's purchases,
 * newest first. Rows are seeded here directly (the wire flow has its own tests), each a minute apart.
 */
let server: TestServer;
let token: Awaited<ReturnType<typeof createToken>>;
beforeAll(async () => {
  server = await startServer();
  token = await createToken(server, { type: 'asset', price: '31.5', decimals: 4, iconUrl: '/tokens/xag.svg' });
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const page = (m: { headers: Record<string, string> }, a: unknown, b: unknown) =>
  server.app.inject({ method: 'GET', url: `/api/transaction/${a}/${b}/txs`, headers: m.headers });

async function addressFor(m: Member) {
  const [row] = await server.db
    .insert(remittanceAddresses)
    .values({
      id: newId(),
      userId: m.user.id,
      name: 'Ada',
      country: 'United States',
      email: 'ada@example.com',
      streetAddress: '12 Analytical Way',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      signaturePath: '/uploads/none.png',
    })
    .returning();
  return row!;
}

/** A purchase `minutesAgo` old: pending unless said. */
async function purchase(m: Member, minutesAgo: number, values: Partial<typeof purchases.$inferInsert> = {}) {
  const [row] = await server.db
    .insert(purchases)
    .values({
      id: newId(),
      orderId: `DW-${newId().slice(-10).toUpperCase()}`,
      userId: m.user.id,
      method: 'directWire',
      type: 'tokenPurchase',
      asset: token.coinSymbol,
      tokenAmount: '10.00000000',
      tokenRate: '31.50000000',
      amountUsd: '315.00000000',
      feeUsd: '25.00000000',
      dueAt: sql`now() + interval '3 days'`,
      createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/transaction/{page}/{limit}/txs', () => {
  it('answers an empty list for a member with no purchases', async () => {
    const m = await createLoggedInMember(server);
    const res = await page(m, 1, 10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, page: 1, limit: 10 });
  });

  it('shows a purchase in the contract’s shape: decimals, street address, token, legacy as a token purchase', async () => {
    const m = await createLoggedInMember(server);
    const address = await addressFor(m);
    const wire = await purchase(m, 2, { remittanceAddressId: address.id });
    await purchase(m, 1, {
      method: 'legacy',
      type: 'legacy',
      status: 'rejected',
      rejectionReason: 'No funds arrived',
      remittanceAddressId: null,
    });
    const res = await page(m, 1, 10);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Transaction[];
    expect(data).toHaveLength(2);
    expect(data[1]).toEqual({
      _id: wire.id,
      type: 'tokenPurchase',
      status: 'pending',
      amount: '315',
      wireFee: '25',
      createdAt: wire.createdAt.toISOString(),
      updatedAt: wire.updatedAt.toISOString(),
      streetAddress: '12 Analytical Way',
      method: 'directWire',
      orderId: wire.orderId,
      tokenAmount: '10',
      tokenRate: '31.5',
      receivedAmount: null,
      issuedAmount: null,
      dueAt: wire.dueAt.toISOString(),
      rejectionReason: null,
      subscription: null,
      token: {
        coinSymbol: token.coinSymbol,
        shortName: token.shortName,
        decimals: 4,
        icon: { url: '/tokens/xag.svg' },
      },
    });
    expect(data[0]).toMatchObject({
      type: 'tokenPurchase',
      method: 'legacy',
      status: 'rejected',
      rejectionReason: 'No funds arrived',
      streetAddress: null,
    });
  });

  it('pages newest first with the total; a page past the end is empty', async () => {
    const m = await createLoggedInMember(server);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await purchase(m, 10 - i));
    const newest = made.map((p) => p.id).reverse();
    const first = (await page(m, 1, 2)).json();
    expect([first.total, first.page, first.limit]).toEqual([5, 1, 2]);
    expect(first.data.map((t: Transaction) => t._id)).toEqual(newest.slice(0, 2));
    expect((await page(m, 2, 2)).json().data.map((t: Transaction) => t._id)).toEqual(newest.slice(2, 4));
    expect((await page(m, 3, 2)).json().data.map((t: Transaction) => t._id)).toEqual(newest.slice(4));
    expect((await page(m, 4, 2)).json()).toEqual({ data: [], total: 5, page: 4, limit: 2 });
  });

  it('never shows another member’s purchases', async () => {
    const m = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    await purchase(other, 1);
    const mine = await purchase(m, 1, { type: 'walletActivation' });
    const res = (await page(m, 1, 100)).json();
    expect(res.total).toBe(1);
    expect(res.data.map((t: Transaction) => [t._id, t.type])).toEqual([[mine.id, 'walletActivation']]);
  });

  it('refuses pages and sizes out of range (400), strangers (401) and administrators (401)', async () => {
    const m = await createLoggedInMember(server);
    for (const [a, b] of [
      [0, 10],
      [1, 0],
      [1, 101],
      ['x', 10],
      [1, 2.5],
      [-1, 10],
    ]) {
      const res = await page(m, a, b);
      expect([res.statusCode, res.json().code], `${a}/${b}`).toEqual([400, 'VALIDATION']);
    }
    expect((await page({ headers: {} }, 1, 10)).statusCode).toBe(401);
    const admin = await createAdmin(server, 'support');
    expect((await page(admin, 1, 10)).statusCode).toBe(401);
  });
});
