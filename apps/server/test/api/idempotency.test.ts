import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../src/ledger/index.ts';
import { createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';

/** Every POST that moves money (issue 8 item 8): the web app sends each with a key through moneyPoster. */
const MONEY_ROUTES = [
  '/api/native-wallet/send-tokens',
  '/api/request/create-legacy-send-request',
  '/api/admin/ledger/credit',
  '/api/admin/ledger/entries/{id}/reverse',
  '/api/admin/requests/{id}/approve',
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Operation = { parameters?: { in: string; name: string; required?: boolean; description?: string }[] };

describe('Idempotency-Key on money-moving routes', () => {
  it('is declared on every money-moving POST in /api/docs, saying that a keyless retry may repeat', async () => {
    const doc = (await server.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: Operation }>;
    };
    for (const path of MONEY_ROUTES) {
      const header = doc.paths[path]?.post?.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, path).toBeDefined();
      expect(header!.required, path).toBe(false);
      expect(header!.description, path).toMatch(/Without a key, a retry after a lost answer may move the money again/);
    }
  });

  it('a keyed retry moves the money once; a keyless one moves it again, as documented', async () => {
    const coin = (await createToken(server, { type: 'liquidity', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
    const a = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    const b = await createLoggedInMember(server);
    const ledger = createLedger(server.db);
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '10', by: null });
    const send = (headers: Record<string, string> = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/api/native-wallet/send-tokens',
        payload: { to: b.email, amount: '1', coin },
        headers: { ...a.headers, ...headers },
      });
    for (let i = 0; i < 3; i++) expect((await send({ 'idempotency-key': 'once' })).statusCode).toBe(200);
    expect(await ledger.balances(b.user.id, [coin])).toEqual({ [coin]: '1' });
    for (let i = 0; i < 2; i++) expect((await send()).statusCode).toBe(200);
    expect(await ledger.balances(b.user.id, [coin])).toEqual({ [coin]: '3' });
  });

  it('refuses an empty or overlong key with a clear 400', async () => {
    const a = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    for (const key of ['', 'k'.repeat(201)]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/native-wallet/send-tokens',
        payload: { to: 'someone@example.com', amount: '1', coin: 'Q' },
        headers: { ...a.headers, 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The Idempotency-Key header must be 1 to 200 characters');
    }
  });
});
