import { fillMessage, messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, providerEvents, purchases, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { paypalAdapter, paypalSettings } from '../../src/providers/paypal/adapter.ts';
import { paypalSandboxOf } from '../../src/providers/paypal/sandbox.ts';
import { createToken } from './fixtures/catalogue.ts';
import { type Member, onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * PayPal end to end (issue 13, decision 0013) through our sandbox, which this server serves at
 * /sandbox/paypal: the server listens on PUBLIC_URL, so the adapter reaches the sandbox over HTTP and the
 * sandbox delivers its webhooks back to /api/webhooks/paypal. A database of its own (Q and XAG are this file's).
 *
 * XAG is 30 USD (activation 630 USD); GOLD (asset, 4 decimals) is 32.5 USD; Q is 1 USD.
 */
const fx = onlinePurchasesFixture('vault_paypal');
const { member, post, balanceOf, purchaseOf, until } = fx;
let gold: { id: string; coinSymbol: string };

beforeAll(async () => {
  gold = await createToken(fx.server, { type: 'asset', price: '32.5', decimals: 4 });
});

const createOrder = (m: Member, body: object, headers: Record<string, string> = {}) =>
  post(m, '/api/paypal/order/create', { paymentType: 'tokenPurchase', tokenId: 'Q', amount: '100', ...body }, headers);
const capture = (m: Member, orderId: string) => post(m, '/api/paypal/order/capture', { orderId });
const clearingBalance = async (asset: string) => {
  const { rows } = await fx.server.db.execute<{ b: string }>(
    sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = 'clearing:paypal' and asset = ${asset}`,
  );
  return rows[0]!.b;
};
const eventsOf = (eventId: string) =>
  fx.server.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, 'paypal'), eq(providerEvents.eventId, eventId)));
const sandbox = () => paypalSandboxOf(fx.server.app)!;

/** The payer at the hosted page: opens the link, reads its form, clicks one button; answers where it leads. */
async function payerChooses(href: string, action: 'approve' | 'decline' | 'cancel') {
  const page = await fetch(href);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Approve');
  expect(html).toContain('Decline card');
  expect(html).toContain('Cancel');
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(formAction, fx.base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function approvedOrder(m: Member, body: object = {}) {
  const res = await createOrder(m, body, { 'idempotency-key': newId() });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const redirect = data.links.find((l: { method: string }) => l.method === 'REDIRECT');
  return { ...data, redirect: redirect.href as string };
}

describe('POST /api/paypal/order/create', () => {
  it('creates a pending purchase and a PayPal order; the approve link also with method REDIRECT', async () => {
    const m = await member();
    const key = newId();
    const res = await createOrder(m, { amount: '100' }, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.status).toBe('PAYER_ACTION_REQUIRED');
    expect(data.orderId).toMatch(/^PP-[A-Z2-7]{10}$/);
    expect(data.links).toContainEqual({
      href: expect.stringContaining('/sandbox/paypal/checkoutnow?token='),
      rel: 'payer-action',
      method: 'GET',
    });
    expect(data.links).toContainEqual({
      href: expect.stringContaining(`token=${data.id}`),
      rel: 'approve',
      method: 'REDIRECT',
    });
    const row = await purchaseOf(data.purchaseId);
    expect(row).toMatchObject({
      method: 'paypal',
      status: 'pending',
      asset: 'Q',
      tokenAmount: '100.00000000',
      amountUsd: '100.00000000',
      feeUsd: '0.00000000',
      providerRef: data.id,
    });
    // Due in 24 hours.
    const hours = (row.dueAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    // A repeat of the key answers the same purchase and the same PayPal order.
    const again = await createOrder(m, { amount: '100' }, { 'idempotency-key': key });
    expect(again.json().data).toMatchObject({ purchaseId: data.purchaseId, id: data.id });
  });

  it('takes the token by _id or by symbol', async () => {
    const m = await member();
    const res = await createOrder(m, { tokenId: gold.id, amount: '650' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await purchaseOf(res.json().data.purchaseId)).toMatchObject({
      asset: gold.coinSymbol,
      tokenAmount: '20.00000000',
    });
    const bySymbol = await createOrder(m, { tokenId: gold.coinSymbol, amount: '650' });
    expect(bySymbol.statusCode).toBe(200);
    expect((await createOrder(m, { tokenId: 'NOPE' })).json().code).toBe('TOKEN_NOT_PURCHASABLE');
  });

  it('refuses over 5,000.00 USD, under the first asset minimum and under the activation value', async () => {
    const m = await member();
    const over = await createOrder(m, { amount: '5000.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'ONLINE_PURCHASE_CAP', message: messages.onlinePurchaseCap });
    expect((await createOrder(m, { amount: '5000' })).statusCode).toBe(200);
    // The first asset purchase must reach 21 silver tokens' value (630 USD = 19.385 GOLD).
    const small = await createOrder(m, { tokenId: gold.coinSymbol, amount: '600' });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      code: 'PURCHASE_MINIMUM',
      message: fillMessage(messages.firstAssetMinimum, { n: '19.385' }),
    });
    const fresh = await member({ isWalletActivated: false });
    const activation = await createOrder(fresh, { paymentType: 'walletActivation', amount: '629.99' });
    expect(activation.json().code).toBe('PURCHASE_MINIMUM');
    for (const amount of ['0', '-1', '1.234', 'abc'])
      expect((await createOrder(m, { amount })).statusCode, amount).toBe(400);
  });
});

describe('approve, capture and the webhook', () => {
  it('issues the tokens once from clearing:paypal, whatever arrives twice', async () => {
    const m = await member();
    const clearingBefore = await clearingBalance('Q');
    const order = await approvedOrder(m, { amount: '123.45' });
    const back = await payerChooses(order.redirect, 'approve');
    expect(back.pathname).toBe('/paypal/return');
    expect(back.searchParams.get('token')).toBe(order.id);
    expect(back.searchParams.get('PayerID')).toBeTruthy();

    const res = await capture(m, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.onlinePurchaseCaptured,
      data: { status: 'completed', issuedAmount: '123.45' },
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('123.45');
    expect(Number(await clearingBalance('Q'))).toBeCloseTo(Number(clearingBefore) - 123.45, 8);

    // The webhook arrives too (verified, recorded, processed) and issues nothing more.
    await until(
      () => sandbox().deliveries.some((d) => JSON.parse(d.body).resource.custom_id === order.purchaseId),
      'delivery',
    );
    const delivery = sandbox().deliveries.find((d) => JSON.parse(d.body).resource.custom_id === order.purchaseId)!;
    expect(delivery.eventType).toBe('PAYMENT.CAPTURE.COMPLETED');
    await until(async () => (await eventsOf(delivery.eventId))[0]?.processedAt != null, 'the event processed');
    expect((await eventsOf(delivery.eventId))[0]).toMatchObject({ verified: true, purchaseId: order.purchaseId });

    // A replay of the same delivery: 200, nothing again.
    const replay = await fetch(`${fx.base}/api/webhooks/paypal`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(replay.status).toBe(200);
    // Capturing again: the purchase as it is.
    expect((await capture(m, order.id)).json().data.status).toBe('completed');
    expect(await balanceOf(m.user.id, 'Q')).toBe('123.45');
    const { rows } = await fx.server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where kind = 'purchase' and metadata->>'purchaseId' = ${order.purchaseId}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await purchaseOf(order.purchaseId)).toMatchObject({
      status: 'completed',
      receivedUsd: '123.45000000',
      providerStatus: 'COMPLETED',
    });
    const told = (await fx.server.db.select().from(notifications).where(eq(notifications.userId, m.user.id))).map(
      (n) => n.message,
    );
    expect(told.some((t) => t.includes(order.orderId) && t.includes('123.45 Q'))).toBe(true);
  });

  it('settles from the webhook alone when the payer never comes back, and the capture then issues nothing', async () => {
    const m = await member();
    const order = await approvedOrder(m, { amount: '50' });
    await payerChooses(order.redirect, 'approve');
    // Captured elsewhere (the payer closed the tab; a second server process): only the webhook tells us.
    const elsewhere = paypalAdapter(paypalSettings(fx.server.config));
    const captured = await elsewhere.captureOrder(order.id, `elsewhere-${order.id}`);
    expect(captured.status).toBe('COMPLETED');
    await until(async () => (await purchaseOf(order.purchaseId)).status === 'completed', 'the webhook settling');
    expect(await balanceOf(m.user.id, 'Q')).toBe('50');
    // The member's capture now answers the purchase as it is, and issues nothing more.
    const res = await capture(m, order.id);
    expect(res.json().data).toMatchObject({ status: 'completed', issuedAmount: '50' });
    expect(await balanceOf(m.user.id, 'Q')).toBe('50');
  });

  it('a reversal after credit takes the tokens back once (the charge-back policy); a replay takes nothing', async () => {
    const m = await member();
    const order = await approvedOrder(m, { amount: '30' });
    await payerChooses(order.redirect, 'approve');
    expect((await capture(m, order.id)).json().data.status).toBe('completed');
    const reversal = await sandbox().deliver('PAYMENT.CAPTURE.REVERSED', {
      id: 'REVERSEDCAPTURE',
      status: 'REVERSED',
      amount: { currency_code: 'USD', value: '30.00' },
      custom_id: order.purchaseId,
      supplementary_data: { related_ids: { order_id: order.id } },
    });
    await until(async () => (await eventsOf(reversal.eventId)).length === 1, 'the reversal recorded');
    await until(async () => (await purchaseOf(order.purchaseId)).chargedBackAt !== null, 'the charge-back');
    expect((await eventsOf(reversal.eventId))[0]).toMatchObject({ verified: true });
    expect((await eventsOf(reversal.eventId))[0]!.processedAt).not.toBeNull();
    expect(await purchaseOf(order.purchaseId)).toMatchObject({
      status: 'completed',
      providerStatus: 'REVERSED',
      reversedAmount: '30.00000000',
      debtAmount: '0.00000000',
    });
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
    // The same delivery again: 200, nothing taken twice.
    await fx.ledger.credit({ userId: m.user.id, asset: 'Q', amount: '5', by: null });
    const replay = await fetch(`${fx.base}/api/webhooks/paypal`, {
      method: 'POST',
      headers: reversal.headers,
      body: reversal.body,
    });
    expect(replay.status).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('5');
  });

  it('refuses a forged event with 400, records it refused, and credits nothing', async () => {
    const m = await member();
    const order = await approvedOrder(m, { amount: '75' });
    const delivery = sandbox().deliveries.at(-1)!;
    const forged = JSON.parse(delivery.body);
    forged.id = `WH-FORGED${newId().slice(0, 8)}`;
    forged.event_type = 'PAYMENT.CAPTURE.COMPLETED';
    forged.resource = {
      id: 'FAKECAPTURE',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '75.00' },
      custom_id: order.purchaseId,
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    const res = await fetch(`${fx.base}/api/webhooks/paypal`, {
      method: 'POST',
      headers: delivery.headers,
      body: JSON.stringify(forged),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('WEBHOOK_REFUSED');
    const refused = await fx.server.db
      .select()
      .from(providerEvents)
      .where(and(eq(providerEvents.verified, false), sql`${providerEvents.payload}->>'id' = ${forged.id}`));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.refusedReason).toBe('signature');
    // No signature headers at all, and a body that is not JSON: refused too.
    const bare = await fetch(`${fx.base}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(bare.status).toBe(400);
    const junk = await fetch(`${fx.base}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":',
    });
    expect(junk.status).toBe(400);
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
    expect((await purchaseOf(order.purchaseId)).status).toBe('pending');
  });

  it('cancel: no tokens, the purchase rejected, a later capture refused', async () => {
    const m = await member();
    const order = await approvedOrder(m);
    const back = await payerChooses(order.redirect, 'cancel');
    expect(back.pathname).toBe('/paypal/cancel');
    const res = await post(m, '/api/paypal/order/cancel', { orderId: back.searchParams.get('token') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', rejectionReason: messages.onlinePurchaseCancelled });
    expect((await capture(m, order.id)).json().code).toBe('PURCHASE_NOT_PENDING');
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
  });

  it('decline: the capture is declined, the purchase rejected in the spec words, the DENIED event changes nothing', async () => {
    const m = await member();
    const order = await approvedOrder(m);
    await payerChooses(order.redirect, 'decline');
    const res = await capture(m, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: messages.onlinePurchaseFailed });
    expect(await purchaseOf(order.purchaseId)).toMatchObject({
      status: 'rejected',
      rejectionReason: messages.onlinePurchaseFailed,
    });
    await until(
      () =>
        sandbox().deliveries.some((d) => d.eventType === 'PAYMENT.CAPTURE.DENIED' && d.body.includes(order.purchaseId)),
      'denial',
    );
    const denial = sandbox().deliveries.find((d) => d.body.includes(order.purchaseId))!;
    await until(async () => (await eventsOf(denial.eventId))[0]?.processedAt != null, 'the denial processed');
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
  });

  it("capture before approval is 409; another member's order is 404", async () => {
    const m = await member();
    const other = await member();
    const order = await approvedOrder(m);
    const early = await capture(m, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PAYMENT_NOT_APPROVED');
    await payerChooses(order.redirect, 'approve');
    expect((await capture(other, order.id)).statusCode).toBe(404);
    expect((await capture(other, 'NOSUCHORDER')).statusCode).toBe(404);
    expect((await capture(m, order.id)).json().data.status).toBe('completed');
  });

  it('a purchase worth 21 silver tokens activates the vault', async () => {
    const m = await member({ isWalletActivated: false });
    const order = await approvedOrder(m, { paymentType: 'walletActivation', amount: '630' });
    await payerChooses(order.redirect, 'approve');
    expect((await capture(m, order.id)).json().data.status).toBe('completed');
    expect((await fx.server.db.select().from(users).where(eq(users.id, m.user.id)))[0]!.isWalletActivated).toBe(true);
  });
});

describe('expiry', () => {
  it('an online purchase not completed in 24 hours expires by the job, told in PayPal words', async () => {
    const m = await member();
    const order = await approvedOrder(m);
    await fx.server.db
      .update(purchases)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(purchases.id, order.purchaseId));
    await fx.server.container.services.directWires.expireDue();
    expect((await purchaseOf(order.purchaseId)).status).toBe('expired');
    const told = (await fx.server.db.select().from(notifications).where(eq(notifications.userId, m.user.id))).map(
      (n) => n.message,
    );
    expect(told.some((t) => t.startsWith(`Your PayPal payment ${order.orderId} expired`))).toBe(true);
    // Approved late: not captured (the money is not taken for an expired purchase).
    await payerChooses(order.redirect, 'approve');
    expect((await capture(m, order.id)).json().code).toBe('PURCHASE_NOT_PENDING');
  });
});
