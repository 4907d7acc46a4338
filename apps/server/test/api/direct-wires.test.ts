import { fillMessage, messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries, notifications, purchases, remittanceAddresses, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin, createLoggedInMember, memberSocket, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * Direct wires (issue 12 §3, §4): members ask, the server prices and locks the rate; operators record the
 * money (tokens from clearing:wire, the fee in Q to fees, exactly once; maker-checker above the threshold)
 * or reject; the job expires unpaid ones; a contribution worth 21 silver tokens activates the vault.
 * A database of its own: the catalogue's XAG and Q and the wire fee are this file's.
 *
 * XAG is 30 USD: activation is worth 630 USD. GOLD (asset, 4 decimals) is 32.5 USD; the fee is 25 USD.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
let ledger: Ledger;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let operator: Admin;
let checker: Admin;
let gold: string;
let hidden: string;
let legacy: string;

beforeAll(async () => {
  database = await createTestDatabase('vault_direct_wires');
  server = await startServer({ DATABASE_URL: database.url });
  ledger = createLedger(server.db);
  [operator, checker] = await Promise.all([createAdmin(server, 'operator'), createAdmin(server, 'operator')]);
  await createToken(server, { coinSymbol: 'XAG', type: 'asset', price: '30', decimals: 4 });
  await createToken(server, { coinSymbol: 'Q', type: 'liquidity', price: '1', decimals: 2 });
  gold = (await createToken(server, { type: 'asset', price: '32.5', decimals: 4 })).coinSymbol;
  hidden = (await createToken(server, { type: 'asset', price: '10', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  legacy = (await createToken(server, { type: 'sdira', price: '5', decimals: 2 })).coinSymbol;
  await server.container.services.settings.set('directWireFee', '25');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

type Caller = { headers: Record<string, string> };
const post = (as: Caller, url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...as.headers, ...headers }, payload });
const get = (as: Caller, url: string) => server.app.inject({ method: 'GET', url, headers: as.headers });

const member = async (values: Partial<typeof users.$inferInsert> = {}) => {
  const m = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
  const address = await addAddress(m.user.id, true);
  return { ...m, address };
};
async function addAddress(userId: string, isPrimary: boolean) {
  const id = newId();
  await server.db.insert(remittanceAddresses).values({
    id,
    userId,
    name: 'Remitter',
    country: 'United States',
    email: 'bank@example.com',
    streetAddress: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '73301',
    signaturePath: `private/${id}.png`,
    isPrimary,
  });
  return id;
}
type Member = Awaited<ReturnType<typeof member>>;
const wire = (m: Member, body: object = {}, headers: Record<string, string> = {}) =>
  post(m, '/api/direct-wires', { token: gold, tokenAmount: '20', remittanceAddress: m.address, ...body }, headers);
const received = (as: Admin, id: string, body: object, headers: Record<string, string> = {}) =>
  post(as, `/api/admin/wires/${id}/received`, body, headers);
const balanceOf = async (userId: string, asset = gold) => (await ledger.balances(userId, [asset]))[asset] ?? '0';
const systemBalance = async (kind: string, asset: string) => {
  const { rows } = await server.db.execute<{ b: string }>(
    sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = ${kind} and asset = ${asset}`,
  );
  return Number(rows[0]!.b);
};
const notices = async (userId: string) =>
  (await server.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const isActivated = async (userId: string) =>
  (await server.db.select().from(users).where(eq(users.id, userId)))[0]!.isWalletActivated;

describe('purchase terms', () => {
  it('prices a token, with the first asset minimum and the activation value', async () => {
    const m = await member();
    const res = await get(m, `/api/purchases/terms?token=${gold}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      coinSymbol: gold,
      type: 'asset',
      rate: '32.5',
      minimumTokens: '19.385',
      activationUsd: '630',
      activationAmount: '19.3847',
    });
    expect((await get(m, '/api/purchases/terms?token=Q')).json().data.minimumTokens).toBeNull();
  });

  it('refuses hidden tokens, legacy tokens for ordinary members and unknown symbols', async () => {
    const m = await member();
    for (const token of [hidden, legacy, 'NOPE']) {
      const res = await get(m, `/api/purchases/terms?token=${token}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.tokenNotPurchasable);
    }
  });
});

describe('POST /api/direct-wires', () => {
  it('creates a pending wire at the server price, with the fee, the due date and an order id', async () => {
    const m = await member();
    const res = await wire(m, { amount: '1', tokenRate: '0.01' }, { 'idempotency-key': newId() });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe(messages.directWireCreated);
    expect(data).toMatchObject({
      status: 'pending',
      method: 'directWire',
      type: 'tokenPurchase',
      // 20 GOLD at 32.5 USD, plus the 25 USD fee: what arrives less the fee buys exactly the 20 asked for.
      amount: '675',
      tokenAmount: '20',
      tokenRate: '32.5',
      wireFee: '25',
      toName: 'Remitter',
      receivedAmount: null,
    });
    expect(data.orderId).toMatch(/^DW-[A-Z2-7]{10}$/);
    const days = (Date.parse(data.dueAt) - Date.parse(data.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(3, 3);
    expect((await notices(m.user.id)).some((n) => n.includes(data.orderId))).toBe(true);
    const list = await get(m, '/api/direct-wires/user');
    expect(list.json().data.map((w: { _id: string }) => w._id)).toEqual([data._id]);
    expect((await get(m, `/api/direct-wires/${data._id}`)).json().data._id).toBe(data._id);
    // Another member's wire does not exist for them.
    const other = await member();
    expect((await get(other, `/api/direct-wires/${data._id}`)).statusCode).toBe(404);
  });

  it('answers a repeated Idempotency-Key with the same wire, made once', async () => {
    const m = await member();
    const key = { 'idempotency-key': newId() };
    const [a, b] = await Promise.all([wire(m, {}, key), wire(m, {}, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(await server.db.select().from(purchases).where(eq(purchases.userId, m.user.id))).toHaveLength(1);
    expect((await wire(m, { tokenAmount: '21' }, key)).statusCode).toBe(409);
  });

  it('says every refusal in the spec words', async () => {
    const m = await member();
    const expectError = async (res: Awaited<ReturnType<typeof wire>>, status: number, text: string, field?: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(text);
      if (field) expect(res.json().fields[field]).toBe(text);
    };
    await expectError(await wire(m, { token: hidden }), 400, messages.tokenNotPurchasable);
    await expectError(await wire(m, { token: legacy }), 400, messages.tokenNotPurchasable);
    const minimum = fillMessage(messages.firstAssetMinimum, { n: '19.385' });
    await expectError(await wire(m, { tokenAmount: '19.38' }), 400, minimum, 'tokenAmount');
    await expectError(await wire(m, { tokenAmount: 'abc' }), 400, messages.invalidAmount, 'tokenAmount');
    await expectError(await wire(m, { tokenAmount: '' }), 400, messages.amountRequired, 'tokenAmount');
    await expectError(await wire(m, { tokenAmount: '1000000000' }), 400, 'max 8 number required', 'tokenAmount');
    // The primary address: none, another member's, and one of theirs that is not starred.
    const select = messages.selectPrimaryAddress;
    const bare = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    const noAddress = await post(bare, '/api/direct-wires', {
      token: gold,
      tokenAmount: '20',
      remittanceAddress: m.address,
    });
    await expectError(noAddress, 400, select, 'remittanceAddress');
    const other = await member();
    await expectError(await wire(m, { remittanceAddress: other.address }), 400, select, 'remittanceAddress');
    const second = await addAddress(m.user.id, false);
    await expectError(await wire(m, { remittanceAddress: second }), 400, select, 'remittanceAddress');
    await expectError(await wire(m, { remittanceAddress: 'not-an-id' }), 400, select, 'remittanceAddress');
    // Activation contributions: only for a vault not activated, worth 21 silver tokens.
    await expectError(await wire(m, { type: 'walletActivation' }), 400, messages.alreadyActivated);
    const fresh = await member({ isWalletActivated: false });
    const short = await wire(fresh, { token: 'Q', tokenAmount: '629.99', type: 'walletActivation' });
    const text = fillMessage(messages.activationContributionMinimum, { usd: '630.00', amount: '630', symbol: 'Q' });
    await expectError(short, 400, text, 'tokenAmount');
    // sdira members fund by legacy deposit; administrators have no vault to fund.
    const sdira = await member({ type: 'sdira' });
    await expectError(await wire(sdira, { token: 'Q' }), 403, messages.directWireLegacyOnly);
    expect((await wire({ ...m, headers: operator.headers })).statusCode).toBe(401);
    expect(await server.db.select().from(purchases).where(eq(purchases.userId, m.user.id))).toHaveLength(0);
  });

  it('keeps at most 10 wires pending per member', async () => {
    const m = await member();
    for (let i = 0; i < 10; i++) expect((await wire(m, { token: 'Q', tokenAmount: '10' })).statusCode).toBe(200);
    const res = await wire(m, { token: 'Q', tokenAmount: '10' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_PENDING_WIRES' });
  });
});

describe('legacy deposits', () => {
  it('are for sdira members, recorded like a wire with method and type legacy', async () => {
    const ordinary = await member();
    const body = (m: Member) => ({ coin: legacy, tokenAmount: '200', remittanceAddress: m.address });
    const refused = await post(ordinary, '/api/request/create-legacy-deposit', body(ordinary));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.legacyDepositSdiraOnly);
    const sdira = await member({ type: 'sdira' });
    const res = await post(sdira, '/api/request/create-legacy-deposit', body(sdira));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.legacyDepositSent,
      data: { method: 'legacy', type: 'legacy', amount: '1025', tokenRate: '5' },
    });
    const done = await received(operator, res.json().data._id, { receivedAmount: '1025' });
    expect(done.statusCode).toBe(200);
    expect(await balanceOf(sdira.user.id, legacy)).toBe('200');
    const [entry] = await server.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, done.json().data.entryId));
    expect(entry!.metadata).toMatchObject({ logType: 'legacyDeposit' });
  });
});

describe('expiry', () => {
  it('expires unpaid wires past their due date and tells the member', async () => {
    const m = await member();
    const { data } = (await wire(m)).json();
    await server.db
      .update(purchases)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(purchases.id, data._id));
    const { expired } = await server.container.services.directWires.expireDue();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await get(m, '/api/direct-wires/user')).json().data[0]).toMatchObject({ _id: data._id, status: 'expired' });
    expect((await notices(m.user.id)).some((n) => n.startsWith(`Your direct wire ${data.orderId} expired`))).toBe(true);
    // The money arriving late is still recorded.
    expect((await received(operator, data._id, { receivedAmount: '675' })).statusCode).toBe(200);
    expect(await balanceOf(m.user.id)).toBe('20');
  });
});

describe('recording a wire received', () => {
  it('issues (received − fee) ÷ locked rate, cut down to the decimals, the fee in Q to fees', async () => {
    const m = await member();
    const { data } = (await wire(m, { tokenAmount: '30' })).json();
    // The price moving after the request changes nothing: the rate was locked.
    await server.db.execute(sql`update native_tokens set price = 40 where coin_symbol = ${gold}`);
    const [clearingBefore, feesBefore] = [await systemBalance('clearing:wire', gold), await systemBalance('fees', 'Q')];
    const res = await received(operator, data._id, { receivedAmount: '1000.01' });
    await server.db.execute(sql`update native_tokens set price = 32.5 where coin_symbol = ${gold}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.wireReceived,
      data: { status: 'completed', receivedAmount: '1000.01', issuedAmount: '30.0003', wireFee: '25' },
    });
    expect(await balanceOf(m.user.id)).toBe('30.0003');
    expect(await systemBalance('clearing:wire', gold)).toBeCloseTo(clearingBefore - 30.0003, 8);
    expect(await systemBalance('fees', 'Q')).toBeCloseTo(feesBefore + 25, 8);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wire.receive'), eq(auditLog.targetId, data._id)));
    expect(audit!.details).toMatchObject({ receivedUsd: '1000.01', feeUsd: '25', rate: '32.5', tokens: '30.0003' });
    expect(await notices(m.user.id)).toContain(
      fillMessage(messages.wireReceivedNotice, { orderId: data.orderId, tokens: '30.0003', symbol: gold }),
    );
  });

  it('refuses an amount that does not cover the fee', async () => {
    const m = await member();
    const { data } = (await wire(m)).json();
    const res = await received(operator, data._id, { receivedAmount: '25' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.wireTooSmall);
  });

  it('issues once when two operators record the same wire at the same moment', async () => {
    const m = await member();
    const { data } = (await wire(m, { tokenAmount: '30' })).json();
    const before = await systemBalance('clearing:wire', gold);
    const answers = await Promise.all([
      received(operator, data._id, { receivedAmount: '1000.00' }, { 'idempotency-key': newId() }),
      received(checker, data._id, { receivedAmount: '1000.00' }, { 'idempotency-key': newId() }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(messages.wireAlreadyDecided);
    expect(await balanceOf(m.user.id)).toBe('30');
    expect(await systemBalance('clearing:wire', gold)).toBeCloseTo(before - 30, 8);
  });

  it('waits for a second administrator above the threshold', async () => {
    const m = await member();
    const { data } = (await wire(m, { tokenAmount: '700' })).json();
    const noReason = await received(operator, data._id, { receivedAmount: '22775' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(messages.makerCheckerReasonRequired);
    const held = await received(operator, data._id, { receivedAmount: '22775', reason: 'Bank statement 42' });
    expect(held.statusCode).toBe(202);
    const { actionId } = held.json().data;
    expect(await balanceOf(m.user.id)).toBe('0');
    expect((await post(operator, `/api/admin/actions/${actionId}/approve`, { reason: 'Fine by me' })).statusCode).toBe(
      403,
    );
    const approved = await post(checker, `/api/admin/actions/${actionId}/approve`, { reason: 'Seen the statement' });
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(m.user.id)).toBe('700');
    const detail = (await get(operator, `/api/admin/wires/${data._id}`)).json().data;
    expect(detail).toMatchObject({ status: 'completed', decidedBy: { id: checker.user.id } });
  });

  it('rejects with a reason, once; a rejected wire is not recorded', async () => {
    const m = await member();
    const { data } = (await wire(m)).json();
    const res = await post(operator, `/api/admin/wires/${data._id}/reject`, { reason: 'No funds arrived' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.wireRejected, data: { status: 'rejected' } });
    expect((await post(operator, `/api/admin/wires/${data._id}/reject`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await received(operator, data._id, { receivedAmount: '700' })).statusCode).toBe(409);
    expect(await notices(m.user.id)).toContain(
      fillMessage(messages.wireRejectedNotice, { orderId: data.orderId, reason: 'No funds arrived' }),
    );
    const list = (await get(operator, '/api/admin/wires?status=rejected')).json();
    expect(list.data.some((w: { _id: string }) => w._id === data._id)).toBe(true);
  });
});

describe('activation by contribution', () => {
  it('activates a vault when the contribution, net of the fee, reaches 21 silver tokens', async () => {
    const m = await member({ isWalletActivated: false });
    const { data } = (await wire(m, { token: 'Q', tokenAmount: '700', type: 'walletActivation' })).json();
    const socket = await memberSocket(server, m);
    try {
      expect((await received(operator, data._id, { receivedAmount: '655' })).statusCode).toBe(200);
      // The member's open screens hear of the tokens and of the activation.
      const types = new Set<string>();
      while (!types.has('walletActivated')) types.add((await socket.next()).type);
      expect(types.has('nativeWalletUpdate')).toBe(true);
    } finally {
      socket.close();
    }
    expect(await isActivated(m.user.id)).toBe(true);
    expect(await notices(m.user.id)).toContain(messages.wireActivatedNotice);
  });

  it('leaves it as it is below that', async () => {
    const m = await member({ isWalletActivated: false });
    const { data } = (await wire(m, { token: 'Q', tokenAmount: '700', type: 'walletActivation' })).json();
    expect((await received(operator, data._id, { receivedAmount: '654.99' })).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('629.99');
    expect(await isActivated(m.user.id)).toBe(false);
  });
});
