import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, redemptions } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin } from '../support.ts';
import { type Member, onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * Redemption (issue 14) through the HTTP API, with COINQVEST's sandbox paying crypto requests out: a request
 * holds the tokens at once; asset tokens only from lots held 1 year and 1 day; the desk approves (payout, then
 * the tokens leave circulation once), marks wires paid, rejects (released) or the job expires them.
 * XAG is an asset token (30 USD, 4 decimals), Q a liquidity token (1 USD).
 */
const fx = onlinePurchasesFixture('vault_redemptions');
const { member, post, balanceOf } = fx;
let operator: Awaited<ReturnType<typeof createAdmin>>;
let checker: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  [operator, checker] = await Promise.all([createAdmin(fx.server, 'operator'), createAdmin(fx.server, 'operator')]);
});

const DAY = 24 * 60 * 60 * 1000;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const bankAccount = { cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6' };

async function funded(asset: string, amount: string, values = {}) {
  const m = await member(values);
  await fx.ledger.credit({ userId: m.user.id, asset, amount, by: null });
  return m;
}
/** Dates the member's lots of `asset` back by `days` (how long they have held them). */
const heldFor = (m: Member, asset: string, days: number) =>
  fx.server.db.execute(sql`update asset_lots set acquired_at = now() - make_interval(secs => ${(days * DAY) / 1000})
    where asset = ${asset} and account_id in (select id from ledger_accounts where user_id = ${m.user.id})`);
const crypto = (m: Member, body: object, key = newId()) =>
  post(m, '/api/coinqvest/request', body, { 'idempotency-key': key });
const held = async (m: Member) =>
  (
    await fx.server.db.execute<{ asset: string; amount: string }>(
      sql`select asset, sum(amount)::text as amount from holds where user_id = ${m.user.id} and status = 'placed' group by asset`,
    )
  ).rows;
const desk = (action: string, id: string, body?: object, as = operator) =>
  fx.server.app.inject({
    method: 'POST',
    url: `/api/admin/redemptions/${id}/${action}`,
    headers: as.headers,
    payload: body ?? {},
  });
const rowOf = async (id: string) => (await fx.server.db.select().from(redemptions).where(eq(redemptions.id, id)))[0]!;

describe('POST /api/coinqvest/request', () => {
  it('answers every message of spec 2 §5 Crypto redeem', async () => {
    const m = await funded('Q', '100');
    const res = await crypto(m, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      amount: messages.redeemAmountInvalid,
      tokenId: messages.redeemTokenRequired,
      targetNetwork: messages.targetNetworkRequired,
    });
    const pix = await crypto(m, { amount: '5', tokenId: 'Q', targetNetwork: 'PIX', targetAccount: {} });
    expect(pix.json().fields).toMatchObject({
      'targetAccount.pixKey': messages.targetPixKeyRequired,
      'targetAccount.taxId': messages.targetTaxIdRequired,
    });
    const btc = await crypto(m, {
      amount: '5',
      tokenId: 'Q',
      targetNetwork: 'BITCOIN',
      targetAccount: { address: 'bc1qnope' },
    });
    expect(btc.json().fields).toMatchObject({ 'targetAccount.address': messages.bitcoinAddressInvalid });
    const over = await crypto(m, { amount: '100.01', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount });
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: messages.redeemInsufficientBalance });
    expect(await held(m)).toEqual([]);
  });

  it('holds the tokens at once; the history shows the request pending; a repeat of the key holds nothing more', async () => {
    const m = await funded('Q', '100');
    const key = newId();
    const body = { amount: '40', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount };
    const first = await crypto(m, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: messages.redeemRequested,
      data: { status: 'pending', amount: '40', usdValue: '40', sourceAsset: 'Q', targetNetwork: 'BANK' },
    });
    expect((await crypto(m, body, key)).json().data._id).toBe(first.json().data._id);
    expect(await balanceOf(m.user.id, 'Q')).toBe('60');
    expect(await held(m)).toEqual([{ asset: 'Q', amount: '40.00000000' }]);
    const history = await fx.server.app.inject({
      method: 'GET',
      url: '/api/coinqvest/withdrawal/user?page=1&limit=10',
      headers: m.headers,
    });
    expect(history.json()).toMatchObject({ total: 1, data: [{ status: 'pending', streetAddress: bankAccount.cbu }] });
  });

  it('refuses members whose vault is not activated, and sdira members (they redeem by wire)', async () => {
    const idle = await funded('Q', '10', { isWalletActivated: false });
    const body = { amount: '1', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount };
    expect((await crypto(idle, body)).json()).toMatchObject({ code: 'NOT_ACTIVATED' });
    const sdira = await funded('Q', '10', { type: 'sdira' });
    expect((await crypto(sdira, body)).json()).toMatchObject({ code: 'SDIRA_DIRECT_WIRE' });
  });
});

describe('request/create-legacy-withdraw-request', () => {
  it("is an sdira member's wire redeem: held at once, their Legacy Redeem in the history", async () => {
    const m = await funded('Q', '50', { type: 'sdira' });
    const address = await post(m, '/api/direct-wires/withdraw/address', {
      name: 'IRA custodian',
      accountTitle: 'Ira Sdira',
      address: '9 Custody Row',
      accountNumber: '000987654321',
      bankName: 'Trust Bank',
      bankAddress: '3 Trust St',
      zellePay: 'ira@example.com',
    });
    const res = await post(
      m,
      '/api/request/create-legacy-withdraw-request',
      { amount: '12', token: 'Q', withdrawalAddress: address.json().data._id },
      { 'idempotency-key': newId() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ method: 'directWire', status: 'pending', streetAddress: '9 Custody Row' });
    expect(await balanceOf(m.user.id, 'Q')).toBe('38');
    const logs = await fx.server.app.inject({
      method: 'GET',
      url: '/api/transaction-log/user/logs?page=1&limit=10',
      headers: m.headers,
    });
    expect(JSON.stringify(logs.json())).toContain('legacyWithdrawDeposit');
  });
});

describe('the holding period', () => {
  it('redeems asset tokens only from lots held 1 year and 1 day: a lot one day short is not redeemable', async () => {
    const m = await funded('XAG', '2');
    await heldFor(m, 'XAG', 365 + 1 + 1); // matured (a year is at most 366 days)
    await fx.ledger.credit({ userId: m.user.id, asset: 'XAG', amount: '3', by: null }); // a fresh lot
    const body = (amount: string) => ({
      amount,
      tokenId: 'XAG',
      targetNetwork: 'BITCOIN',
      targetAccount: { address: BTC_ADDRESS },
    });
    const tooMuch = await crypto(m, body('2.5'));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('NOT_MATURED');
    expect(tooMuch.json().message).toMatch(
      /^Only tokens held for 1 year and 1 day can be redeemed: 2 XAG can be redeemed now; more on \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(await held(m)).toEqual([]);
    // Two requests at once for the matured 2: only one can have them.
    const both = await Promise.all([crypto(m, body('1.5')), crypto(m, body('1.5'))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await held(m)).toEqual([{ asset: 'XAG', amount: '1.50000000' }]);
    // The desk sees the member's lots of XAG and when each can be redeemed; Q has no holding period.
    const listed = await fx.server.app.inject({
      method: 'GET',
      url: '/api/admin/redemptions?status=pending&limit=100',
      headers: operator.headers,
    });
    const mine = (listed.json().data as { member: { _id: string }; lots: { redeemableOn: string }[] | null }[]).find(
      (r) => r.member._id === m.user.id,
    )!;
    expect(mine.lots).toHaveLength(2);
    expect(mine.lots!.filter((l) => Date.parse(l.redeemableOn) <= Date.now())).toHaveLength(1);
  });
});

describe('the desk', () => {
  it('approve pays out through COINQVEST and burns the held tokens exactly once, even approved twice at once', async () => {
    const m = await funded('Q', '50');
    const made = await crypto(m, {
      amount: '20',
      tokenId: 'Q',
      targetNetwork: 'BITCOIN',
      targetAccount: { address: BTC_ADDRESS },
    });
    const id = made.json().data._id as string;
    const twice = await Promise.all([desk('approve', id), desk('approve', id)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'completed', payoutStatus: 'PENDING' });
    expect(row.payoutRef).toMatch(/^wd_/);
    expect(await balanceOf(m.user.id, 'Q')).toBe('30');
    expect(await held(m)).toEqual([]);
    // Once completed, it can be neither rejected nor approved again.
    expect((await desk('reject', id, { reason: 'late' })).statusCode).toBe(409);
    const told = await fx.server.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.map((n) => n.message)).toContain('Your redeem request of 20 Q was approved.');
  });

  it('a wire is accepted, then marked paid; reject releases the hold; the job expires what nobody decided', async () => {
    const m = await funded('Q', '90');
    const address = await post(m, '/api/direct-wires/withdraw/address', {
      name: 'Main account',
      accountTitle: 'Ada Lovelace',
      address: '1 Analytical St',
      accountNumber: '000123456789',
      bankName: 'First Bank',
      bankAddress: '2 Bank St',
      zellePay: 'ada@example.com',
    });
    expect(address.statusCode, address.body).toBe(200);
    const addressId = address.json().data._id as string;
    const wire = (amount: string) =>
      post(
        m,
        '/api/direct-wires/withdraw',
        { amount, token: 'Q', withdrawalAddress: addressId },
        { 'idempotency-key': newId() },
      );
    const paid = (await wire('30')).json().data._id as string;
    const rejected = (await wire('20')).json().data._id as string;
    const expiring = (await wire('10')).json().data._id as string;
    expect(await balanceOf(m.user.id, 'Q')).toBe('30');

    expect((await desk('approve', paid)).json().data.status).toBe('accepted');
    expect((await desk('paid', paid)).json().data).toMatchObject({
      status: 'completed',
      streetAddress: '1 Analytical St',
    });
    expect((await desk('reject', rejected, { reason: 'Account name does not match' })).json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Account name does not match',
    });
    await fx.server.db
      .update(redemptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redemptions.id, expiring));
    const { expired } = await fx.server.container.services.redemptionDesk.expireDue();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await rowOf(expiring)).status).toBe('expired');
    // 90 - 30 paid out: the rejected 20 and the expired 10 came back.
    expect(await balanceOf(m.user.id, 'Q')).toBe('60');
    expect(await held(m)).toEqual([]);

    // Another member's redeem address is 404.
    const other = await funded('Q', '5');
    const foreign = await post(other, '/api/direct-wires/withdraw', {
      amount: '1',
      token: 'Q',
      withdrawalAddress: addressId,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('above the maker-checker threshold (10,000 USD) an approval waits for a second administrator', async () => {
    const m = await funded('Q', '20000');
    const made = await crypto(m, { amount: '15000', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount });
    const id = made.json().data._id as string;
    const noReason = await desk('approve', id);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(messages.makerCheckerReasonRequired);
    const waiting = await desk('approve', id, { reason: 'Member called to confirm' });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const { actionId } = waiting.json().data;
    expect((await rowOf(id)).status).toBe('pending');
    const action = (verb: string, as: typeof operator) =>
      fx.server.app.inject({
        method: 'POST',
        url: `/api/admin/actions/${actionId}/${verb}`,
        headers: as.headers,
        payload: { reason: 'Seen the call notes' },
      });
    expect((await action('approve', operator)).statusCode).toBe(403);
    expect((await action('approve', checker)).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'accepted', decidedBy: checker.user.id, payoutRef: null });
    // Accepted by two: the payout is made from the desk, and the tokens leave circulation once.
    const paid = await desk('approve', id, undefined, checker);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'completed' });
    expect(await balanceOf(m.user.id, 'Q')).toBe('5000');
    expect(await held(m)).toEqual([]);
  });
});
