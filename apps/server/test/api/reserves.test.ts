import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import type { Ledger } from '../../src/ledger/index.ts';
import { createAdmin, createLoggedInMember, createMember, startServer, type TestServer } from '../support.ts';
import { createToken, uniqueSymbol } from './fixtures/catalogue.ts';

/**
 * Reserves recorded (issue 11 item 3): owners record what the platform holds outside the ledger, every
 * administrator reads the history, and the overview sets the latest figure beside the liabilities with the
 * exact coverage.
 */

let server: TestServer;
let ledger: Ledger;
let owner: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startServer();
  ledger = server.container.ledger;
  owner = await createAdmin(server, 'owner');
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = owner.headers) => server.app.inject({ method: 'GET', url, headers });
const post = (payload: unknown, headers: Headers = owner.headers) =>
  server.app.inject({ method: 'POST', url: '/api/admin/reserves', payload: payload as object, headers });
const token = (decimals = 8) => createToken(server, { type: 'asset', price: '30', decimals, isVisibleOnWeb: false });
const today = () => new Date().toISOString().slice(0, 10);

type OverviewAsset = { asset: string; reserves: string | null; reservesAsOf: string | null; coverage: string | null };
const overviewOf = async (asset: string, headers: Headers = owner.headers) => {
  const res = await get('/api/admin/overview', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.assets as (OverviewAsset & Record<string, unknown>)[]).find((a) => a.asset === asset);
};

describe('who may record and read reserves', () => {
  it('lets support read, refuses operators and support recording, lets owners record', async () => {
    const t = await token();
    const support = await createAdmin(server, 'support');
    const operator = await createAdmin(server, 'operator');
    const member = await createLoggedInMember(server);
    const body = { asset: t.coinSymbol, amount: '10', asOf: today(), note: 'Vault A, attestation 1' };

    expect((await server.app.inject({ method: 'GET', url: '/api/admin/reserves' })).statusCode).toBe(401);
    expect((await get('/api/admin/reserves', member.headers)).statusCode).toBe(403);
    expect((await post(body, member.headers)).statusCode).toBe(403);
    for (const who of [support, operator]) {
      const res = await post(body, who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await get(`/api/admin/reserves?asset=${t.coinSymbol}`, support.headers)).json().total).toBe(0);

    const recorded = await post(body);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      data: {
        asset: t.coinSymbol,
        amount: '10',
        asOf: today(),
        note: 'Vault A, attestation 1',
        recordedBy: { id: owner.user.id, email: owner.email },
      },
    });
    for (const who of [support, operator]) {
      const list = await get(`/api/admin/reserves?asset=${t.coinSymbol}`, who.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 20 });
    }
  });
});

describe('what a record must be', () => {
  it('refuses an unknown asset, negative amounts, too many decimals, a bad day and a missing note', async () => {
    const t = await token(2);
    const good = { asset: t.coinSymbol, amount: '1.25', asOf: today(), note: 'Bank statement 42' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, asset: uniqueSymbol('NO') }, 'asset', 'UNKNOWN_ASSET'],
      [{ ...good, asset: 'not a symbol' }, 'asset', 'VALIDATION'],
      [{ ...good, amount: '-1' }, 'amount', 'VALIDATION'],
      [{ ...good, amount: '1e3' }, 'amount', 'VALIDATION'],
      [{ ...good, amount: '' }, 'amount', 'VALIDATION'],
      [{ ...good, amount: 1 }, 'amount', 'VALIDATION'],
      [{ ...good, amount: '1.000000001' }, 'amount', 'VALIDATION'],
      [{ ...good, amount: '123456789012345678901' }, 'amount', 'VALIDATION'],
      // The asset has 2 decimals.
      [{ ...good, amount: '1.001' }, 'amount', 'TOO_MANY_DECIMALS'],
      [{ ...good, asOf: '2024-02-31' }, 'asOf', 'VALIDATION'],
      [{ ...good, asOf: '1999-12-31' }, 'asOf', 'VALIDATION'],
      [{ ...good, asOf: '2999-01-01' }, 'asOf', 'VALIDATION'],
      [{ ...good, note: undefined }, 'note', 'VALIDATION'],
      [{ ...good, note: '  x ' }, 'note', 'VALIDATION'],
      [{ ...good, note: 'x'.repeat(501) }, 'note', 'VALIDATION'],
    ];
    for (const [body, field, code] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await get(`/api/admin/reserves?asset=${t.coinSymbol}`)).json().total).toBe(0);
    expect(await overviewOf(t.coinSymbol)).toBeUndefined();

    // Zero is a figure (nothing held), and trailing zeros within the asset's decimals are fine.
    const zero = await post({ ...good, amount: '0.000' });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().data.amount).toBe('0');
  });
});

describe('history and audit', () => {
  it('keeps every record newest first and audits each with the figure it replaced', async () => {
    const t = await token();
    const first = await post({ asset: t.coinSymbol, amount: '100.5', asOf: '2026-01-31', note: 'Vault A, count 1' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post({ asset: t.coinSymbol, amount: '90', asOf: '2026-02-28', note: 'Vault A, count 2' });
    expect(second.statusCode, second.body).toBe(200);

    const rows = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reserves.record'), eq(auditLog.targetId, t.coinSymbol)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(rows.map((r) => [r.actorId, r.details])).toEqual([
      [
        owner.user.id,
        {
          asset: t.coinSymbol,
          amount: '90',
          asOf: '2026-02-28',
          note: 'Vault A, count 2',
          previous: { id: first.json().data.id, amount: '100.5', asOf: '2026-01-31' },
        },
      ],
      [
        owner.user.id,
        { asset: t.coinSymbol, amount: '100.5', asOf: '2026-01-31', note: 'Vault A, count 1', previous: null },
      ],
    ]);

    const page = await get(`/api/admin/reserves?asset=${t.coinSymbol}&limit=1`);
    expect(page.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page.json().data.map((r: { amount: string }) => r.amount)).toEqual(['90']);
    const next = await get(`/api/admin/reserves?asset=${t.coinSymbol}&limit=1&page=2`);
    expect(next.json().data.map((r: { amount: string }) => r.amount)).toEqual(['100.5']);
    expect((await get('/api/admin/reserves?asset=bad!')).statusCode).toBe(400);
  });

  it('gives concurrent records each the previous one, and the last committed is current', async () => {
    const t = await token();
    const amounts = ['1', '2', '3', '4', '5'];
    const answers = await Promise.all(
      amounts.map((amount) => post({ asset: t.coinSymbol, amount, asOf: today(), note: `count ${amount}` })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reserves.record'), eq(auditLog.targetId, t.coinSymbol)));
    const previous = rows.map((r) => (r.details as { previous: { id: string } | null }).previous?.id ?? null);
    // A chain: one record had none before it, every other replaced a different one.
    expect(previous.filter((p) => p === null)).toHaveLength(1);
    expect(new Set(previous).size).toBe(amounts.length);
    const history = (await get(`/api/admin/reserves?asset=${t.coinSymbol}`)).json().data as { id: string }[];
    const replaced = new Set(previous);
    expect(replaced.has(history[0]!.id)).toBe(false);
    expect((await overviewOf(t.coinSymbol))?.reserves).toBe((history[0] as unknown as { amount: string }).amount);
  });
});

describe('the overview', () => {
  it('sets the latest record beside the liabilities with the exact coverage', async () => {
    const t = await token();
    const a = await createMember(server);
    const b = await createMember(server);
    await ledger.credit({ userId: a.user.id, asset: t.coinSymbol, amount: '100.12345678', by: null });
    await ledger.credit({ userId: b.user.id, asset: t.coinSymbol, amount: '50', by: null });
    await ledger.placeHold({ userId: a.user.id, asset: t.coinSymbol, amount: '5.5', reason: 'review' });

    expect(await overviewOf(t.coinSymbol)).toMatchObject({
      liabilities: '150.12345678',
      reserves: null,
      reservesAsOf: null,
      coverage: null,
    });
    await post({ asset: t.coinSymbol, amount: '200', asOf: '2026-01-31', note: 'Vault A, count 1' });
    await post({ asset: t.coinSymbol, amount: '150.1', asOf: '2026-02-28', note: 'Vault A, count 2' });
    const support = await createAdmin(server, 'support');
    expect(await overviewOf(t.coinSymbol, support.headers)).toEqual({
      asset: t.coinSymbol,
      members: '144.62345678',
      held: '5.5',
      liabilities: '150.12345678',
      treasuryIssued: '150.12345678',
      volumeToday: '150.12345678',
      reserves: '150.1',
      reservesAsOf: '2026-02-28',
      coverage: '-0.02345678',
    });
    await post({ asset: t.coinSymbol, amount: '150.12345678', asOf: '2026-03-31', note: 'Vault A, count 3' });
    expect(await overviewOf(t.coinSymbol)).toMatchObject({ reserves: '150.12345678', coverage: '0' });
  });

  it('subtracts past 20 integer digits, and lists an asset with reserves and nothing issued', async () => {
    const t = await token();
    const largest = '99999999999999999999.99999999';
    for (let i = 0; i < 3; i++) {
      const m = await createMember(server);
      await ledger.credit({ userId: m.user.id, asset: t.coinSymbol, amount: largest, by: null });
    }
    await post({ asset: t.coinSymbol, amount: largest, asOf: today(), note: 'Vault B' });
    expect(await overviewOf(t.coinSymbol)).toMatchObject({
      liabilities: '299999999999999999999.99999997',
      reserves: largest,
      coverage: '-199999999999999999999.99999998',
    });

    const unissued = await token();
    await post({ asset: unissued.coinSymbol, amount: '12.5', asOf: today(), note: 'Vault C' });
    expect(await overviewOf(unissued.coinSymbol)).toEqual({
      asset: unissued.coinSymbol,
      members: '0',
      held: '0',
      liabilities: '0',
      treasuryIssued: '0',
      volumeToday: '0',
      reserves: '12.5',
      reservesAsOf: today(),
      coverage: '12.5',
    });
  });
});
