import { randomBytes } from 'node:crypto';
import { fromUnits, toUnits } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { createLedger, type Ledger, type Party } from '../../src/ledger/ledger.ts';
import { createMember, startServer, type TestServer, uniqueEmail } from '../support.ts';

/**
 * Property tests of the ledger against an in-memory model kept in bigint units of 1e-8: random sequences of
 * credits, sends, holds, commits, releases and reversals; after each sequence the database must agree with the
 * model (balances, holds, entries) and keep the ledger's invariants (postings sum to zero per entry and asset,
 * every account balance is the sum of its postings, no member balance below zero).
 */

let server: TestServer;
let ledger: Ledger;
let members: string[];
let staff: string;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  members = [];
  for (let i = 0; i < 4; i++) members.push((await createMember(server, { email: uniqueEmail('ledger-prop') })).user.id);
  staff = (await createMember(server, { email: uniqueEmail('ledger-staff'), role: 'admin' })).user.id;
});
afterAll(() => server.close());

/** A fresh plain asset (no native_tokens row, so no lots) per property run keeps runs independent. */
const freshAsset = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
/** Runs a ledger call, catching both a rejected promise and a synchronous throw. */
async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

function expectOk<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`${what}: expected success, got ${describeError(outcome.error)}`);
  return outcome.value;
}

function expectAppError(outcome: Outcome<unknown>, statusCode: number, code: string, what: string) {
  if (outcome.ok) throw new Error(`${what}: expected ${statusCode} ${code}, but it succeeded`);
  const error = outcome.error;
  if (!(error instanceof AppError)) throw new Error(`${what}: expected AppError ${code}, got ${describeError(error)}`);
  expect({ statusCode: error.statusCode, code: error.code }, what).toEqual({ statusCode, code });
}

const describeError = (error: unknown) =>
  error instanceof AppError
    ? `AppError ${error.statusCode} ${error.code}`
    : `${(error as Error)?.name}: ${(error as Error)?.message} ${JSON.stringify((error as { cause?: unknown })?.cause ?? '')}`;

// ── the model ───────────────────────────────────────────────────────────────────────────────────────

type Cmd =
  | { t: 'credit'; m: number; units: bigint }
  | { t: 'send'; m: number; offset: number; units: bigint }
  | { t: 'sendToSelf'; m: number; units: bigint }
  | { t: 'hold'; m: number; units: bigint }
  | { t: 'commit'; pick: number; to: number }
  | { t: 'release'; pick: number }
  | { t: 'reverse'; pick: number }
  | { t: 'reverseOther'; pick: number };

const TREASURY = 'treasury';
const HOLDS = 'holds';
type ModelEntry = { id: string; kind: string; legs: [string, bigint][]; reversed: boolean };
type ModelHold = { id: string; userId: string; units: bigint; status: 'placed' | 'committed' | 'released' };

class Model {
  readonly balances = new Map<string, bigint>();
  readonly entries: ModelEntry[] = [];
  readonly holds: ModelHold[] = [];
  issued = 0n;
  reversedCredits = 0n;
  committedToTreasury = 0n;

  balance(key: string) {
    return this.balances.get(key) ?? 0n;
  }

  /** Whether every member leg leaves its account ≥ 0 (system accounts may go negative). */
  affordable(legs: [string, bigint][]) {
    const after = new Map<string, bigint>();
    for (const [key, units] of legs) after.set(key, (after.get(key) ?? this.balance(key)) + units);
    return [...after].every(([key, value]) => key === TREASURY || key === HOLDS || value >= 0n);
  }

  post(id: string, kind: string, legs: [string, bigint][]) {
    expect(legs.reduce((sum, [, units]) => sum + units, 0n)).toBe(0n);
    for (const [key, units] of legs) this.balances.set(key, this.balance(key) + units);
    this.entries.push({ id, kind, legs, reversed: false });
  }
}

// Amounts from 1 unit (0.00000001) to 10^10 units (100), in decimal strings with up to 8 decimals.
const units = fc.oneof(
  { arbitrary: fc.constant(1n), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 1000n }), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 100n }).map((whole) => whole * 10n ** 8n), weight: 2 },
  { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 10n }), weight: 6 },
);
const memberIndex = fc.nat({ max: 3 });
const pick = fc.nat({ max: 1000 });
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('credit' as const), m: memberIndex, units }), weight: 4 },
  {
    arbitrary: fc.record({ t: fc.constant('send' as const), m: memberIndex, offset: fc.nat({ max: 2 }), units }),
    weight: 5,
  },
  { arbitrary: fc.record({ t: fc.constant('sendToSelf' as const), m: memberIndex, units }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('hold' as const), m: memberIndex, units }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('commit' as const), pick, to: fc.nat({ max: 5 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('release' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('reverse' as const), pick }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('reverseOther' as const), pick }), weight: 1 },
);

/** Runs one command against the ledger and the model; the ledger's answer must be the model's. */
async function step(model: Model, asset: string, players: string[], cmd: Cmd, n: number) {
  const what = `#${n} ${JSON.stringify(cmd, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  switch (cmd.t) {
    case 'credit': {
      const userId = players[cmd.m % players.length]!;
      const out = await attempt(() => ledger.credit({ userId, asset, amount: fromUnits(cmd.units), by: staff }));
      const { entryId } = expectOk(out, what);
      model.post(entryId, 'credit', [
        [TREASURY, -cmd.units],
        [userId, cmd.units],
      ]);
      model.issued += cmd.units;
      return;
    }
    case 'send': {
      const from = players[cmd.m % players.length]!;
      const to = players[(cmd.m + 1 + (cmd.offset % (players.length - 1))) % players.length]!;
      const out = await attempt(() => ledger.send({ from, to, asset, amount: fromUnits(cmd.units) }));
      if (model.balance(from) >= cmd.units) {
        const { entryId } = expectOk(out, what);
        model.post(entryId, 'send', [
          [from, -cmd.units],
          [to, cmd.units],
        ]);
      } else {
        expectAppError(out, 400, 'INSUFFICIENT_BALANCE', what);
      }
      return;
    }
    case 'sendToSelf': {
      const member = players[cmd.m % players.length]!;
      const out = await attempt(() => ledger.send({ from: member, to: member, asset, amount: fromUnits(cmd.units) }));
      expectAppError(out, 400, 'SEND_TO_SELF', what);
      return;
    }
    case 'hold': {
      const userId = players[cmd.m % players.length]!;
      const out = await attempt(() =>
        ledger.placeHold({ userId, asset, amount: fromUnits(cmd.units), reason: 'property test' }),
      );
      if (model.balance(userId) >= cmd.units) {
        const { holdId, entryId } = expectOk(out, what);
        model.post(entryId, 'holdPlace', [
          [userId, -cmd.units],
          [HOLDS, cmd.units],
        ]);
        model.holds.push({ id: holdId, userId, units: cmd.units, status: 'placed' });
      } else {
        expectAppError(out, 400, 'INSUFFICIENT_BALANCE', what);
      }
      return;
    }
    case 'commit':
    case 'release': {
      if (model.holds.length === 0) return;
      const hold = model.holds[cmd.pick % model.holds.length]!;
      // Commit to a member of the run (the holder included), to the treasury explicitly, or by default.
      const toIndex = cmd.t === 'commit' ? cmd.to : 0;
      const to: Party | undefined =
        toIndex < players.length ? { userId: players[toIndex]! } : toIndex % 2 ? undefined : { system: 'treasury' };
      const out = await attempt(() =>
        cmd.t === 'commit' ? ledger.commitHold(hold.id, to, staff) : ledger.releaseHold(hold.id, staff),
      );
      if (hold.status !== 'placed') {
        expectAppError(out, 409, 'HOLD_RESOLVED', what);
        return;
      }
      const result = expectOk(out, what);
      const status = cmd.t === 'commit' ? 'committed' : 'released';
      expect(result, what).toMatchObject({ holdId: hold.id, status });
      const destination = cmd.t === 'release' ? hold.userId : to && 'userId' in to ? to.userId : TREASURY;
      if (destination === TREASURY) model.committedToTreasury += hold.units;
      model.post(result.entryId, cmd.t === 'commit' ? 'holdCommit' : 'holdRelease', [
        [HOLDS, -hold.units],
        [destination, hold.units],
      ]);
      hold.status = status;
      return;
    }
    case 'reverse': {
      const reversible = model.entries.filter((e) => e.kind === 'credit' || e.kind === 'send');
      if (reversible.length === 0) return;
      const original = reversible[cmd.pick % reversible.length]!;
      const out = await attempt(() => ledger.reverse(original.id, staff, 'property test'));
      if (original.reversed) {
        expectAppError(out, 409, 'ALREADY_REVERSED', what);
        return;
      }
      const legs = original.legs.map(([key, u]): [string, bigint] => [key, -u]);
      if (!model.affordable(legs)) {
        expectAppError(out, 400, 'INSUFFICIENT_BALANCE', what);
        return;
      }
      const { entryId } = expectOk(out, what);
      model.post(entryId, 'reversal', legs);
      original.reversed = true;
      if (original.kind === 'credit') model.reversedCredits += original.legs.find(([key]) => key !== TREASURY)![1];
      return;
    }
    case 'reverseOther': {
      const others = model.entries.filter((e) => e.kind !== 'credit' && e.kind !== 'send');
      if (others.length === 0) return;
      const entry = others[cmd.pick % others.length]!;
      expectAppError(
        await attempt(() => ledger.reverse(entry.id, staff, 'property test')),
        400,
        'NOT_REVERSIBLE',
        what,
      );
      return;
    }
  }
}

// ── what the database must say after a sequence ─────────────────────────────────────────────────────

async function checkDatabase(model: Model, asset: string, players: string[]) {
  const { db } = server;

  // Member balances equal the model, through the API and in the table; the members outside the run have none.
  for (const userId of members) {
    const expected = players.includes(userId) ? fromUnits(model.balance(userId)) : '0';
    const got = (await ledger.balances(userId, [asset]))[asset] ?? '0';
    expect(got, `balance of member ${players.indexOf(userId)}`).toBe(expected);
  }

  // Every account of the asset: balance = sum of its postings; member accounts never below zero.
  const accounts = await db.execute<{
    id: string;
    kind: string;
    user_id: string | null;
    balance: string;
    posted: string;
  }>(sql`
    select a.id, a.kind, a.user_id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
    from ledger_accounts a left join postings p on p.account_id = a.id
    where a.asset = ${asset}
    group by a.id`);
  const byKind = new Map<string, bigint>();
  for (const account of accounts.rows) {
    expect(toUnits(account.balance), `account ${account.kind} ${account.user_id ?? ''}`).toBe(toUnits(account.posted));
    if (account.kind === 'member') {
      expect(toUnits(account.balance)).toBeGreaterThanOrEqual(0n);
      expect(players).toContain(account.user_id);
      expect(toUnits(account.balance)).toBe(model.balance(account.user_id!));
    } else {
      expect(account.user_id).toBeNull();
      expect(byKind.has(account.kind), `one ${account.kind} account per asset`).toBe(false);
      byKind.set(account.kind, toUnits(account.balance));
    }
  }
  expect([...byKind.keys()].every((kind) => kind === TREASURY || kind === HOLDS)).toBe(true);

  // The treasury issued what was credited, got back what was reversed and what left through committed holds.
  const treasury = byKind.get(TREASURY) ?? 0n;
  expect(treasury).toBe(model.balance(TREASURY));
  expect(treasury).toBe(-(model.issued - model.reversedCredits) + model.committedToTreasury);
  // The holds account keeps exactly the holds still placed.
  const placed = model.holds.filter((h) => h.status === 'placed').reduce((sum, h) => sum + h.units, 0n);
  expect(byKind.get(HOLDS) ?? 0n).toBe(placed);
  expect(model.balance(HOLDS)).toBe(placed);

  // Conservation: every unit is somewhere (the postings of the asset sum to zero overall).
  const total = accounts.rows.reduce((sum, a) => sum + toUnits(a.balance), 0n);
  expect(total).toBe(0n);

  // Every entry that touches the asset: exactly the model's, of the model's kind, postings summing to 0 per asset.
  const entries = await db.execute<{ entry_id: string; asset: string; kind: string; total: string; lines: number }>(sql`
    select p.entry_id, p.asset, j.kind, sum(p.amount)::text as total, count(*)::int as lines
    from postings p join journal_entries j on j.id = p.entry_id
    where p.entry_id in (select entry_id from postings where asset = ${asset})
    group by p.entry_id, p.asset, j.kind`);
  for (const row of entries.rows) {
    expect(row.asset).toBe(asset);
    expect(toUnits(row.total), `entry ${row.entry_id} (${row.kind}) sums to zero`).toBe(0n);
    expect(row.lines).toBe(2);
  }
  const kinds = Object.fromEntries(entries.rows.map((r) => [r.entry_id, r.kind]));
  expect(kinds).toEqual(Object.fromEntries(model.entries.map((e) => [e.id, e.kind])));

  // Reversals point at their originals; exactly the model's reversed entries are reversed.
  const reversals = await db.execute<{ reverses: string }>(sql`
    select reverses from journal_entries
    where kind = 'reversal' and id in (select entry_id from postings where asset = ${asset})`);
  expect(reversals.rows.map((r) => r.reverses).sort()).toEqual(
    model.entries
      .filter((e) => e.reversed)
      .map((e) => e.id)
      .sort(),
  );

  // Holds: the model's, with their amounts and statuses; resolved ones point at their resolving entry.
  const holdRows = await db.execute<{
    id: string;
    user_id: string;
    amount: string;
    status: string;
    resolve_entry_id: string | null;
  }>(sql`select id, user_id, amount::text as amount, status, resolve_entry_id from holds where asset = ${asset}`);
  expect(holdRows.rows.length).toBe(model.holds.length);
  for (const row of holdRows.rows) {
    const hold = model.holds.find((h) => h.id === row.id);
    expect(hold, `hold ${row.id}`).toBeDefined();
    expect({ userId: row.user_id, units: toUnits(row.amount), status: row.status }).toEqual({
      userId: hold!.userId,
      units: hold!.units,
      status: hold!.status,
    });
    expect(row.resolve_entry_id === null).toBe(hold!.status === 'placed');
  }

  // A plain asset (no native_tokens row) keeps no lots.
  const lots = await db.execute<{ n: number }>(sql`select count(*)::int as n from asset_lots where asset = ${asset}`);
  expect(lots.rows[0]?.n).toBe(0);
}

/** Random sequences of 10 to 30 commands among 3 or 4 members leave the database where the model is. */
function agreesWithModel(commands: fc.Arbitrary<Cmd>, numRuns: number) {
  return fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 3, max: 4 }),
      fc.array(commands, { minLength: 10, maxLength: 30 }),
      async (count, cmds) => {
        const asset = freshAsset();
        const players = members.slice(0, count);
        const model = new Model();
        for (const [n, cmd] of cmds.entries()) await step(model, asset, players, cmd, n);
        await checkDatabase(model, asset, players);
      },
    ),
    { numRuns },
  );
}

describe('ledger properties', () => {
  it('agrees with an in-memory model over random sequences of credits, sends, holds and reversals', async () => {
    await agreesWithModel(command, 25);
  }, 120_000);

  it('reaches the same state from sequences rich in failures (sends and holds larger than balances)', async () => {
    // Small credits and large debits: most sends, holds and reversals are refused and must change nothing.
    const small = fc.bigInt({ min: 1n, max: 10n ** 8n });
    const large = fc.bigInt({ min: 5n * 10n ** 7n, max: 3n * 10n ** 8n });
    const failing: fc.Arbitrary<Cmd> = fc.oneof(
      fc.record({ t: fc.constant('credit' as const), m: memberIndex, units: small }),
      fc.record({ t: fc.constant('send' as const), m: memberIndex, offset: fc.nat({ max: 2 }), units: large }),
      fc.record({ t: fc.constant('hold' as const), m: memberIndex, units: large }),
      fc.record({ t: fc.constant('commit' as const), pick, to: fc.nat({ max: 5 }) }),
      fc.record({ t: fc.constant('reverse' as const), pick }),
    );
    await agreesWithModel(failing, 10);
  }, 120_000);

  it('moves exact 8-decimal amounts: 1 unit and 20-digit whole parts lose no precision', async () => {
    const asset = freshAsset();
    const [a, b] = members as [string, string];
    await ledger.credit({ userId: a, asset, amount: '0.00000001', by: null });
    await ledger.credit({ userId: a, asset, amount: '99999999999999999999.99999998', by: null });
    expect(await ledger.balances(a, [asset])).toEqual({ [asset]: '99999999999999999999.99999999' });
    await ledger.send({ from: a, to: b, asset, amount: '99999999999999999999.9999999' });
    expect(await ledger.balances(a, [asset])).toEqual({ [asset]: '0.00000009' });
    expect(await ledger.balances(b, [asset])).toEqual({ [asset]: '99999999999999999999.9999999' });
    await ledger.send({ from: a, to: b, asset, amount: '0.00000009' });
    expect(await ledger.balances(a, [asset])).toEqual({ [asset]: '0' });
    await expect(ledger.send({ from: a, to: b, asset, amount: '0.00000001' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await ledger.balances(b, [asset])).toEqual({ [asset]: '99999999999999999999.99999999' });
  });

  it('answers invalid input with a rejected promise (AppError 400), never a synchronous throw', async () => {
    // Callers batch ledger calls (Promise.allSettled(list.map(...))); a synchronous throw escapes that.
    const asset = freshAsset();
    const [a, b] = members as [string, string];
    const calls: [string, () => Promise<unknown>, string][] = [
      ['credit 0', () => ledger.credit({ userId: a, asset, amount: '0', by: null }), 'INVALID_AMOUNT'],
      ['send -1', () => ledger.send({ from: a, to: b, asset, amount: '-1' }), 'INVALID_AMOUNT'],
      ['send to self', () => ledger.send({ from: a, to: a, asset, amount: '1' }), 'SEND_TO_SELF'],
      ['hold 0', () => ledger.placeHold({ userId: a, asset, amount: '0', reason: 'x' }), 'INVALID_AMOUNT'],
    ];
    for (const [what, call, code] of calls) {
      let returned: unknown;
      let thrown: unknown;
      try {
        returned = call();
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${what} threw synchronously (${describeError(thrown)})`).toBeUndefined();
      await expect(returned as Promise<unknown>, what).rejects.toMatchObject({ statusCode: 400, code });
    }
  });
});
