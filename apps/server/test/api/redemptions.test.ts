import { messages } from '@vault/contract/messages';
import { add, normalize } from '@vault/contract/money';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, redemptions } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { coinqvestClient } from '../../src/providers/coinqvest/index.ts';
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
const systemBalance = async (kind: string, asset: string) =>
  normalize(
    (
      await fx.server.db.execute<{ balance: string }>(
        sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where kind = ${kind} and asset = ${asset}`,
      )
    ).rows[0]!.balance,
  );
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
    const mine = (
      listed.json().data as { _id: string; member: { _id: string }; lots: { redeemableOn: string }[] | null }[]
    ).find((r) => r.member._id === m.user.id)!;
    expect(mine.lots).toHaveLength(2);
    expect(mine.lots!.filter((l) => Date.parse(l.redeemableOn) <= Date.now())).toHaveLength(1);
    // The approvals queue opens one request by its id: the same view; a member may not read it.
    const one = (id: string, headers = operator.headers) =>
      fx.server.app.inject({ method: 'GET', url: `/api/admin/redemptions/${id}`, headers });
    expect((await one(mine._id)).json().data).toEqual(mine);
    expect((await one(newId())).statusCode).toBe(404);
    expect((await one(mine._id, m.headers)).statusCode).toBe(403);
  });
});

describe('the holding period at its exact boundary', () => {
  it('a lot one second short of 1 year and 1 day is not redeemable; at the boundary it is', async () => {
    const m = await funded('XAG', '1');
    // Less than the balance: a COINQVEST redeem must leave some.
    const body = {
      amount: '0.9999',
      tokenId: 'XAG',
      targetNetwork: 'BITCOIN',
      targetAccount: { address: BTC_ADDRESS },
    };
    // Dated so that it qualifies `offset` seconds from now (1 year and 1 day after it was acquired).
    const qualifiesIn = (seconds: number) =>
      fx.server.db.execute(sql`update asset_lots set acquired_at = now() - interval '1 year 1 day' + make_interval(secs => ${seconds})
        where asset = 'XAG' and account_id in (select id from ledger_accounts where user_id = ${m.user.id})`);
    await qualifiesIn(1);
    const short = await crypto(m, body);
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('NOT_MATURED');
    expect(short.json().message).toMatch(/: 0 XAG can be redeemed now; more on \d{4}-\d{2}-\d{2}\.$/);
    expect(await held(m)).toEqual([]);
    await qualifiesIn(-1);
    const matured = await crypto(m, body);
    expect(matured.statusCode, matured.body).toBe(200);
  });
});

describe('Insufficient Balance', () => {
  it('a COINQVEST redeem is refused at the balance (spec 2 §5), a direct wire may take it all', async () => {
    const m = await funded('Q', '40');
    const all = await crypto(m, { amount: '40', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: messages.redeemInsufficientBalance });
    expect(await held(m)).toEqual([]);
    const address = await post(m, '/api/direct-wires/withdraw/address', {
      name: 'Main account',
      accountTitle: 'Ada Lovelace',
      address: '1 Analytical St',
      accountNumber: '000123456789',
      bankName: 'First Bank',
      bankAddress: '2 Bank St',
      zellePay: 'ada@example.com',
    });
    const wire = await post(
      m,
      '/api/direct-wires/withdraw',
      { amount: '40', token: 'Q', withdrawalAddress: address.json().data._id },
      { 'idempotency-key': newId() },
    );
    expect(wire.statusCode, wire.body).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('0');
  });
});

describe('the redemption fee', () => {
  it('is fixed on the request from the settings; on completion it goes to the fees account and the rest is burned and paid out', async () => {
    const owner = await createAdmin(fx.server, 'owner');
    const setFee = (redemptionFeePercent: string) =>
      fx.server.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/redemption-fee',
        headers: owner.headers,
        payload: { redemptionFeePercent },
      });
    const bad = await setFee('10.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.redemptionFeePercent).toBe('The fee is at most 10 percent');
    const byOperator = await fx.server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/redemption-fee',
      headers: operator.headers,
      payload: { redemptionFeePercent: '1' },
    });
    expect(byOperator.statusCode).toBe(403);
    expect((await setFee('2.5')).statusCode).toBe(200);
    const members = await fx.server.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: (await funded('Q', '1')).headers,
    });
    expect(members.json().redemptionFeePercent).toBe('2.5');
    try {
      const m = await funded('XAG', '10');
      await heldFor(m, 'XAG', 400);
      const made = await crypto(m, {
        amount: '3.3333',
        tokenId: 'XAG',
        targetNetwork: 'BANK',
        targetAccount: bankAccount,
      });
      expect(made.statusCode, made.body).toBe(200);
      // 2.5 % of 3.3333 XAG is 0.08333325, cut down to XAG's 4 decimals; the rest (3.25) at 30 USD is 97.50;
      // the whole, 99.999, is 100.00 to the cent.
      expect(made.json().data).toMatchObject({ fee: '0.0833', payoutUsd: '97.5', usdValue: '100' });
      // A change of the rate later does not touch the request made.
      expect((await setFee('5')).statusCode).toBe(200);
      const treasuryBefore = await systemBalance('treasury', 'XAG');
      const feesBefore = await systemBalance('fees', 'XAG');
      const approved = await desk('approve', made.json().data._id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'completed', fee: '0.0833', payoutUsd: '97.5' });
      expect(await systemBalance('fees', 'XAG')).toBe(add(feesBefore, '0.0833'));
      expect(await systemBalance('treasury', 'XAG')).toBe(add(treasuryBefore, '3.25'));
      expect(await balanceOf(m.user.id, 'XAG')).toBe('6.6667');
    } finally {
      expect((await setFee('0')).statusCode).toBe(200);
    }
  });
});

describe('the payout', () => {
  it('is asked of COINQVEST under one Idempotency-Key per request: a repeat gets the same withdrawal, another body 409', async () => {
    const client = (await coinqvestClient(fx.server.config, fx.server.db))!;
    const input = { sourceAsset: 'USD', sourceAmount: '12.5', targetNetwork: 'BANK', targetAccount: bankAccount };
    const key = `redemption:${newId()}`;
    const first = await client.createWithdrawal(input, key);
    expect(first.id).toMatch(/^wd_/);
    expect(await client.createWithdrawal(input, key)).toEqual(first);
    await expect(client.createWithdrawal({ ...input, sourceAmount: '13' }, key)).rejects.toMatchObject({
      kind: 'invalid',
      status: 409,
    });
    expect((await client.createWithdrawal(input, `redemption:${newId()}`)).id).not.toBe(first.id);
  });

  it('refused by COINQVEST: it may be retried or rejected; no answer: only retried (it may have paid)', async () => {
    const m = await funded('Q', '100');
    const made = async () =>
      (await crypto(m, { amount: '10', tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount })).json().data
        ._id as string;
    const refused = await made();
    const unanswered = await made();
    // As the desk leaves them: accepted, the payout asked and answered no (REFUSED) or not answered (FAILED).
    await fx.server.db
      .update(redemptions)
      .set({ status: 'accepted', payoutStatus: 'REFUSED' })
      .where(eq(redemptions.id, refused));
    await fx.server.db
      .update(redemptions)
      .set({ status: 'accepted', payoutStatus: 'FAILED' })
      .where(eq(redemptions.id, unanswered));
    expect((await desk('reject', unanswered, { reason: 'Wrong account' })).statusCode).toBe(409);
    expect((await desk('reject', refused, { reason: 'Wrong account' })).json().data.status).toBe('rejected');
    const retried = await desk('approve', unanswered);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'completed', payoutStatus: 'PENDING' });
    expect(await balanceOf(m.user.id, 'Q')).toBe('90');
    expect(await held(m)).toEqual([]);
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

  it('approve and reject at the same moment: exactly one happens, and the hold is burned or released once', async () => {
    const m = await funded('Q', '50');
    const wireAddress = await post(m, '/api/direct-wires/withdraw/address', {
      name: 'Main account',
      accountTitle: 'Ada Lovelace',
      address: '1 Analytical St',
      accountNumber: '000123456789',
      bankName: 'First Bank',
      bankAddress: '2 Bank St',
      zellePay: 'ada@example.com',
    });
    const addressId = wireAddress.json().data._id as string;
    for (let round = 0; round < 3; round++) {
      const crypto10 = await crypto(m, {
        amount: '5',
        tokenId: 'Q',
        targetNetwork: 'BANK',
        targetAccount: bankAccount,
      });
      const cryptoId = crypto10.json().data._id as string;
      const [approved, rejected] = await Promise.all([
        desk('approve', cryptoId),
        desk('reject', cryptoId, { reason: 'Race' }),
      ]);
      expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
      const wire = await post(
        m,
        '/api/direct-wires/withdraw',
        { amount: '5', token: 'Q', withdrawalAddress: addressId },
        { 'idempotency-key': newId() },
      );
      const wireId = wire.json().data._id as string;
      expect((await desk('approve', wireId)).statusCode).toBe(200);
      const [paid, refused] = await Promise.all([desk('paid', wireId), desk('reject', wireId, { reason: 'Race' })]);
      expect([paid.statusCode, refused.statusCode].sort()).toEqual([200, 409]);
    }
    // Each of the six requests either left circulation or came back, once: the balance says which.
    const rows = await fx.server.db.select().from(redemptions).where(eq(redemptions.userId, m.user.id));
    const completed = rows.filter((r) => r.status === 'completed').length;
    expect(rows.filter((r) => r.status === 'rejected').length + completed).toBe(6);
    expect(await balanceOf(m.user.id, 'Q')).toBe(String(50 - 5 * completed));
    expect(await held(m)).toEqual([]);
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
