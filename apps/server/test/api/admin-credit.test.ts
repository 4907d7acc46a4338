import { randomBytes } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries, nativeTokens } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin, createLoggedInMember, memberSocket, startServer, type TestServer } from '../support.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let asset: string;
beforeAll(async () => {
  server = await startServer();
  admin = await createAdmin(server);
  asset = `C${randomBytes(3).toString('hex').toUpperCase()}`;
  await server.db.insert(nativeTokens).values({
    id: newId(),
    coinSymbol: asset,
    name: asset,
    displayName: asset,
    shortName: asset,
    displaySymbol: asset,
    description: 'test',
    type: 'liquidity',
    iconUrl: '/tokens/q.svg',
    coinColor: '#1f6feb',
    price: '1',
    decimals: 2,
    orderIndex: 90,
    isVisibleOnWeb: false,
  });
});
afterAll(() => server.close());

/** Every credit states its reason (maker-checker, issue 11); these stay below the threshold. */
const credit = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
  server.app.inject({
    method: 'POST',
    url: '/api/admin/ledger/credit',
    payload: { reason: 'Opening balance', ...payload },
    headers,
  });

describe('POST /api/admin/ledger/credit', () => {
  it('issues tokens to a member from the treasury and writes an audit row', async () => {
    const m = await createLoggedInMember(server);
    const res = await credit({ email: m.email.toUpperCase(), asset, amount: '125.5', memo: 'welcome' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: `125.5 ${asset} credited to ${m.email}`, data: { balance: '125.5' } });
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.credit'), eq(auditLog.targetId, m.user.id)));
    expect(row).toMatchObject({ actorId: admin.user.id, details: { asset, amount: '125.5', via: 'api' } });
  });

  it('tells the member’s open screens at once (nativeWalletUpdate)', async () => {
    const m = await createLoggedInMember(server);
    const socket = await memberSocket(server, m);
    expect((await credit({ email: m.email, asset, amount: '3' })).statusCode).toBe(200);
    expect((await socket.next()).type).toBe('nativeWalletUpdate');
    socket.close();
  });

  it('answers a repeated Idempotency-Key with the first answer, and 409 for another body', async () => {
    const m = await createLoggedInMember(server);
    const headers = { ...admin.headers, 'idempotency-key': `credit-${m.user.id}` };
    const first = await credit({ email: m.email, asset, amount: '10' }, headers);
    const again = await credit({ email: m.email, asset, amount: '10' }, headers);
    expect(again.json().data.entryId).toBe(first.json().data.entryId);
    const entries = await server.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, first.json().data.entryId));
    expect(entries).toHaveLength(1);
    // One audit row, written with the credit: a repeat adds none.
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.credit'), eq(auditLog.targetId, m.user.id)));
    expect(audits.map((a) => (a.details as { entryId: string }).entryId)).toEqual([first.json().data.entryId]);
    const other = await credit({ email: m.email, asset, amount: '11' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(messages.idempotencyKeyReused);
  });

  it.each([
    [{ amount: '' }, 'Amount is required'],
    [{ amount: '0' }, 'Invalid amount'],
    [{ amount: '1.123456789' }, 'number field must have 8 digits after decimal or less'],
    [{ amount: '100000001' }, 'max 8 number required'],
  ])('validates the amount: %o → %s', async (patch, message) => {
    const m = await createLoggedInMember(server);
    const res = await credit({ email: m.email, asset, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.amount).toBe(message);
  });

  it('refuses an unknown asset (400) or member (404)', async () => {
    const m = await createLoggedInMember(server);
    expect((await credit({ email: m.email, asset: 'NOPE', amount: '1' })).statusCode).toBe(400);
    const unknown = await credit({ email: 'nobody@example.com', asset, amount: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.userNotFound);
  });

  it('never credits an administrator (404, as for nobody)', async () => {
    const other = await createAdmin(server, 'operator');
    const res = await credit({ email: other.email, asset, amount: '1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.userNotFound);
  });

  it('is for administrators only', async () => {
    const m = await createLoggedInMember(server);
    const res = await credit({ email: m.email, asset, amount: '1000' }, m.headers);
    expect(res.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: '/api/admin/ledger/credit', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
