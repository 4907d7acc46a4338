import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@vault/contract/messages';
import { add, fromUnits, toUnits } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeTokens } from '../../src/db/schema.ts';
import { createLedger, fee, type Ledger, move, revenue, treasury } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { AppError, answered, asAnswer } from '../ledger-support.ts';
import { createMember, startServer, type TestServer, uniqueEmail } from '../support.ts';

/**
 * The ledger under real concurrency on PostgreSQL (the pool has 20 connections: the rest queue). Each test
 * uses its own asset and members, so it can check whole-asset invariants on the shared database.
 */

let server: TestServer;
let ledger: Ledger;
let staff: string;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  staff = (await createMember(server, { email: uniqueEmail('ledger-staff'), role: 'admin' })).user.id;
});
afterAll(() => server.close());

const freshAsset = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;
const member = async () => (await createMember(server, { email: uniqueEmail('ledger-conc') })).user.id;
const members = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await member());
  return ids;
};
const balance = async (userId: string, asset: string) => (await ledger.balances(userId, [asset]))[asset] ?? '0';

/** A lot-tracked asset token (native_tokens type 'asset'), fresh for the test. */
async function lotAsset() {
  const symbol = freshAsset();
  await server.db.insert(nativeTokens).values({
    id: newId(),
    coinSymbol: symbol,
    name: `${symbol} Asset Token`,
    displayName: symbol,
    shortName: symbol,
    displaySymbol: symbol,
    type: 'asset',
    description: 'Asset token made by the ledger concurrency test.',
    iconUrl: '/tokens/test.svg',
    coinColor: '#000000',
    price: '1',
    decimals: 8,
    orderIndex: 99,
  });
  return symbol;
}

function settledErrors(results: PromiseSettledResult<unknown>[]) {
  return results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => asAnswer(r.reason))
    .map((reason) =>
      reason instanceof AppError
        ? { statusCode: reason.statusCode, code: reason.code, message: reason.message }
        : { unexpected: String(reason), cause: String((reason as { cause?: unknown })?.cause ?? '') },
    );
}
const fulfilled = <T>(results: PromiseSettledResult<T>[]) =>
  results.filter((r): r is PromiseFulfilledResult<T> => r.status === 'fulfilled').map((r) => r.value);

/**
 * The ledger's invariants for one asset: each account's balance is the sum of its postings, each entry's
 * postings sum to zero, member accounts are never negative, the holds account keeps exactly the placed holds,
 * and all balances of the asset sum to zero.
 */
async function checkInvariants(asset: string) {
  const accounts = await server.db.execute<{ id: string; kind: string; balance: string; posted: string }>(sql`
    select a.id, a.kind, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
    from ledger_accounts a left join postings p on p.account_id = a.id
    where a.asset = ${asset} group by a.id`);
  let total = 0n;
  for (const a of accounts.rows) {
    expect(toUnits(a.balance), `${a.kind} account ${a.id}: balance = sum of postings`).toBe(toUnits(a.posted));
    if (a.kind === 'member') expect(toUnits(a.balance)).toBeGreaterThanOrEqual(0n);
    total += toUnits(a.balance);
  }
  expect(total).toBe(0n);
  const unbalanced = await server.db.execute<{ entry_id: string }>(sql`
    select entry_id from postings
    where entry_id in (select entry_id from postings where asset = ${asset})
    group by entry_id, asset having sum(amount) <> 0`);
  expect(unbalanced.rows).toEqual([]);
  const holdsAccount = accounts.rows.find((a) => a.kind === 'holds');
  const placed = await server.db.execute<{ total: string }>(sql`
    select coalesce(sum(amount), 0)::text as total from holds where asset = ${asset} and status = 'placed'`);
  expect(toUnits(holdsAccount?.balance ?? '0')).toBe(toUnits(placed.rows[0]!.total));
}

type Lot = { id: string; amount: string; remaining: string; entryId: string };
async function lotsOf(userId: string, asset: string): Promise<Lot[]> {
  const rows = await server.db.execute<{ id: string; amount: string; remaining: string; entry_id: string }>(sql`
    select l.id, l.amount::text as amount, l.remaining::text as remaining, l.entry_id
    from asset_lots l join ledger_accounts a on a.id = l.account_id
    where a.user_id = ${userId} and l.asset = ${asset}
    order by l.acquired_at, l.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    amount: fromUnits(toUnits(r.amount)),
    remaining: fromUnits(toUnits(r.remaining)),
    entryId: r.entry_id,
  }));
}

/** A member's remaining lots equal their balance plus their placed holds of the asset. */
async function checkLots(asset: string, userIds: string[]) {
  for (const userId of userIds) {
    const lots = await lotsOf(userId, asset);
    for (const lot of lots) {
      expect(toUnits(lot.remaining)).toBeGreaterThanOrEqual(0n);
      expect(toUnits(lot.remaining)).toBeLessThanOrEqual(toUnits(lot.amount));
    }
    const remaining = lots.reduce((sum, lot) => sum + toUnits(lot.remaining), 0n);
    const held = await server.db.execute<{ total: string }>(sql`
      select coalesce(sum(amount), 0)::text as total from holds
      where asset = ${asset} and user_id = ${userId} and status = 'placed'`);
    const expected = toUnits(await balance(userId, asset)) + toUnits(held.rows[0]!.total);
    expect(fromUnits(remaining), `lots of member ${userId} = balance + placed holds`).toBe(fromUnits(expected));
  }
  const systemLots = await server.db.execute<{ n: number }>(sql`
    select count(*)::int as n from asset_lots l join ledger_accounts a on a.id = l.account_id
    where l.asset = ${asset} and a.kind <> 'member'`);
  expect(systemLots.rows[0]?.n).toBe(0);
}

describe('ledger concurrency', () => {
  it('200 simultaneous sends beyond the balance: exactly the affordable 100 succeed, the rest get a 400', async () => {
    const asset = freshAsset();
    const a = await member();
    const recipients = await members(5);
    await ledger.credit({ userId: a, asset, amount: '100.5', by: staff });

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.send({ from: a, to: recipients[i % recipients.length]!, asset, amount: '1' }),
      ),
    );
    expect(fulfilled(results)).toHaveLength(100);
    const errors = settledErrors(results);
    expect(errors).toHaveLength(100);
    for (const error of errors) {
      expect(error).toEqual({
        statusCode: 400,
        code: 'INSUFFICIENT_BALANCE',
        message: messages.insufficientBalance,
      });
    }

    expect(await balance(a, asset)).toBe('0.5');
    // Each recipient got exactly the sends that succeeded for them.
    for (const [r, recipient] of recipients.entries()) {
      const got = results.filter((res, i) => i % recipients.length === r && res.status === 'fulfilled').length;
      expect(await balance(recipient, asset)).toBe(String(got));
    }
    const received = await Promise.all(recipients.map((r) => balance(r, asset)));
    expect(received.reduce((sum, b) => add(sum, b), '0')).toBe('100');

    const sends = await server.db.execute<{ n: number }>(sql`
      select count(distinct j.id)::int as n from journal_entries j join postings p on p.entry_id = j.id
      where j.kind = 'send' and p.asset = ${asset} and j.metadata->>'from' = ${a}`);
    expect(sends.rows[0]?.n).toBe(100);
    const entryIds = new Set(fulfilled(results).map((r) => r.entryId));
    expect(entryIds.size).toBe(100);
    // A plain asset keeps no lots.
    const lots = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from asset_lots where asset = ${asset}`,
    );
    expect(lots.rows[0]?.n).toBe(0);
    await checkInvariants(asset);
  }, 60_000);

  // Plain tokens take the one-statement path (key claimed in the entry's statement); asset tokens the
  // transaction that also moves lots.
  it.each([
    ['a plain token', async () => freshAsset()],
    ['an asset token with lots', lotAsset],
  ])(
    'the same Idempotency-Key 50 times at once makes one entry; another request with it is a 409 (%s)',
    async (_, make) => {
      const asset = await make();
      const [a, b] = (await members(2)) as [string, string];
      await ledger.credit({ userId: a, asset, amount: '10', by: staff });
      const input = { from: a, to: b, asset, amount: '1.25' };

      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => ledger.send(input, { key: 'k1', requestHash: 'h1' })),
      );
      expect(settledErrors(results)).toEqual([]);
      const ids = new Set(fulfilled(results).map((r) => r.entryId));
      expect(ids.size).toBe(1);
      const [entryId] = [...ids];

      const entries = await server.db.execute<{ id: string; kind: string }>(sql`
      select distinct j.id, j.kind from journal_entries j join postings p on p.entry_id = j.id
      where p.asset = ${asset} and j.kind = 'send'`);
      expect(entries.rows).toEqual([{ id: entryId, kind: 'send' }]);
      expect(await balance(a, asset)).toBe('8.75');
      expect(await balance(b, asset)).toBe('1.25');
      const keys = await server.db.execute<{ request_hash: string; response: unknown }>(sql`
      select request_hash, response from idempotency_keys where user_id = ${a} and key = 'k1'`);
      expect(keys.rows).toEqual([{ request_hash: 'h1', response: { entryId } }]);

      // A later repeat gets the first answer; the same key with another request is refused, changing nothing.
      expect(await ledger.send(input, { key: 'k1', requestHash: 'h1' })).toEqual({ entryId });
      await expect(
        answered(ledger.send({ ...input, amount: '2' }, { key: 'k1', requestHash: 'h2' })),
      ).rejects.toMatchObject({
        statusCode: 409,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: messages.idempotencyKeyReused,
      });
      // ... also when both requests race.
      const raced = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          ledger.send(i % 2 ? input : { ...input, amount: '2' }, { key: 'k2', requestHash: i % 2 ? 'h1' : 'h2' }),
        ),
      );
      const winners = new Set(fulfilled(raced).map((r) => r.entryId));
      expect(winners.size).toBe(1);
      const losers = settledErrors(raced);
      expect(losers.length).toBe(10);
      for (const error of losers) expect(error).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
      const after = toUnits(await balance(a, asset));
      expect([toUnits('7.5'), toUnits('6.75')]).toContain(after);
      expect(toUnits(await balance(b, asset))).toBe(toUnits('10') - after);
      await checkInvariants(asset);
    },
    60_000,
  );

  it('commits and releases one hold 20 times each at once: exactly one succeeds, the rest are HOLD_RESOLVED', async () => {
    const asset = freshAsset();
    const [a, b] = (await members(2)) as [string, string];
    await ledger.credit({ userId: a, asset, amount: '50', by: staff });
    // Several holds raced at once, so both outcomes (commit first, release first) are likely to occur.
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => ledger.placeHold({ userId: a, asset, amount: '4', reason: 'race' })),
    );
    expect(await balance(a, asset)).toBe('30');

    const outcomes = await Promise.all(
      placed.map(async ({ holdId }, k) => {
        const results = await Promise.allSettled(
          Array.from({ length: 40 }, (_, i) =>
            (i + k) % 2 ? ledger.releaseHold(holdId, staff) : ledger.commitHold(holdId, { userId: b }, staff),
          ),
        );
        const winners = fulfilled(results);
        expect(winners).toHaveLength(1);
        const errors = settledErrors(results);
        expect(errors).toHaveLength(39);
        for (const error of errors) {
          expect(error).toEqual({ statusCode: 409, code: 'HOLD_RESOLVED', message: messages.holdAlreadyResolved });
        }
        const [row] = (
          await server.db.execute<{ status: string; resolve_entry_id: string }>(
            sql`select status, resolve_entry_id from holds where id = ${holdId}`,
          )
        ).rows;
        expect(row).toEqual({ status: winners[0]!.status, resolve_entry_id: winners[0]!.entryId });
        return winners[0]!.status;
      }),
    );

    const committed = outcomes.filter((s) => s === 'committed').length;
    expect(await balance(b, asset)).toBe(String(4 * committed));
    expect(await balance(a, asset)).toBe(String(30 + 4 * (5 - committed)));
    const resolutions = await server.db.execute<{ n: number }>(sql`
      select count(distinct p.entry_id)::int as n from postings p join journal_entries j on j.id = p.entry_id
      where p.asset = ${asset} and j.kind in ('holdCommit', 'holdRelease')`);
    expect(resolutions.rows[0]?.n).toBe(5);
    await checkInvariants(asset);
  }, 60_000);

  it('reverses one entry 20 times at once: exactly one reversal, the rest are ALREADY_REVERSED', async () => {
    const asset = freshAsset();
    const [a, b] = (await members(2)) as [string, string];
    await ledger.credit({ userId: a, asset, amount: '5', by: staff });
    const { entryId } = await ledger.send({ from: a, to: b, asset, amount: '3' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => ledger.reverse(entryId, staff, 'duplicate')),
    );
    expect(fulfilled(results)).toHaveLength(1);
    const errors = settledErrors(results);
    expect(errors).toHaveLength(19);
    for (const error of errors) {
      expect(error).toEqual({ statusCode: 409, code: 'ALREADY_REVERSED', message: messages.entryAlreadyReversed });
    }
    expect([await balance(a, asset), await balance(b, asset)]).toEqual(['5', '0']);
    await checkInvariants(asset);
  }, 60_000);
});

describe('entries in several assets under concurrency', () => {
  it('swaps both ways with fee legs, sends and system-keyed credits at once: no deadlock escapes, nothing negative', async () => {
    // Two lot-tracked assets, so each swap also takes lots FIFO and makes new ones, after its statement.
    const [gold, silver] = [await lotAsset(), await lotAsset()];
    const people = await members(4);
    for (const p of people) {
      await ledger.credit({ userId: p, asset: gold, amount: '5', by: staff });
      await ledger.credit({ userId: p, asset: silver, amount: '5', by: staff });
    }
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 80; i++) {
      const me = { userId: people[i % 4]! };
      const [give, get] = i % 2 ? [gold, silver] : [silver, gold];
      const kind = i % 5;
      if (kind < 3) {
        calls.push(
          ledger.transact((tx) =>
            tx.post({
              kind: 'swap',
              legs: [
                ...move(me, treasury, give, '0.7'),
                ...move(treasury, me, get, '0.5'),
                ...fee(me, give, '0.01', revenue),
              ],
            }),
          ),
        );
      } else if (kind === 3) {
        const to = people[(i + 1) % 4]!;
        calls.push(ledger.send({ from: me.userId, to, asset: give, amount: '0.3' }));
      } else {
        // A provider's event, delivered twice at once: credited once.
        const credit = () =>
          ledger.transact((tx) => tx.post({ kind: 'credit', legs: move(treasury, me, get, '0.2') }), {
            key: { source: 'test-provider', key: `${gold}-${i}` },
          });
        calls.push(credit(), credit());
      }
    }
    const results = await Promise.allSettled(calls);
    for (const error of settledErrors(results)) expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(fulfilled(results).length).toBeGreaterThan(40);
    const credits = await server.db.execute<{ n: number }>(sql`
      select count(*)::int as n from system_idempotency_keys where source = 'test-provider' and key like ${`${gold}-%`}`);
    expect(credits.rows[0]?.n).toBe(16);
    for (const asset of [gold, silver]) {
      await checkInvariants(asset);
      await checkLots(asset, people);
    }
  }, 60_000);
});

describe('asset lots', () => {
  it('credits create lots; sends consume the oldest first and give the recipient a lot; holds keep them', async () => {
    const asset = await lotAsset();
    const [a, b] = (await members(2)) as [string, string];
    const credits: string[] = [];
    for (const amount of ['1.5', '2', '0.25']) {
      credits.push((await ledger.credit({ userId: a, asset, amount, by: staff })).entryId);
      await sleep(5); // distinct acquisition times
    }
    expect(await lotsOf(a, asset)).toEqual([
      { id: expect.any(String), amount: '1.5', remaining: '1.5', entryId: credits[0] },
      { id: expect.any(String), amount: '2', remaining: '2', entryId: credits[1] },
      { id: expect.any(String), amount: '0.25', remaining: '0.25', entryId: credits[2] },
    ]);
    await checkLots(asset, [a, b]);

    // A send takes the oldest lot whole and part of the next; the recipient acquires one lot.
    const send = await ledger.send({ from: a, to: b, asset, amount: '2.5' });
    expect((await lotsOf(a, asset)).map((l) => l.remaining)).toEqual(['0', '1', '0.25']);
    expect(await lotsOf(b, asset)).toEqual([
      { id: expect.any(String), amount: '2.5', remaining: '2.5', entryId: send.entryId },
    ]);
    await checkLots(asset, [a, b]);

    // A placed hold keeps the member's lots; committing it to B consumes them (oldest first) and gives B a lot.
    const hold = await ledger.placeHold({ userId: a, asset, amount: '0.75', reason: 'lots' });
    expect(await balance(a, asset)).toBe('0.5');
    expect((await lotsOf(a, asset)).map((l) => l.remaining)).toEqual(['0', '1', '0.25']);
    await checkLots(asset, [a, b]);
    const commit = await ledger.commitHold(hold.holdId, { userId: b }, staff);
    expect((await lotsOf(a, asset)).map((l) => l.remaining)).toEqual(['0', '0.25', '0.25']);
    expect((await lotsOf(b, asset)).slice(1)).toEqual([
      { id: expect.any(String), amount: '0.75', remaining: '0.75', entryId: commit.entryId },
    ]);
    await checkLots(asset, [a, b]);

    // A released hold leaves the lots as they were.
    const released = await ledger.placeHold({ userId: a, asset, amount: '0.3', reason: 'lots' });
    await ledger.releaseHold(released.holdId, staff);
    expect((await lotsOf(a, asset)).map((l) => l.remaining)).toEqual(['0', '0.25', '0.25']);
    await checkLots(asset, [a, b]);

    // A hold committed to the treasury (tokens leave the platform) consumes the holder's lots, makes none.
    const out = await ledger.placeHold({ userId: a, asset, amount: '0.3', reason: 'redeem' });
    await ledger.commitHold(out.holdId, undefined, staff);
    expect((await lotsOf(a, asset)).map((l) => l.remaining)).toEqual(['0', '0', '0.2']);
    await checkLots(asset, [a, b]);

    // Reversing the send: B gives back the lot the send made; A gets back the very lots the send took
    // (1.5 of the first, 1 of the second), acquisition dates and all, and no new lot.
    await ledger.reverse(send.entryId, staff, 'mistake');
    expect((await lotsOf(b, asset)).map((l) => l.remaining)).toEqual(['0', '0.75']);
    expect((await lotsOf(a, asset)).map((l) => [l.entryId, l.remaining])).toEqual([
      [credits[0], '1.5'],
      [credits[1], '1'],
      [credits[2], '0.2'],
    ]);
    expect([await balance(a, asset), await balance(b, asset)]).toEqual(['2.7', '0.75']);
    await checkLots(asset, [a, b]);
    await checkInvariants(asset);
  }, 60_000);

  it('reversing a credit takes back the lot it made, not the member’s oldest (the holding period stays)', async () => {
    const asset = await lotAsset();
    const [a, b] = (await members(2)) as [string, string];
    const old = await ledger.credit({ userId: a, asset, amount: '10', by: staff });
    await server.db.execute(
      sql`update asset_lots set acquired_at = now() - interval '2 years' where entry_id = ${old.entryId}`,
    );
    const wrong = await ledger.credit({ userId: a, asset, amount: '5', by: staff });
    await ledger.send({ from: a, to: b, asset, amount: '6' }); // from the oldest lot
    expect((await lotsOf(a, asset)).map((l) => [l.entryId, l.remaining])).toEqual([
      [old.entryId, '4'],
      [wrong.entryId, '5'],
    ]);
    await ledger.reverse(wrong.entryId, staff, 'credited twice');
    // Oldest-first would have taken the 2-year-old lot; the wrong credit's own lot goes instead.
    expect((await lotsOf(a, asset)).map((l) => [l.entryId, l.remaining])).toEqual([
      [old.entryId, '4'],
      [wrong.entryId, '0'],
    ]);
    expect(await balance(a, asset)).toBe('4');
    await checkLots(asset, [a, b]);
    await checkInvariants(asset);
  }, 60_000);

  it('keeps lots = balance + placed holds under concurrent sends, holds, commits, releases and credits', async () => {
    const asset = await lotAsset();
    const people = await members(4);
    for (const p of people) await ledger.credit({ userId: p, asset, amount: '10', by: staff });
    // A seeded generator: the same operations on every run.
    let seed = 20_250_521;
    const random = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const amount = () => fromUnits(BigInt(1 + random(200_000_000)));
    const allowed = new Set(['INSUFFICIENT_BALANCE', 'HOLD_RESOLVED']);

    for (let wave = 0; wave < 4; wave++) {
      const placedHolds = (
        await server.db.execute<{ id: string }>(sql`select id from holds where asset = ${asset} and status = 'placed'`)
      ).rows.map((r) => r.id);
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 60; i++) {
        const from = people[random(4)]!;
        const to = people.filter((p) => p !== from)[random(3)]!;
        const choice = random(10);
        if (choice < 5) calls.push(ledger.send({ from, to, asset, amount: amount() }));
        else if (choice < 7) calls.push(ledger.placeHold({ userId: from, asset, amount: amount(), reason: 'stress' }));
        else if (choice < 8) calls.push(ledger.credit({ userId: from, asset, amount: amount(), by: staff }));
        else if (placedHolds.length > 0) {
          const holdId = placedHolds[random(placedHolds.length)]!;
          calls.push(
            choice < 9
              ? ledger.commitHold(holdId, random(2) ? { userId: to } : undefined, staff)
              : ledger.releaseHold(holdId, staff),
          );
        }
      }
      const results = await Promise.allSettled(calls);
      for (const error of settledErrors(results)) expect(allowed).toContain((error as { code?: string }).code);
      await checkInvariants(asset);
      await checkLots(asset, people);
    }
  }, 60_000);
});
