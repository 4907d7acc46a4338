import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { messages } from '@vault/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from '../../src/config.ts';
import { createLedger } from '../../src/ledger/index.ts';
import {
  createAdmin,
  createLoggedInMember,
  login,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
} from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/** Issue 8 item 6 (gates on the server) and item 7 (production safety). */

type Member = { headers: Record<string, string> };
const call = (server: TestServer, m: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: m.headers, ...(payload ? { payload } : {}) });

describe('maintenance closes member calls on the server, not only the web page', () => {
  // The flag is platform-wide: this test has a database of its own, so other test files keep working.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase('vault_gates');
    server = await startServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers member calls 503 with the maintenance message; auth, settings and admin calls keep working', async () => {
    const admin = await createAdmin(server);
    const coin = (await createToken(server, { type: 'liquidity', decimals: 2 })).coinSymbol;
    const member = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    const other = await createLoggedInMember(server);
    await createLedger(server.db).credit({ userId: member.user.id, asset: coin, amount: '5', by: null });
    const maintenance = (on: boolean) =>
      call(server, admin, 'POST', '/api/admin/settings/maintenance', { maintenance: on });

    expect((await maintenance(true)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/native-wallet/send-tokens', { to: other.email, amount: '1', coin }],
      ['GET', '/api/wallet/currency-info', undefined],
      ['GET', '/api/notification', undefined],
      ['POST', '/api/user/edit', { name: 'New Name' }],
    ] as const) {
      const res = await call(server, member, method, url, payload);
      expect([res.statusCode, res.json()], url).toEqual([503, { message: messages.maintenance, code: 'MAINTENANCE' }]);
    }
    expect(await createLedger(server.db).balances(member.user.id, [coin])).toEqual({ [coin]: '5' });
    // What a member needs to know who they are, and everything public or administrative, still answers.
    expect((await call(server, member, 'GET', '/api/user/info')).statusCode).toBe(200);
    expect((await call(server, member, 'GET', '/api/settings')).json().maintenance).toBe(true);
    expect((await server.app.inject({ url: '/api/settings/get-maintenance' })).json()).toEqual({ maintenance: true });
    expect((await login(server, other.email)).token).toBeTruthy();
    expect((await call(server, admin, 'GET', '/api/admin/requests')).statusCode).toBe(200);

    expect((await maintenance(false)).statusCode).toBe(200);
    expect((await call(server, member, 'GET', '/api/wallet/currency-info')).statusCode).toBe(200);
  });
});

describe('imported members change their password before anything else', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('refuses every other member call with 403 until the password is changed', async () => {
    const coin = (await createToken(server, { type: 'liquidity', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
    const imported = await createLoggedInMember(server, {
      isImported: true,
      isWalletActivated: true,
      gpaData: { displayName: 'x' },
    });
    const other = await createLoggedInMember(server);
    await createLedger(server.db).credit({ userId: imported.user.id, asset: coin, amount: '5', by: null });
    for (const [method, url, payload] of [
      ['POST', '/api/native-wallet/send-tokens', { to: other.email, amount: '1', coin }],
      ['POST', '/api/native-wallet/activateUserWallet', { coinSymbol: coin }],
      ['GET', '/api/wallet/currency-info', undefined],
      ['POST', '/api/gpalevel/draft', { step: 0, form: {} }],
    ] as const) {
      const res = await call(server, imported, method, url, payload);
      expect([res.statusCode, res.json()], url).toEqual([
        403,
        { message: messages.changePasswordFirst, code: 'PASSWORD_CHANGE_REQUIRED' },
      ]);
    }
    expect((await call(server, imported, 'GET', '/api/user/info')).json().user.isImported).toBe(true);
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: imported.headers,
      payload: { oldPassword: PASSWORD, newPassword: 'Changed9!x', repeatPassword: 'Changed9!x' },
      remoteAddress: randomIp(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await login(server, imported.email, 'Changed9!x');
    const sent = await call(server, again, 'POST', '/api/native-wallet/send-tokens', {
      to: other.email,
      amount: '1',
      coin,
    });
    expect(sent.statusCode).toBe(200);
  });
});

describe('production safety', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers the API with no-store, a Permissions-Policy, and one framing rule (CSP, no X-Frame-Options)', async () => {
    const member = await createLoggedInMember(server);
    for (const res of [
      await call(server, member, 'GET', '/api/user/info'),
      await server.app.inject({ url: '/api/settings/get-maintenance' }),
      await server.app.inject({ url: '/api/nothing-here' }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses to configure production without JWT_SECRET and PUBLIC_URL, and never seeds demo data there', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example.com/vault' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(
      'Invalid configuration: JWT_SECRET: required in production; PUBLIC_URL: required in production',
    );
    const ready = { ...base, JWT_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://vault.example.com', SEED: 'true' };
    expect(loadConfig(ready).SEED).toBe(false);
    expect(loadConfig({ ...ready, NODE_ENV: 'development' }).SEED).toBe(true);
  });

  it('the server process stops at once with one clear line when production settings are missing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: JWT_SECRET: required in production; PUBLIC_URL: required in production',
    );
    expect(run.stdout).toBe('');
  });
});
