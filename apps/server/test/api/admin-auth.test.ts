import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { PERMISSIONS, RECOVERY_CODE_COUNT } from '@vault/contract/schemas/admin-auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, auditLog, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { totpCode } from '../../src/modules/admins/totp.ts';
import {
  ADMIN_PASSWORD,
  adminLogin,
  countRows,
  createAdmin,
  createLoggedInMember,
  memberSocket,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support.ts';

/**
 * Administrators' sign-in (issue 11 item 2): enrolment with a one-time link and TOTP, sign-in with
 * password and a TOTP or recovery code, sessions of their own kind that member routes refuse.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const post = (url: string, payload: object, ip = randomIp()) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const me = (headers: Headers) => server.app.inject({ url: '/api/admin/auth/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The code of the next time step: the current one was used by the fixture's enrolment. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: messages.unauthorized };
const FORBIDDEN = { code: 'FORBIDDEN', message: messages.forbidden };
const SIGN_IN_FAILED = { code: 'INVALID_CREDENTIALS', message: messages.adminSignInFailed };
const LINK_INVALID = { code: 'ENROLMENT_LINK_INVALID', message: messages.enrolmentLinkInvalid };

const newAdministrator = (role: 'support' | 'operator' | 'owner' = 'operator') =>
  server.container.services.admins.create({ email: uniqueEmail('new-admin'), role }, null);
const rowOf = async (userId: string) =>
  (await server.db.select().from(administrators).where(eq(administrators.userId, userId)))[0]!;
const audits = (userId: string, action: string) =>
  countRows(server, 'audit_log', sql`target_id = ${userId} and action = ${action}`);

describe('enrolment', () => {
  it('start shows the same secret until enrolment is finished, sealed at rest', async () => {
    const made = await newAdministrator('operator');
    expect(made.link).toMatch(/\/admin\/enrol#token=[\w-]{40,}$/);
    const first = await post('/api/admin/auth/enrol/start', { token: made.token });
    const second = await post('/api/admin/auth/enrol/start', { token: made.token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(second.json()).toEqual(body);
    expect(body).toMatchObject({ email: made.email, role: 'operator' });
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain(`Vault Back Office:${made.email}`);
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Vault Back Office');
    // Stored sealed (AES-256-GCM), never as the secret itself.
    const row = await rowOf(made.id);
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(body.secret);
    expect(row.enrolmentTokenHash).not.toBe(made.token);
  });

  it('refuses a wrong code, then enrols with the right one: signed in, ten recovery codes, the link spent', async () => {
    const made = await newAdministrator('support');
    const ip = randomIp();
    const { secret } = (await post('/api/admin/auth/enrol/start', { token: made.token }, ip)).json();
    const finish = (code: string) =>
      post(
        '/api/admin/auth/enrol/finish',
        { token: made.token, name: 'Sam Support', password: ADMIN_PASSWORD, code },
        ip,
      );

    const right = await totpCode(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const refused = await finish(wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'CODE_INVALID',
      message: messages.enrolmentCodeWrong,
      fields: { code: messages.enrolmentCodeWrong },
    });
    expect((await rowOf(made.id)).totpEnrolledAt).toBeNull();
    expect(await audits(made.id, 'admin.enrol.wrong-code')).toBe(1);

    const done = await finish(right);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body.admin).toEqual({
      id: made.id,
      email: made.email,
      name: 'Sam Support',
      role: 'support',
      permissions: Object.entries(PERMISSIONS)
        .filter(([, weakest]) => weakest === 'support')
        .map(([permission]) => permission),
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await me(bearer(body.token))).json()).toEqual(body.admin);
    expect(await audits(made.id, 'admin.enrol')).toBe(1);
    // Stored hashed: no code appears in the table.
    const stored = await server.db.execute<{ code_hash: string }>(
      sql`select code_hash from admin_recovery_codes where admin_id = ${made.id}`,
    );
    expect(stored.rows).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored.rows) expect(body.recoveryCodes).not.toContain(row.code_hash);

    // The link worked once: both steps now answer as for any bad link.
    for (const res of [
      await post('/api/admin/auth/enrol/start', { token: made.token }),
      await finish(await nextCode(secret)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALID);
    }
    expect((await rowOf(made.id)).enrolmentTokenHash).toBeNull();
  });

  it('answers an expired, an unknown and a disabled administrator’s link the same way', async () => {
    const expired = await newAdministrator();
    await server.db
      .update(administrators)
      .set({ enrolmentExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(administrators.userId, expired.id));
    const disabled = await newAdministrator();
    await server.container.services.admins.disable(disabled.email, null);
    for (const token of [expired.token, disabled.token, 'x'.repeat(43)]) {
      for (const res of [
        await post('/api/admin/auth/enrol/start', { token }),
        await post('/api/admin/auth/enrol/finish', { token, name: 'Nobody', password: ADMIN_PASSWORD, code: '123456' }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(LINK_INVALID);
      }
    }
  });

  it('a link of 24 hours; a new link replaces it; two finishes at once enrol once', async () => {
    const made = await newAdministrator();
    const hours = (made.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const again = await server.container.services.admins.newEnrolmentLink(made.email, null);
    expect((await post('/api/admin/auth/enrol/start', { token: made.token })).json()).toEqual(LINK_INVALID);
    const { secret } = (await post('/api/admin/auth/enrol/start', { token: again.token })).json();
    const code = await totpCode(secret);
    const both = await Promise.all(
      ['One', 'Two'].map((name) =>
        post('/api/admin/auth/enrol/finish', {
          token: again.token,
          name: `Admin ${name}`,
          password: ADMIN_PASSWORD,
          code,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await countRows(server, 'admin_recovery_codes', sql`admin_id = ${made.id}`)).toBe(RECOVERY_CODE_COUNT);
  });
});

describe('sign-in with a TOTP code', () => {
  it('refuses a wrong code, a wrong password and an unknown e-mail with one answer; a code of the next step works', async () => {
    const admin = await createAdmin(server, 'operator');
    const code = await nextCode(admin.secret);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const body of [
      { email: admin.email, code: wrong },
      { email: admin.email, password: `${ADMIN_PASSWORD}x`, code },
      { email: uniqueEmail('nobody'), code },
    ]) {
      const res = await adminLogin(server, body);
      expect([res.statusCode, res.json()]).toEqual([401, SIGN_IN_FAILED]);
    }
    expect(await audits(admin.user.id, 'admin.sign-in.wrong-code')).toBe(1);

    const res = await adminLogin(server, { email: admin.email, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ id: admin.user.id, role: 'operator', recoveryCodesLeft: 10 });
    const headers = bearer(res.json().token);
    expect((await me(headers)).statusCode).toBe(200);
    expect(await audits(admin.user.id, 'admin.sign-in')).toBe(1);
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, admin.user.id), eq(auditLog.action, 'admin.sign-in')));
    expect(row).toMatchObject({ actorId: admin.user.id, details: { method: 'totp' } });
    expect(JSON.stringify(row!.details)).not.toContain(code);

    const out = await server.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers });
    expect(out.json()).toEqual({ message: messages.adminSignedOut });
    expect((await me(headers)).json()).toEqual(UNAUTHORIZED);
  });

  it('accepts a code once: the enrolment’s code and a code just used are refused, also when sent twice at once', async () => {
    const admin = await createAdmin(server);
    const enrolmentCode = await totpCode(admin.secret);
    const res = await adminLogin(server, { email: admin.email, code: enrolmentCode });
    // Unless the clock has moved on a step since enrolment, this is the code enrolment used.
    if ((await rowOf(admin.user.id)).totpLastStep === Math.floor(Date.now() / 30_000)) {
      expect([res.statusCode, res.json()]).toEqual([401, SIGN_IN_FAILED]);
    }
    const code = await nextCode(admin.secret);
    const both = await Promise.all([
      adminLogin(server, { email: admin.email, code }),
      adminLogin(server, { email: admin.email, code }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const replay = await adminLogin(server, { email: admin.email, code });
    expect([replay.statusCode, replay.json()]).toEqual([401, SIGN_IN_FAILED]);
  });

  it('counts every failure in the login throttle: five wrong codes from one address pause it', async () => {
    const admin = await createAdmin(server);
    const ip = randomIp();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIp; i++) {
      expect((await adminLogin(server, { email: admin.email, code: '000000' }, ip)).statusCode).toBe(401);
    }
    const paused = await adminLogin(server, { email: admin.email, code: await nextCode(admin.secret) }, ip);
    expect([paused.statusCode, paused.json()]).toEqual([
      429,
      { code: 'TOO_MANY_REQUESTS', message: messages.tooManyLogins },
    ]);
  });
});

describe('recovery codes', () => {
  it('each works once, never after a wrong password, and of two uses at once only one gets in', async () => {
    const admin = await createAdmin(server);
    const [first, second] = admin.recoveryCodes as [string, string];

    const wrongPassword = await adminLogin(server, { email: admin.email, password: 'not the passphrase', code: first });
    expect(wrongPassword.statusCode).toBe(401);

    const used = await adminLogin(server, { email: admin.email, code: ` ${first.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    expect(used.json().admin.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    expect(await audits(admin.user.id, 'admin.recovery-code.used')).toBe(1);
    const again = await adminLogin(server, { email: admin.email, code: first });
    expect([again.statusCode, again.json()]).toEqual([401, SIGN_IN_FAILED]);

    const both = await Promise.all([
      adminLogin(server, { email: admin.email, code: second }),
      adminLogin(server, { email: admin.email, code: second }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await countRows(server, 'admin_recovery_codes', sql`admin_id = ${admin.user.id} and used_at is null`)).toBe(
      RECOVERY_CODE_COUNT - 2,
    );
    expect(await audits(admin.user.id, 'admin.recovery-code.used')).toBe(2);
  });
});

describe('administrators are not members', () => {
  it('the member login answers an administrator as a wrong password, even with the right one', async () => {
    const admin = await createAdmin(server);
    // A password the members' form accepts (a passphrase with spaces would not even get past its schema).
    await server.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, admin.user.id));
    const login = (password: string) => post('/api/auth/login', { email: admin.email, password });
    const right = await login(PASSWORD);
    const wrong = await login('Wrong-pass-12');
    expect([right.statusCode, right.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(right.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials });
    // Password reset by e-mail is the members' too: an administrator's address is unknown there.
    const reset = await post('/api/auth/forgot-password', { email: admin.email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect([reset.statusCode, reset.json()]).toEqual([unknown.statusCode, unknown.json()]);
  });

  it('member routes and the socket refuse a back-office session; back-office routes refuse members with 403', async () => {
    const admin = await createAdmin(server);
    const member = await createLoggedInMember(server);
    for (const url of ['/api/user/info', '/api/wallet/currency-info', '/api/notification']) {
      const res = await server.app.inject({ url, headers: admin.headers });
      expect([res.statusCode, res.json()], url).toEqual([401, UNAUTHORIZED]);
    }
    await expect(memberSocket(server, { token: admin.token, email: admin.email })).rejects.toThrow();
    for (const url of ['/api/admin/auth/me', '/api/admin/outbox']) {
      const res = await server.app.inject({ url, headers: member.headers });
      expect([res.statusCode, res.json()], url).toEqual([403, FORBIDDEN]);
    }
    // Still fine both ways for their own kind.
    expect((await me(admin.headers)).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/user/info', headers: member.headers })).statusCode).toBe(200);
  });

  it('an administrator’s member-kind session (from before, or forged in the table) gets nowhere', async () => {
    const admin = await createAdmin(server);
    const token = await server.container.services.sessions.open(admin.user, 'access');
    for (const url of ['/api/user/info', '/api/admin/auth/me']) {
      const res = await server.app.inject({ url, headers: bearer(token) });
      expect([res.statusCode, res.json()], url).toEqual([401, UNAUTHORIZED]);
    }
    await expect(memberSocket(server, { token, email: admin.email })).rejects.toThrow();
  });
});

describe('disabled and unenrolled administrators', () => {
  it('a disabled administrator’s sessions end and they cannot sign in', async () => {
    const admin = await createAdmin(server);
    await server.container.services.admins.disable(admin.email, null);
    expect((await me(admin.headers)).json()).toEqual(UNAUTHORIZED);
    const res = await adminLogin(server, { email: admin.email, code: await nextCode(admin.secret) });
    expect([res.statusCode, res.json()]).toEqual([401, SIGN_IN_FAILED]);
    expect(await audits(admin.user.id, 'admin.disable')).toBe(1);
  });

  it('disabled in the table with a live session: refused at the next call', async () => {
    const admin = await createAdmin(server);
    await server.db
      .update(administrators)
      .set({ disabledAt: sql`now()` })
      .where(eq(administrators.userId, admin.user.id));
    expect((await me(admin.headers)).json()).toEqual(UNAUTHORIZED);
  });

  it('an administrator who has not enrolled cannot sign in, not even with a member’s password', async () => {
    const made = await newAdministrator();
    const res = await adminLogin(server, { email: made.email, password: PASSWORD, code: '123456' });
    expect([res.statusCode, res.json()]).toEqual([401, SIGN_IN_FAILED]);
  });
});
