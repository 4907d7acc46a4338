import { messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerEvents } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { underpaidUsd } from '../../src/modules/funding/coinqvest.ts';
import { coinqvestSettings } from '../../src/providers/coinqvest/index.ts';
import { webhookAuth } from '../../src/providers/coinqvest/signing.ts';
import { type Member, onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * COINQVEST end to end (issue 13) through our sandbox at /sandbox/coinqvest: the server listens on
 * PUBLIC_URL, so the adapter reaches the sandbox over HTTP and the sandbox posts its webhooks back to
 * /api/webhooks/coinqvest. A database of its own (Q and XAG are this file's). Q is 1 USD, XAG 30 USD.
 */
const fx = onlinePurchasesFixture('vault_coinqvest');
const { member, post, balanceOf, purchaseOf, until } = fx;
let secret: string;

beforeAll(async () => {
  secret = (await coinqvestSettings(fx.server.config, fx.server.db))!.secret;
});

const details = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Engines Ltd',
  adr1: '1 Analytical St',
  zip: '10001',
  city: 'London',
  countrycode: 'gb',
  phonenumber: '+44 20 0000 0000',
};
const register = (m: Member, body: object = details) => post(m, '/api/coinqvest/customer', body);
const start = (m: Member, amount = '100') =>
  post(
    m,
    '/api/coinqvest/start-checkout',
    { paymentType: 'tokenPurchase', tokenId: 'Q', amount },
    { 'idempotency-key': newId() },
  );
const eventsOf = (purchaseId: string) =>
  fx.server.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, 'coinqvest'), eq(providerEvents.purchaseId, purchaseId)));
const press = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
const deliver = (body: string, auth = webhookAuth(secret, body)) =>
  fx.server.app.inject({
    method: 'POST',
    url: '/api/webhooks/coinqvest',
    headers: { 'content-type': 'application/json', 'x-webhook-auth': auth },
    payload: body,
  });

async function customer() {
  const m = await member();
  const res = await register(m);
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

async function started(m: Member, amount = '100') {
  const res = await start(m, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { purchaseId: string; orderId: string; id: string; url: string };
}

describe('POST /api/coinqvest/customer (/register-qvest)', () => {
  it('answers every message of spec 2 §5 Member registration', async () => {
    const m = await member();
    const res = await register(m, { adr2: '', taxid: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstname: 'First Name is Required',
      lastname: 'Last Name is Required',
      company: 'Company is Required',
      adr1: 'Address Line 1 is Required',
      zip: 'ZipCode is Required',
      city: 'City is Required',
      countrycode: 'Country is Required',
      phonenumber: 'PhoneNumber is Required',
    });
    const blank = await register(m, { ...details, city: '   ', countrycode: 'Britain' });
    expect(blank.json().fields).toEqual({ city: 'City is Required', countrycode: 'Country is Required' });
  });

  it('registers the member at COINQVEST once and sets isCoinqvestCustomer', async () => {
    const m = await member();
    const res = await register(m, { ...details, adr2: 'Floor 2', taxid: 'GB123', email: 'ignored@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.coinqvestCustomerSaved, data: { isCoinqvestCustomer: true } });
    const info = await fx.server.app.inject({ method: 'GET', url: '/api/user/info', headers: m.headers });
    expect(JSON.stringify(info.json())).toContain('"isCoinqvestCustomer":true');
    const { rows } = await fx.server.db.execute<{ customer_id: string }>(
      sql`select customer_id from provider_customers where user_id = ${m.user.id} and provider = 'coinqvest'`,
    );
    expect(rows[0]!.customer_id).toMatch(/^cus_/);
    expect((await register(m)).statusCode).toBe(200);
    const again = await fx.server.db.execute<{ customer_id: string }>(
      sql`select customer_id from provider_customers where user_id = ${m.user.id} and provider = 'coinqvest'`,
    );
    expect(again.rows).toEqual(rows);
  });
});

describe('POST /api/coinqvest/start-checkout', () => {
  it('sends a member who is not a customer to /register-qvest', async () => {
    const m = await member();
    const res = await start(m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'COINQVEST_CUSTOMER_REQUIRED',
      message: messages.coinqvestCustomerRequired,
    });
  });

  it('refuses over the 5,000.00 cap', async () => {
    const m = await customer();
    const res = await start(m, '5000.01');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ONLINE_PURCHASE_CAP');
  });

  it('Pay at the hosted checkout: a signed CHECKOUT_COMPLETED issues the tokens exactly once', async () => {
    const m = await customer();
    const made = await started(m, '100');
    expect(made.orderId).toMatch(/^CQ-[A-Z2-7]{10}$/);
    expect(made.url).toBe(`${fx.base}/sandbox/coinqvest/pay/${made.id}`);
    expect(await purchaseOf(made.purchaseId)).toMatchObject({
      method: 'coinqvest',
      status: 'pending',
      providerRef: made.id,
    });

    const paid = await press(made.url, { action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${fx.base}/coinqvest/return?purchaseId=${made.purchaseId}`);
    await until(async () => (await purchaseOf(made.purchaseId)).status === 'completed', 'the purchase settled');
    expect(await purchaseOf(made.purchaseId)).toMatchObject({
      receivedUsd: '100.00000000',
      issuedAmount: '100.00000000',
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('100');

    const state = await fx.server.app.inject({
      method: 'GET',
      url: `/api/coinqvest/purchase/${made.purchaseId}`,
      headers: m.headers,
    });
    expect(state.json().data.status).toBe('completed');

    // A replay and another delivery of the same event: recorded once, nothing issued again.
    const body = JSON.stringify({
      eventType: 'CHECKOUT_COMPLETED',
      data: { checkout: { id: made.id, state: 'COMPLETED' } },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('100');
    const recorded = await eventsOf(made.purchaseId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ verified: true, eventType: 'CHECKOUT_COMPLETED' });
  });

  it('REFUND_COMPLETED after credit takes back what the member holds (the charge-back policy), once', async () => {
    const m = await customer();
    const made = await started(m, '40');
    expect((await press(made.url, { action: 'pay' })).status).toBe(303);
    await until(async () => (await purchaseOf(made.purchaseId)).status === 'completed', 'the purchase settled');
    const body = JSON.stringify({
      eventType: 'REFUND_COMPLETED',
      data: { refund: { id: `RF${made.id}`, context: 'CHECKOUT', contextId: made.id } },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await purchaseOf(made.purchaseId)).toMatchObject({
      status: 'completed',
      providerStatus: 'REFUND_COMPLETED',
      reversedAmount: '40.00000000',
      debtAmount: '0.00000000',
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
    // The same refund again: nothing more.
    await fx.ledger.credit({ userId: m.user.id, asset: 'Q', amount: '3', by: null });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('3');
    const refund = (await eventsOf(made.purchaseId)).find((e) => e.eventType === 'REFUND_COMPLETED');
    expect(refund?.processedAt).not.toBeNull();
  });

  it('a forged webhook is refused (401), recorded as refused, and credits nothing', async () => {
    const m = await customer();
    const made = await started(m, '50');
    const body = JSON.stringify({ eventType: 'CHECKOUT_COMPLETED', data: { checkout: { id: made.id } } });
    const forged = await deliver(body, webhookAuth('not the secret', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_REFUSED' });
    expect((await deliver(body, 'nonsense')).statusCode).toBe(401);
    const { rows } = await fx.server.db.execute<{ n: string }>(
      sql`select count(*)::text as n from provider_events where provider = 'coinqvest' and verified = false and payload::text like ${`%${made.id}%`}`,
    );
    expect(rows[0]!.n).toBe('2');
    expect((await purchaseOf(made.purchaseId)).status).toBe('pending');
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
    const unreadable = '{"eventType":"CHECKOUT_COMPLETED","data":{}}';
    expect((await deliver(unreadable)).statusCode).toBe(400);
    // Nested deeper than PostgreSQL's jsonb takes: kept as raw text, refused, never a 500.
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect((await deliver(deep, 'nonsense')).statusCode).toBe(401);
    expect((await deliver(deep)).statusCode).toBe(400);
  });

  it('Pay less: CHECKOUT_UNDERPAID issues what was paid, at the locked rate', async () => {
    const m = await customer();
    const made = await started(m, '100');
    const res = await press(made.url, { action: 'underpay', amount: '40.25' });
    expect(res.status).toBe(303);
    await until(
      async () => (await purchaseOf(made.purchaseId)).status === 'completed',
      'the underpaid purchase settled',
    );
    expect(await purchaseOf(made.purchaseId)).toMatchObject({
      receivedUsd: '40.25000000',
      issuedAmount: '40.25000000',
      providerStatus: 'UNDERPAID',
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('40.25');
    // The merchant accepting it later issues nothing more.
    const accepted = JSON.stringify({
      eventType: 'UNDERPAID_ACCEPTED',
      data: { checkout: { id: made.id, settlementAmountRequired: 100, settlementAmountReceived: 40.25 } },
    });
    expect((await deliver(accepted)).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('40.25');
  });

  it('Cancel leaves the purchase pending (it expires by the job) and sends nothing', async () => {
    const m = await customer();
    const made = await started(m, '20');
    const res = await press(made.url, { action: 'cancel' });
    expect(res.headers.get('location')).toBe(`${fx.base}/coinqvest/cancel?purchaseId=${made.purchaseId}`);
    await new Promise((r) => setTimeout(r, 300));
    expect((await purchaseOf(made.purchaseId)).status).toBe('pending');
    expect(await eventsOf(made.purchaseId)).toHaveLength(0);
  });

  it('a simulated deposit arrives as a verified DEPOSIT_COMPLETED, kept for deposit crediting', async () => {
    const res = await fetch(`${fx.base}/sandbox/coinqvest/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'GDEPOSITADDRESS', assetCode: 'USDC', amount: '12.5' }),
    });
    expect(res.status).toBe(200);
    const { deposit } = (await res.json()) as { deposit: { id: string } };
    const eventId = `DEPOSIT_COMPLETED:${deposit.id}`;
    const find = () =>
      fx.server.db
        .select()
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, 'coinqvest'), eq(providerEvents.eventId, eventId)));
    await until(async () => (await find()).length === 1, 'the deposit event');
    expect((await find())[0]).toMatchObject({ verified: true, processedAt: null, eventType: 'DEPOSIT_COMPLETED' });
  });
});

describe('underpaidUsd', () => {
  it('is the purchase USD times the share received, cut to the cent', () => {
    expect(underpaidUsd('100', '100', '40.25')).toBe('40.25');
    expect(underpaidUsd('100', '0.0025', '0.001')).toBe('40');
    expect(underpaidUsd('99.99', '3', '1')).toBe('33.33');
    expect(underpaidUsd('100', '100', '150')).toBe('100');
    expect(underpaidUsd('100', undefined, '10')).toBeNull();
    expect(underpaidUsd('100', '100', '0')).toBeNull();
  });
});
