import { messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { providerCustomers, providerEvents } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/providers/gocardless/adapter.ts';
import { signWebhookBody } from '../../src/providers/gocardless/webhook.ts';
import { createLoggedInMember, startServer } from '../support.ts';
import { type Member, onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * GoCardless end to end (issue 13) through our sandbox, served by this server at /sandbox/gocardless: the
 * server listens on PUBLIC_URL, the adapter reaches the sandbox over HTTP, and the sandbox delivers signed
 * webhooks to /api/webhooks/gocardless. A database of its own (Q is this file's: 1 USD, 2 decimals).
 */
const fx = onlinePurchasesFixture(
  'vault_gocardless',
  // GC_DEBUG=1 shows the server's warnings (GoCardless refusals, ledger errors) while debugging this file.
  { log: pino({ level: process.env.GC_DEBUG ? 'warn' : 'silent' }) },
);
const { member, post, balanceOf, purchaseOf, until } = fx;

const customer = {
  email: 'grace@example.com',
  given_name: 'Grace',
  family_name: 'Hopper',
  company_name: 'Navy',
  address_line1: '1 Main Street',
  city: 'Arlington',
  postal_code: '22201',
  phone_number: '+1 555 0100',
  language: 'en',
};
const createCustomer = (m: Member, body: object = {}) =>
  post(m, '/api/go-cardless/create-customer', {
    paymentType: 'tokenPurchase',
    tokenId: 'Q',
    amount: '100',
    ...customer,
    ...body,
  });
const complete = (m: Member, redirectId: string) =>
  post(m, '/api/go-cardless/complete-customer-creation', { redirectId });
const eventsFor = (purchaseId: string) =>
  fx.server.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, 'goCardless'), eq(providerEvents.purchaseId, purchaseId)));
/**
 * The purchase's events after its payment's creation, sorted (the sandbox announces `created` at once, which
 * may arrive before complete-customer-creation has named the payment on the purchase: then it is recorded
 * without one).
 */
const typesFor = async (purchaseId: string) =>
  (await eventsFor(purchaseId))
    .map((e) => e.eventType)
    .filter((t) => t !== 'payments.created')
    .sort()
    .join(' ');
const simulate = (paymentId: string, to: string, delivery?: string) =>
  fetch(`${fx.base}/sandbox/gocardless/payments/${paymentId}/actions/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, delivery }),
  });
const webhook = (body: string, signature?: string) =>
  fx.server.app.inject({
    method: 'POST',
    url: '/api/webhooks/gocardless',
    headers: { 'content-type': 'application/json', ...(signature ? { 'webhook-signature': signature } : {}) },
    payload: body,
  });

/** The payer on GoCardless' page: "Set up direct debit" (or Cancel); answers the redirect_flow_id it returns with. */
async function payerChooses(redirectUrl: string, button: 'confirm' | 'cancel') {
  const html = await (await fetch(redirectUrl)).text();
  expect(html).toContain('Set up direct debit');
  expect(html).toContain('Grace Hopper');
  const action = new RegExp(`action="([^"]+/${button})"`).exec(html)![1]!;
  const res = await fetch(`${fx.base}${action}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/direct-debit');
  return back.searchParams.get('redirect_flow_id')!;
}

/** A member's purchase with its mandate set up and its payment created (pending_submission). */
async function paymentStarted(m: Member, body: object = {}) {
  const res = await createCustomer(m, body);
  expect(res.statusCode, res.body).toBe(200);
  const { redirectUrl, purchaseId } = res.json().data;
  const flowId = await payerChooses(redirectUrl, 'confirm');
  const done = await complete(m, flowId);
  expect(done.statusCode, done.body).toBe(200);
  const row = await purchaseOf(purchaseId);
  expect(row.providerRef).toMatch(/^PM[0-9A-Z]+$/);
  return {
    purchaseId: purchaseId as string,
    paymentId: row.providerRef!,
    flowId,
    confirmationUrl: done.json().data.confirmationUrl,
  };
}

describe('POST /api/go-cardless/create-customer', () => {
  it('answers every rule of spec 2 §5 Direct-debit customer registration, and writes nothing', async () => {
    const m = await member();
    const before = await fx.server.db.execute(
      sql`select count(*)::int as n from purchases where user_id = ${m.user.id}`,
    );
    const cases: [object, string, string][] = [
      [{ email: '' }, 'email', messages.ddEmailRequired],
      [{ email: 'not-an-email' }, 'email', messages.ddEmailInvalid],
      [{ given_name: ' ' }, 'given_name', messages.ddGivenNameRequired],
      [{ family_name: '' }, 'family_name', messages.ddFamilyNameRequired],
      [{ address_line1: '' }, 'address_line1', messages.ddAddressRequired],
      [{ city: '' }, 'city', messages.ddCityRequired],
      [{ postal_code: '' }, 'postal_code', messages.ddPostalCodeRequired],
      [{ phone_number: '12345' }, 'phone_number', messages.ddPhoneTooShort],
      [{ amount: '5000.01' }, 'amount', messages.onlinePurchaseCap],
    ];
    for (const [body, field, message] of cases) {
      const res = await createCustomer(m, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().message).toBe(message);
    }
    const after = await fx.server.db.execute(
      sql`select count(*)::int as n from purchases where user_id = ${m.user.id}`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('the same Idempotency-Key answers the same purchase and flow', async () => {
    const m = await member();
    const key = { 'idempotency-key': newId() };
    const body = { paymentType: 'tokenPurchase', tokenId: 'Q', amount: '12.5', ...customer };
    const first = await post(m, '/api/go-cardless/create-customer', body, key);
    const again = await post(m, '/api/go-cardless/create-customer', body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
  });

  it('off in production without credentials: no sandbox, 503', async () => {
    const production = await startServer({
      DATABASE_URL: fx.database.url,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://vault.example',
    });
    try {
      const m = await createLoggedInMember(production, { isWalletActivated: true, gpaData: { displayName: 'x' } });
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/go-cardless/create-customer',
        headers: m.headers,
        payload: { paymentType: 'tokenPurchase', tokenId: 'Q', amount: '10', ...customer },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PROVIDER_UNAVAILABLE');
      expect((await production.app.inject({ method: 'GET', url: '/sandbox/gocardless' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('starts a pending purchase and a redirect flow prefilled with the member’s details', async () => {
    const m = await member();
    const res = await createCustomer(m);
    expect(res.statusCode, res.body).toBe(200);
    const { redirectUrl, purchaseId, orderId } = res.json().data;
    expect(redirectUrl).toMatch(new RegExp(`^${fx.base}/sandbox/gocardless/flow/RE[0-9A-Z]+$`));
    expect(orderId).toMatch(/^GC-[A-Z2-7]{10}$/);
    expect(await purchaseOf(purchaseId)).toMatchObject({
      method: 'goCardless',
      status: 'pending',
      amountUsd: '100.00000000',
    });
    const [row] = await fx.server.db.select().from(providerCustomers).where(eq(providerCustomers.userId, m.user.id));
    expect(redirectUrl.endsWith(row!.pendingFlowId!)).toBe(true);
  });
});

describe('POST /api/go-cardless/complete-customer-creation', () => {
  it('keeps the customer and mandate, starts one payment and answers the confirmation page; again: the same', async () => {
    const m = await member();
    const { purchaseId, paymentId, flowId, confirmationUrl } = await paymentStarted(m);
    expect(confirmationUrl).toBe(`${fx.base}/sandbox/gocardless/confirmation/${flowId}`);
    const [row] = await fx.server.db.select().from(providerCustomers).where(eq(providerCustomers.userId, m.user.id));
    expect(row).toMatchObject({ customerId: expect.stringMatching(/^CU/), mandateId: expect.stringMatching(/^MD/) });
    const again = await complete(m, flowId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ confirmationUrl, purchaseId });
    expect((await purchaseOf(purchaseId)).providerRef).toBe(paymentId);
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
  });

  it('another member’s flow is 404; a flow not finished on the page is 409', async () => {
    const m = await member();
    const other = await member();
    const res = await createCustomer(m);
    const flowId = res.json().data.redirectUrl.split('/').at(-1);
    expect((await complete(other, flowId)).statusCode).toBe(404);
    const early = await complete(m, flowId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PAYMENT_NOT_APPROVED', message: messages.ddFlowIncomplete });
    await payerChooses(res.json().data.redirectUrl, 'cancel');
    expect((await complete(m, flowId)).statusCode).toBe(409);
  });
});

describe('POST /api/webhooks/gocardless', () => {
  it('confirmed: the tokens are issued once, from the verified events; a replay issues nothing', async () => {
    const m = await member();
    const { purchaseId, paymentId } = await paymentStarted(m);
    expect((await simulate(paymentId, 'confirmed')).status).toBe(200);
    await until(async () => (await purchaseOf(purchaseId)).status === 'completed', 'the purchase completed');
    expect(await balanceOf(m.user.id, 'Q')).toBe('100');
    const { rows } = await fx.server.db.execute<{ kind: string }>(
      sql`select distinct kind from ledger_accounts where kind like 'clearing:gocardless'`,
    );
    expect(rows).toEqual([{ kind: 'clearing:gocardless' }]);
    await until(async () => (await typesFor(purchaseId)) === 'payments.confirmed payments.submitted', 'both events');
    const recorded = await eventsFor(purchaseId);
    expect(recorded.every((e) => e.verified)).toBe(true);

    // The same events again (a re-delivery), and a later paid_out: nothing more.
    const body = JSON.stringify({ events: recorded.map((e) => e.payload) });
    expect((await webhook(body, signWebhookBody(body, SANDBOX_WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await simulate(paymentId, 'paid_out')).status).toBe(200);
    await until(
      async () => (await typesFor(purchaseId)) === 'payments.confirmed payments.paid_out payments.submitted',
      'the paid_out event',
    );
    expect(await balanceOf(m.user.id, 'Q')).toBe('100');
  });

  it('out of order (newest first) still credits exactly once', async () => {
    const m = await member();
    const { purchaseId, paymentId } = await paymentStarted(m, { amount: '7.25' });
    expect((await simulate(paymentId, 'paid_out', 'reversed')).status).toBe(200);
    await until(async () => (await purchaseOf(purchaseId)).status === 'completed', 'the purchase completed');
    await until(
      async () => (await typesFor(purchaseId)) === 'payments.confirmed payments.paid_out payments.submitted',
      'every event recorded',
    );
    expect(await balanceOf(m.user.id, 'Q')).toBe('7.25');
  });

  it('failed: the purchase is rejected, nothing is issued', async () => {
    const m = await member();
    const { purchaseId, paymentId } = await paymentStarted(m);
    expect((await simulate(paymentId, 'failed')).status).toBe(200);
    await until(async () => (await purchaseOf(purchaseId)).status === 'rejected', 'the purchase rejected');
    expect(await purchaseOf(purchaseId)).toMatchObject({
      rejectionReason: messages.onlinePurchaseFailed,
      providerStatus: 'failed',
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
  });

  it('charged back after credit: what the member holds is taken back, the rest a debt, once', async () => {
    const m = await member();
    const { purchaseId, paymentId } = await paymentStarted(m);
    await simulate(paymentId, 'confirmed');
    await until(async () => (await purchaseOf(purchaseId)).status === 'completed', 'the purchase completed');
    const issued = (await purchaseOf(purchaseId)).issuedAmount!;
    // The member spent 40 of them.
    const other = await member();
    await fx.ledger.send({ from: m.user.id, to: other.user.id, asset: 'Q', amount: '40' });
    await simulate(paymentId, 'charged_back');
    await until(async () => (await purchaseOf(purchaseId)).chargedBackAt !== null, 'the charge-back');
    const chargeBack = (await eventsFor(purchaseId)).find((e) => e.eventType === 'payments.charged_back')!;
    await until(
      async () =>
        (await eventsFor(purchaseId)).find((e) => e.eventType === 'payments.charged_back')?.processedAt != null,
      'the event processed',
    );
    expect(chargeBack).toBeTruthy();
    const row = await purchaseOf(purchaseId);
    expect(row).toMatchObject({ status: 'completed', providerStatus: 'charged_back', debtAmount: '40.00000000' });
    expect(Number(row.reversedAmount) + 40).toBeCloseTo(Number(issued), 8);
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
    expect(await balanceOf(other.user.id, 'Q')).toBe('40');
  });

  it('a forged or missing signature is 498 and recorded as refused; a signed non-list is 400', async () => {
    const m = await member();
    const { purchaseId, paymentId } = await paymentStarted(m);
    const forged = JSON.stringify({
      events: [
        {
          id: `EV${newId().replaceAll('-', '').slice(0, 12).toUpperCase()}`,
          created_at: new Date().toISOString(),
          resource_type: 'payments',
          action: 'confirmed',
          links: { payment: paymentId },
        },
      ],
    });
    for (const signature of [signWebhookBody(forged, 'guessed secret'), undefined, 'zz']) {
      const res = await webhook(forged, signature);
      expect(res.statusCode).toBe(498);
      expect(res.json()).toEqual({ message: 'Invalid signature', code: 'WEBHOOK_REFUSED' });
    }
    const refused = await fx.server.db
      .select()
      .from(providerEvents)
      .where(and(eq(providerEvents.provider, 'goCardless'), eq(providerEvents.verified, false)));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect((await purchaseOf(purchaseId)).status).toBe('pending');
    const notAList = '{"events":"no"}';
    expect((await webhook(notAList, signWebhookBody(notAList, SANDBOX_WEBHOOK_SECRET))).statusCode).toBe(400);
  });
});
