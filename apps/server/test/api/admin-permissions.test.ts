import { ADMIN_ROLES, type AdminRole, PERMISSIONS, type Permission, roleMay } from '@vault/contract/schemas/admin-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../src/http/auth.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';

/**
 * Issue 11: every back-office route states its permission, and each role gets exactly what PERMISSIONS says:
 * each role × each route registered with `auth: 'admin'` (read from the app itself, so a route added later
 * is covered without touching this file) answers 403 or gets past the access check. A route that states no
 * permission is the owners' alone.
 *
 * No handler that changes anything runs: a call other than GET carries a malformed JSON body, which a caller
 * who passes the access check (run before the body is read) gets as 400; GET routes only read.
 */
const OWNERS_ONLY = '/api/test/owners-only';

let server: TestServer;
let sessions: Record<AdminRole, { headers: Record<string, string> }>;
let member: { headers: Record<string, string> };
beforeAll(async () => {
  server = await startServer({}, (app) => {
    app.get(OWNERS_ONLY, { config: { auth: 'admin' } }, async () => ({ ok: true }));
  });
  const [support, operator, owner] = await Promise.all(ADMIN_ROLES.map((role) => createAdmin(server, role)));
  sessions = { support: support!, operator: operator!, owner: owner! };
  member = await createLoggedInMember(server);
});
afterAll(() => server.close());

/** Every back-office route of the app, one per method (HEAD mirrors GET). */
const adminRoutes = () =>
  declaredRoutes(server.app)
    .filter((r) => r.auth === 'admin')
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => r.method !== 'HEAD');

const call = (route: { method: string; url: string }, headers: Record<string, string>) =>
  server.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, newId()),
    headers: route.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    payload: route.method === 'GET' ? undefined : '{',
  });

const mayCall = (role: AdminRole, permission: Permission | undefined) =>
  permission ? roleMay(role, permission) : role === 'owner';

describe('back-office permissions', () => {
  it('finds the back-office routes, and each states a permission of PERMISSIONS', () => {
    const routes = adminRoutes().filter((r) => r.url !== OWNERS_ONLY);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const r of routes) {
      expect(r.permission, `${r.method} ${r.url}`).toBeDefined();
      expect(Object.keys(PERMISSIONS), `${r.method} ${r.url}`).toContain(r.permission);
    }
    // The sign-in itself is public; who am I and sign-out are every administrator's.
    const auth = declaredRoutes(server.app).filter((r) => r.url.startsWith('/api/admin/auth/'));
    expect(Object.fromEntries(auth.filter((r) => r.method !== 'HEAD').map((r) => [r.url, r.auth]))).toEqual({
      '/api/admin/auth/enrol/start': 'public',
      '/api/admin/auth/enrol/finish': 'public',
      '/api/admin/auth/login': 'public',
      '/api/admin/auth/me': 'admin',
      '/api/admin/auth/logout': 'admin',
    });
  });

  it('each role × each route: allowed exactly as PERMISSIONS says, 403 otherwise; no permission = owners only', async () => {
    const routes = adminRoutes();
    expect(routes.map((r) => r.url)).toContain(OWNERS_ONLY);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      for (const role of ADMIN_ROLES) {
        const res = await call(route, sessions[role].headers);
        const allowed = ![401, 403].includes(res.statusCode);
        const label = `${role} ${route.method} ${route.url} (${route.permission ?? 'owners only'})`;
        outcomes.push(`${label}: ${allowed ? 'allowed' : res.statusCode}`);
        expected.push(`${label}: ${mayCall(role, route.permission) ? 'allowed' : 403}`);
        // Past the access check, the malformed body stops the call before its handler.
        if (allowed && route.method !== 'GET') expect(res.json().code, label).toBe('MALFORMED_JSON');
        if (!allowed && res.statusCode === 403) {
          expect(res.json(), label).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
        }
      }
    }
    expect(outcomes).toEqual(expected);
    // Every role was allowed somewhere and refused somewhere only where the matrix says so.
    expect(outcomes.filter((o) => o.startsWith('support') && o.endsWith('allowed')).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.startsWith('owner') && !o.endsWith('allowed'))).toEqual([]);
  });

  it('members get 403 and strangers 401 on every back-office route', async () => {
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route, member.headers)).statusCode, label).toBe(403);
      expect((await call(route, {})).statusCode, label).toBe(401);
    }
  });

  it('says each route’s permission in /api/docs', async () => {
    const doc = (await server.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const credit = doc.paths['/api/admin/ledger/credit']?.post?.description;
    expect(credit).toContain('`ledger.write` (operator and above)');
  });
});
