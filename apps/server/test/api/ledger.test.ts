import { randomBytes } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, journalEntries, nativeTokens } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { answered } from '../ledger-support.ts';
import { createMember, startServer, type TestServer } from '../support.ts';

let server: TestServer;
let ledger: Ledger;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
});
afterAll(() => server.close());

/** A fresh asset per test keeps tests independent on the shared database. */
const asset = () => `T${randomBytes(3).toString('hex').toUpperCase()}`;
const member = async () => (await createMember(server)).user.id;
const balance = async (userId: string, a: string) => (await ledger.balances(userId, [a]))[a] ?? '0';

async function sumOfPostings(a: string) {
  const rows = await server.db.execute<{ account_id: string; balance: string; total: string }>(sql`
    select a.id as account_id, a.balance::text, coalesce(sum(p.amount), 0)::text as total
    from ledger_accounts a left join postings p on p.account_id = a.id
    where a.asset = ${a} group by a.id`);
  return rows.rows;
}

describe('ledger', () => {
  it('credits from the treasury in one balanced entry', async () => {
    const a = asset();
    const m = await member();
    const { entryId } = await ledger.credit({ userId: m, asset: a, amount: '100.12345678', by: null });
    expect(await balance(m, a)).toBe('100.12345678');
    const lines = await server.db.execute<{ total: string }>(
      sql`select sum(amount)::text as total from postings where entry_id = ${entryId}`,
    );
    expect(Number(lines.rows[0]?.total)).toBe(0);
    for (const row of await sumOfPostings(a)) expect(Number(row.balance) - Number(row.total)).toBe(0);
  });

  it('sends between members and refuses what the sender does not have, changing nothing', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    await ledger.credit({ userId: x, asset: a, amount: '10', by: null });
    await ledger.send({ from: x, to: y, asset: a, amount: '3.5' });
    expect([await balance(x, a), await balance(y, a)]).toEqual(['6.5', '3.5']);
    await expect(answered(ledger.send({ from: x, to: y, asset: a, amount: '6.50000001' }))).rejects.toMatchObject({
      statusCode: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: messages.insufficientBalance,
    });
    expect([await balance(x, a), await balance(y, a)]).toEqual(['6.5', '3.5']);
    await expect(answered(ledger.send({ from: x, to: x, asset: a, amount: '1' }))).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(answered(ledger.send({ from: x, to: y, asset: a, amount: '0' }))).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
  });

  it('holds funds, then commits or releases each hold exactly once', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    await ledger.credit({ userId: x, asset: a, amount: '10', by: null });
    const first = await ledger.placeHold({ userId: x, asset: a, amount: '4', reason: 'send request' });
    const second = await ledger.placeHold({ userId: x, asset: a, amount: '5', reason: 'send request' });
    expect(await balance(x, a)).toBe('1');
    await ledger.commitHold(first.holdId, { userId: y }, null);
    await ledger.releaseHold(second.holdId, null);
    expect([await balance(x, a), await balance(y, a)]).toEqual(['6', '4']);
    await expect(answered(ledger.releaseHold(first.holdId, null))).rejects.toMatchObject({
      statusCode: 409,
      code: 'HOLD_RESOLVED',
    });
    await expect(answered(ledger.commitHold(second.holdId, undefined, null))).rejects.toMatchObject({
      code: 'HOLD_RESOLVED',
    });
    await expect(answered(ledger.releaseHold(newId(), null))).rejects.toMatchObject({ statusCode: 404 });
    const [resolved] = await server.db.select().from(holds).where(eq(holds.id, first.holdId));
    expect(resolved).toMatchObject({ status: 'committed' });
    expect(resolved?.resolveEntryId).toBeTruthy();
  });

  it('corrects with a reversing entry, once, and never below zero', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    const credit = await ledger.credit({ userId: x, asset: a, amount: '5', by: null });
    const sent = await ledger.send({ from: x, to: y, asset: a, amount: '5' });
    // x spent the credit: reversing it would make x negative.
    await expect(answered(ledger.reverse(credit.entryId, x, 'wrong member'))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    await ledger.reverse(sent.entryId, x, 'sent by mistake');
    expect([await balance(x, a), await balance(y, a)]).toEqual(['5', '0']);
    await expect(answered(ledger.reverse(sent.entryId, x, 'again'))).rejects.toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REVERSED',
    });
    const [reversal] = await server.db.select().from(journalEntries).where(eq(journalEntries.reverses, sent.entryId));
    expect(reversal?.kind).toBe('reversal');
  });

  it('keeps the journal append-only and every entry balanced, in the database itself', async () => {
    const a = asset();
    const m = await member();
    const { entryId } = await ledger.credit({ userId: m, asset: a, amount: '1', by: null });
    await expect(
      server.db.execute(sql`update postings set amount = amount * 2 where entry_id = ${entryId}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(server.db.execute(sql`delete from journal_entries where id = ${entryId}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    // A lone posting cannot be written: each insert into postings must balance per entry by itself,
    // even when a second insert would balance the two.
    const [account] = (
      await server.db.execute<{ id: string }>(sql`select id from ledger_accounts where user_id = ${m} and asset = ${a}`)
    ).rows;
    const [treasury] = (
      await server.db.execute<{ id: string }>(
        sql`select id from ledger_accounts where kind = 'treasury' and asset = ${a}`,
      )
    ).rows;
    await expect(
      server.db.transaction(async (tx) => {
        const id = newId();
        await tx.insert(journalEntries).values({ id, kind: 'forged' });
        await tx.execute(
          sql`insert into postings (entry_id, account_id, asset, amount) values (${id}, ${account!.id}, ${a}, 1000)`,
        );
        await tx.execute(
          sql`insert into postings (entry_id, account_id, asset, amount) values (${id}, ${treasury!.id}, ${a}, -1000)`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not balance/) } });
    expect(await balance(m, a)).toBe('1');
    // And no member balance can be set below zero, whatever the code path.
    await expect(
      server.db.execute(sql`update ledger_accounts set balance = -1 where id = ${account!.id}`),
    ).rejects.toThrow();
  });

  it('records asset-token lots and redeems oldest first', async () => {
    const a = asset();
    await server.db.insert(nativeTokens).values({
      id: newId(),
      coinSymbol: a,
      name: a,
      displayName: a,
      shortName: a,
      displaySymbol: a,
      description: 'test asset',
      type: 'asset',
      iconUrl: '/tokens/xag.svg',
      coinColor: '#999',
      price: '30',
      decimals: 4,
      orderIndex: 99,
      isVisibleOnWeb: false,
    });
    const [x, y] = [await member(), await member()];
    await ledger.credit({ userId: x, asset: a, amount: '2', by: null });
    await ledger.credit({ userId: x, asset: a, amount: '3', by: null });
    await ledger.send({ from: x, to: y, asset: a, amount: '2.5' });
    const lots = await server.db.execute<{ user_id: string; amount: string; remaining: string }>(sql`
      select a.user_id, l.amount::text, l.remaining::text from asset_lots l join ledger_accounts a on a.id = l.account_id
      where l.asset = ${a} order by l.acquired_at, l.id`);
    expect(lots.rows.map((l) => [l.user_id, Number(l.amount), Number(l.remaining)])).toEqual([
      [x, 2, 0],
      [x, 3, 2.5],
      [y, 2.5, 2.5],
    ]);
  });

  it('answers a repeated idempotency key with the first answer and refuses it for another request', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    await ledger.credit({ userId: x, asset: a, amount: '10', by: null });
    const input = { from: x, to: y, asset: a, amount: '1' };
    const first = await ledger.send(input, { key: 'pay-1', requestHash: 'h1' });
    const again = await ledger.send(input, { key: 'pay-1', requestHash: 'h1' });
    expect(again).toEqual(first);
    expect(await balance(x, a)).toBe('9');
    await expect(
      answered(ledger.send({ ...input, amount: '2' }, { key: 'pay-1', requestHash: 'h2' })),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});
