import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@vault/contract/messages';
import { fromUnits, toUnits } from '@vault/contract/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries } from '../../src/db/schema.ts';
import {
  clearing,
  createLedger,
  type EntryInput,
  fee,
  type Ledger,
  type LedgerError,
  move,
  revenue,
  treasury,
} from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { answered } from '../ledger-support.ts';
import { createMember, startServer, type TestServer, uniqueEmail } from '../support.ts';

/**
 * Ledger v2 (issue 10): entries in several assets, fee legs, `transact` with the caller's own rows, open
 * system accounts, system idempotency keys, and what the database itself refuses.
 */

let server: TestServer;
let ledger: Ledger;
/** Assets with lots for this file's ledger (no catalogue rows needed). */
const lotAssets = new Set<string>();
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db, { tracksLots: async (_q, asset) => lotAssets.has(asset) });
});
afterAll(() => server.close());

const asset = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;
const lotAsset = () => {
  const symbol = asset();
  lotAssets.add(symbol);
  return symbol;
};
const member = async () => (await createMember(server, { email: uniqueEmail('ledger-v2') })).user.id;
const balance = async (userId: string, a: string) => (await ledger.balances(userId, [a]))[a] ?? '0';

/** The balance of a system account (kind) in an asset. */
async function systemBalance(kind: string, a: string) {
  const rows = await server.db.execute<{ balance: string }>(
    sql`select balance::text from ledger_accounts where kind = ${kind} and asset = ${a} and user_id is null`,
  );
  return rows.rows[0] ? fromUnits(toUnits(rows.rows[0].balance)) : undefined;
}

async function postingsOf(entryId: string) {
  const rows = await server.db.execute<{ kind: string; user_id: string | null; asset: string; amount: string }>(sql`
    select a.kind, a.user_id, p.asset, p.amount::text from postings p join ledger_accounts a on a.id = p.account_id
    where p.entry_id = ${entryId} order by p.id`);
  return rows.rows.map((r) => [r.user_id ?? r.kind, r.asset, fromUnits(toUnits(r.amount))]);
}

describe('entries in several assets, with fee legs', () => {
  it('a swap gives one asset and receives another in one entry, each asset summing to zero, with a fee leg', async () => {
    const [xag, q] = [asset(), asset()];
    const m = await member();
    await ledger.credit({ userId: m, asset: xag, amount: '3', by: null });
    const { entryId } = await ledger.transact((tx) =>
      tx.post({
        kind: 'swap',
        legs: [
          ...move({ userId: m }, treasury, xag, '2'),
          ...move(treasury, { userId: m }, q, '60'),
          ...fee({ userId: m }, q, '0.6', revenue),
        ],
        metadata: { rate: '30' },
      }),
    );
    expect([await balance(m, xag), await balance(m, q)]).toEqual(['1', '59.4']);
    expect([await systemBalance('treasury', xag), await systemBalance('treasury', q)]).toEqual(['-1', '-60']);
    expect(await systemBalance('revenue', q)).toBe('0.6');
    expect(await postingsOf(entryId)).toEqual([
      [m, xag, '-2'],
      ['treasury', xag, '2'],
      ['treasury', q, '-60'],
      [m, q, '60'],
      [m, q, '-0.6'],
      ['revenue', q, '0.6'],
    ]);
    const [entry] = await server.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    // The kind's schema fills in its defaults.
    expect(entry).toMatchObject({ kind: 'swap', metadata: { rate: '30', logType: 'assetToAssetSwap' } });
  });

  it('refuses legs that do not balance per asset, an unknown kind, metadata its kind does not know', async () => {
    const [a, b] = [asset(), asset()];
    const m = await member();
    const refused = (entry: EntryInput) =>
      ledger
        .transact((tx) => tx.post(entry))
        .then(
          () => 'written',
          (error: LedgerError) => error.code,
        );
    // Balanced in total, not per asset.
    const crossed = [
      { party: treasury, asset: a, amount: '-1' },
      { party: { userId: m }, asset: b, amount: '1' },
    ];
    expect(await refused({ kind: 'credit', legs: crossed })).toBe('UNBALANCED');
    expect(await refused({ kind: 'credit', legs: [{ party: { userId: m }, asset: a, amount: '1' }] })).toBe(
      'UNBALANCED',
    );
    expect(await refused({ kind: 'gift', legs: move(treasury, { userId: m }, a, '1') })).toBe('UNKNOWN_KIND');
    expect(await refused({ kind: 'send', legs: move(treasury, { userId: m }, a, '1'), metadata: { from: 'x' } })).toBe(
      'INVALID_METADATA',
    );
    expect(await refused({ kind: 'credit', legs: move(treasury, { userId: m }, a, '1'), metadata: { note: 1 } })).toBe(
      'INVALID_METADATA',
    );
    // The holds account moves only through holds; a system kind follows the naming rule.
    expect(await refused({ kind: 'credit', legs: move({ system: 'holds' }, { userId: m }, a, '1') })).toBe(
      'INVALID_ACCOUNT',
    );
    expect(await refused({ kind: 'credit', legs: move({ system: 'Bad Kind' }, { userId: m }, a, '1') })).toBe(
      'INVALID_ACCOUNT',
    );
    expect([await balance(m, a), await balance(m, b)]).toEqual(['0', '0']);
  });

  it('opens system accounts on first use: a provider purchase is credited from its clearing account with a fee', async () => {
    const q = asset();
    const m = await member();
    const { entryId } = await ledger.transact((tx) =>
      tx.post({
        kind: 'credit',
        legs: [...move(clearing('paypal'), { userId: m }, q, '100'), ...fee({ userId: m }, q, '2.5')],
      }),
    );
    expect(await balance(m, q)).toBe('97.5');
    expect([await systemBalance('clearing:paypal', q), await systemBalance('fees', q)]).toEqual(['-100', '2.5']);
    expect(await postingsOf(entryId)).toHaveLength(4);
    // The database holds the naming rule too.
    await expect(
      server.db.execute(sql`insert into ledger_accounts (id, asset, kind) values (${newId()}, ${q}, 'not a kind')`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not follow the naming rule/) } });
  });

  it('a swap takes the given asset from the oldest lots and makes the received asset a new lot dated now', async () => {
    const [gold, silver] = [lotAsset(), lotAsset()];
    const m = await member();
    const first = await ledger.credit({ userId: m, asset: gold, amount: '1', by: null });
    await sleep(5);
    const second = await ledger.credit({ userId: m, asset: gold, amount: '2', by: null });
    await server.db.execute(
      sql`update asset_lots set acquired_at = now() - interval '2 years' where entry_id = ${first.entryId}`,
    );
    const before = Date.now();
    const swap = await ledger.transact((tx) =>
      tx.post({
        kind: 'swap',
        legs: [
          ...move({ userId: m }, treasury, gold, '1.5'),
          ...move(treasury, { userId: m }, silver, '90'),
          ...fee({ userId: m }, silver, '1'),
        ],
      }),
    );
    const lots = await server.db.execute<{
      asset: string;
      entry_id: string;
      amount: string;
      remaining: string;
      acquired_at: Date;
    }>(sql`
      select asset, entry_id, amount::text, remaining::text, acquired_at from asset_lots
      where account_id in (select id from ledger_accounts where user_id = ${m}) order by acquired_at, id`);
    const rows = lots.rows.map((l) => [
      l.asset,
      l.entry_id,
      fromUnits(toUnits(l.amount)),
      fromUnits(toUnits(l.remaining)),
    ]);
    // The 2-year-old lot went first, then half of the newer one; silver is one lot net of the fee.
    expect(rows).toEqual([
      [gold, first.entryId, '1', '0'],
      [gold, second.entryId, '2', '1.5'],
      [silver, swap.entryId, '89', '89'],
    ]);
    expect(new Date(lots.rows[2]!.acquired_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Reversing the swap gives the very gold lots back and takes the silver lot away.
    await ledger.reverse(swap.entryId, null, 'quoted the wrong price');
    const after = await server.db.execute<{ remaining: string }>(sql`
      select remaining::text from asset_lots where account_id in (select id from ledger_accounts where user_id = ${m})
      order by acquired_at, id`);
    expect(after.rows.map((r) => fromUnits(toUnits(r.remaining)))).toEqual(['1', '2', '0']);
    expect([await balance(m, gold), await balance(m, silver)]).toEqual(['3', '0']);
  });
});

describe('transact', () => {
  it('commits several movements and the caller’s own row together', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    const auditId = newId();
    const result = await ledger.transact(async (tx) => {
      const credit = await tx.post({ kind: 'credit', legs: move(treasury, { userId: x }, a, '10') });
      const hold = await tx.placeHold({ userId: x, asset: a, amount: '4', reason: 'order' });
      await tx.commitHold(hold.holdId, { userId: y });
      await tx.db.insert(auditLog).values({ id: auditId, action: 'test.transact', details: { credit } });
      return { balance: (await tx.balances(x, [a]))[a] };
    });
    expect(result).toEqual({ balance: '6' });
    expect([await balance(x, a), await balance(y, a)]).toEqual(['6', '4']);
    expect(await server.db.select().from(auditLog).where(eq(auditLog.id, auditId))).toHaveLength(1);
  });

  it('rolls back the caller’s own row and every movement when one movement fails', async () => {
    const a = asset();
    const [x, y] = [await member(), await member()];
    await ledger.credit({ userId: x, asset: a, amount: '5', by: null });
    const auditId = newId();
    const failed = ledger.transact(async (tx) => {
      await tx.post({ kind: 'send', legs: move({ userId: x }, { userId: y }, a, '3'), metadata: { from: x, to: y } });
      await tx.db.insert(auditLog).values({ id: auditId, action: 'test.rollback' });
      // 2 left: this one overdraws.
      await tx.post({ kind: 'send', legs: move({ userId: x }, { userId: y }, a, '3'), metadata: { from: x, to: y } });
    });
    await expect(answered(failed)).rejects.toMatchObject({
      statusCode: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: messages.insufficientBalance,
    });
    expect([await balance(x, a), await balance(y, a)]).toEqual(['5', '0']);
    expect(await server.db.select().from(auditLog).where(eq(auditLog.id, auditId))).toEqual([]);
    // An error of the caller's own rolls back the movements too.
    await expect(
      ledger.transact(async (tx) => {
        await tx.post({ kind: 'credit', legs: move(treasury, { userId: y }, a, '1') });
        throw new Error('caller changed its mind');
      }),
    ).rejects.toThrow('caller changed its mind');
    expect(await balance(y, a)).toBe('0');
  });
});

describe('system idempotency keys', () => {
  it('a provider’s event posts exactly once under 30 concurrent deliveries; another event with its id is refused', async () => {
    const q = asset();
    const m = await member();
    const event = `evt_${randomBytes(6).toString('hex')}`;
    const deliver = (amount: string, requestHash = `hash-${amount}`) =>
      ledger.transact(
        async (tx) => {
          const { entryId } = await tx.post({
            kind: 'credit',
            legs: [...move(clearing('coinqvest'), { userId: m }, q, amount), ...fee({ userId: m }, q, '1')],
          });
          await tx.db.insert(auditLog).values({ id: newId(), action: 'test.provider-event', targetId: event });
          return { entryId };
        },
        { key: { source: 'coinqvest', key: event, requestHash } },
      );
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => deliver('50')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const ids = new Set(results.map((r) => (r as PromiseFulfilledResult<{ entryId: string }>).value.entryId));
    expect(ids.size).toBe(1);
    expect(await balance(m, q)).toBe('49');
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.targetId, event));
    expect(audits).toHaveLength(1);
    expect(await ledger.replay({ source: 'coinqvest', key: event, requestHash: 'hash-50' })).toEqual({
      entryId: [...ids][0],
    });
    await expect(answered(deliver('60'))).rejects.toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    // The same id from another source, or as a member's key, is another key.
    await ledger.transact((tx) => tx.post({ kind: 'credit', legs: move(clearing('paypal'), { userId: m }, q, '1') }), {
      key: { source: 'paypal', key: event },
    });
    await ledger.credit({ userId: m, asset: q, amount: '1', by: null }, { key: event, requestHash: 'h' });
    expect(await balance(m, q)).toBe('51');
    const keys = await server.db.execute<{ owner: string }>(sql`
      select source as owner from system_idempotency_keys where key = ${event}
      union all select user_id::text from idempotency_keys where key = ${event} order by 1`);
    expect(keys.rows.map((r) => r.owner)).toEqual(['coinqvest', 'paypal', m].sort());
  }, 60_000);

  it('a job’s period renews once: the subscription period is the key', async () => {
    const q = asset();
    const m = await member();
    await ledger.credit({ userId: m, asset: q, amount: '30', by: null });
    const renew = () =>
      ledger.transact((tx) => tx.post({ kind: 'fee', legs: fee({ userId: m }, q, '10', revenue) }), {
        key: { source: 'subscription-renewal', key: `${m}:2026-01` },
      });
    const [one, two] = await Promise.all([renew(), renew()]);
    expect(one).toEqual(two);
    expect(await balance(m, q)).toBe('20');
    expect(await systemBalance('revenue', q)).toBe('10');
  });
});

describe('what the database refuses by itself', () => {
  it('each insert into postings balances per (entry, asset), in an entry of several assets too', async () => {
    const [a, b] = [asset(), asset()];
    const m = await member();
    await ledger.transact((tx) =>
      tx.post({
        kind: 'credit',
        legs: [...move(treasury, { userId: m }, a, '1'), ...move(treasury, { userId: m }, b, '1')],
      }),
    );
    const ids = await server.db.execute<{ id: string; asset: string; kind: string }>(
      sql`select id, asset, kind from ledger_accounts where asset in (${a}, ${b}) order by asset, kind`,
    );
    const account = (asset: string, kind: string) => ids.rows.find((r) => r.asset === asset && r.kind === kind)!.id;
    const forge = (rows: [string, string, string][]) =>
      server.db.transaction(async (tx) => {
        const id = newId();
        await tx.insert(journalEntries).values({ id, kind: 'forged' });
        const values = rows.map(
          ([acc, asset, amount]) => sql`(${id}::uuid, ${acc}::uuid, ${asset}, ${amount}::numeric)`,
        );
        await tx.execute(
          sql`insert into postings (entry_id, account_id, asset, amount) values ${sql.join(values, sql`, `)}`,
        );
      });
    // Two assets that each fail to balance, though the total does.
    await expect(
      forge([
        [account(a, 'member'), a, '5'],
        [account(b, 'treasury'), b, '-5'],
      ]),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not balance in/) } });
    // One asset balanced, the other not: refused whole.
    await expect(
      forge([
        [account(a, 'member'), a, '5'],
        [account(a, 'treasury'), a, '-5'],
        [account(b, 'member'), b, '-1'],
      ]),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(new RegExp(`does not balance in ${b}`)) } });
    expect([await balance(m, a), await balance(m, b)]).toEqual(['1', '1']);
  });

  it('a system key is unique per source', async () => {
    const key = `evt_${randomBytes(6).toString('hex')}`;
    const insert = (source: string) =>
      server.db.execute(sql`insert into system_idempotency_keys (source, key, request_hash, response)
        values (${source}, ${key}, '', '{}')`);
    await insert('paypal');
    await insert('coinqvest');
    await expect(insert('paypal')).rejects.toMatchObject({
      cause: { constraint: 'system_idempotency_keys_source_key_pk' },
    });
  });
});
