import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../../src/db/schema.ts';
import { countRows, createMember, PASSWORD, randomIp, startServer, type TestServer, uniqueEmail } from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const WRONG = 'Wrong0pass!';
const attempt = (email: string, password: string, ip: string, extra: Record<string, unknown> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...extra },
    remoteAddress: ip,
  });

describe('login', () => {
  it('logs a member in with the e-mail in any case, and opens a server-side session', async () => {
    const { email, user } = await createMember(server);
    const ip = randomIp();
    const res = await attempt(`  ${email.toUpperCase()}  `, PASSWORD, ip, { fcmToken: 'device-token-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.loggedIn);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ _id: user.id, email, name: 'Test Member', isBlocked: false, type: 'member' });
    expect(body.gpaData).toBeNull();
    expect(res.body).not.toMatch(/passwordHash|password_hash|\$argon2/);

    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'access', ip, fcmToken: 'device-token-1', revokedAt: null });
    // The JWT carries the session id; nothing else about the member.
    const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, sid: rows[0]!.id, kind: 'access' });
    expect(JSON.stringify(claims)).not.toContain(email);

    const info = await server.app.inject({
      url: '/api/user/info',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().user._id).toBe(user.id);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await createMember(server);
    const wrong = await attempt(email, WRONG, randomIp());
    const unknown = await attempt(uniqueEmail('ghost'), PASSWORD, randomIp());
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials });
    }
  });

  it('refuses a blocked member with the server text containing "blocked" (and the reason)', async () => {
    const withReason = await createMember(server, { isBlocked: true, blockReason: 'Suspicious activity' });
    const res = await attempt(withReason.email, PASSWORD, randomIp());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'BLOCKED', message: 'Your account has been blocked: Suspicious activity' });
    expect(res.json().message).toContain('blocked');

    const noReason = await createMember(server, { isBlocked: true });
    const res2 = await attempt(noReason.email, PASSWORD, randomIp());
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toEqual({ code: 'BLOCKED', message: messages.blocked });
    expect(res2.json().message).toContain('blocked');

    // Only someone who knows the password learns that the account is blocked.
    const wrong = await attempt(withReason.email, WRONG, randomIp());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.invalidCredentials);
    expect(await countRows(server, 'sessions', sql`user_id = ${withReason.user.id}`)).toBe(0);
  });

  it('refuses an unverified member with a message that offers a new link', async () => {
    const { email, user } = await createMember(server, { emailVerifiedAt: null });
    const res = await attempt(email, PASSWORD, randomIp());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: messages.emailNotVerified });
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id}`)).toBe(0);
  });

  it('tells an imported member to change the password (isImported in the answer)', async () => {
    const { email } = await createMember(server, { isImported: true });
    const res = await attempt(email, PASSWORD, randomIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isImported).toBe(true);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty email', { email: '' }, 'email', messages.emailEmpty],
    ['missing email', { email: undefined }, 'email', messages.emailEmpty],
    ['invalid email', { email: 'someone@' }, 'email', messages.emailInvalid],
    ['empty password', { password: '' }, 'password', messages.passwordEmpty],
    ['missing password', { password: undefined }, 'password', messages.passwordEmpty],
    ['short password', { password: 'Abc123!' }, 'password', messages.passwordTooShort],
    ['long password', { password: 'Abcdefgh12345678!' }, 'password', messages.passwordTooLong],
    ['password with a space', { password: 'Abc 12345' }, 'password', messages.passwordSpaces],
  ];
  it.each(cases)('%s → 400 with the spec message, no attempt recorded', async (_label, change, field, message) => {
    const ip = randomIp();
    const res = await attempt('someone@example.com', PASSWORD, ip, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    expect(await countRows(server, 'login_attempts', sql`ip = ${ip}`)).toBe(0);
  });
});

describe('login throttling (login-throttle.ts)', () => {
  it(`pauses one (account, IP) pair after ${LIMITS.loginFailuresPerAccountAndIp} failures, not the member elsewhere`, async () => {
    const { email } = await createMember(server);
    const attacker = randomIp();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIp; i++) {
      const res = await attempt(email, WRONG, attacker);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.invalidCredentials);
    }
    // Even the right password is refused from that IP now, without checking it.
    const paused = await attempt(email, PASSWORD, attacker);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyLogins });
    // The paused attempt is not recorded as a new failure.
    expect(await countRows(server, 'login_attempts', sql`email = ${email} and ip = ${attacker}`)).toBe(
      LIMITS.loginFailuresPerAccountAndIp,
    );

    // The real member on another address logs in; the attacker's IP still works for other accounts.
    expect((await attempt(email, PASSWORD, randomIp())).statusCode).toBe(200);
    const other = await createMember(server);
    expect((await attempt(other.email, PASSWORD, attacker)).statusCode).toBe(200);

    // Failures older than the window no longer count.
    await server.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '${sql.raw(String(LIMITS.loginWindowMinutes + 1))} minutes'` })
      .where(eq(loginAttempts.ip, attacker));
    expect((await attempt(email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('holds the pair limit against parallel guesses (no more than 5 passwords checked)', async () => {
    const { email } = await createMember(server);
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(email, WRONG, ip)));
    const checked = answers.filter((r) => r.statusCode === 400).length;
    const paused = answers.filter((r) => r.statusCode === 429).length;
    expect(checked + paused).toBe(20);
    expect(checked).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccountAndIp);
    expect(
      await countRows(server, 'login_attempts', sql`email = ${email} and ip = ${ip} and not success`),
    ).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccountAndIp);
  });

  it('counts the e-mail lower-cased, so changing its case does not get around the pause', async () => {
    const { email } = await createMember(server);
    const ip = randomIp();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIp; i++) {
      const variant = i % 2 ? email.toUpperCase() : ` ${email}`;
      expect((await attempt(variant, WRONG, ip)).statusCode).toBe(400);
    }
    const res = await attempt(email.toUpperCase(), PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(messages.tooManyLogins);
  });

  it(`pauses an IP after ${LIMITS.loginFailuresPerIp} failures on any accounts (password spraying)`, async () => {
    const ip = randomIp();
    const victims = await Promise.all([createMember(server), createMember(server)]);
    for (let i = 0; i < LIMITS.loginFailuresPerIp; i++) {
      // Unknown addresses and real ones, never 5 on the same account.
      const email = i < 4 ? victims[0]!.email : i < 8 ? victims[1]!.email : uniqueEmail('spray');
      const res = await attempt(email, WRONG, ip);
      expect(res.statusCode).toBe(400);
    }
    const fresh = await createMember(server);
    const res = await attempt(fresh.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyLogins });
    // Everyone can still log in from their own address.
    for (const m of [...victims, fresh]) expect((await attempt(m.email, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it(`after ${LIMITS.loginFailuresPerAccount} failures on one account, pauses unknown IPs only`, async () => {
    const { email } = await createMember(server);
    const home = randomIp();
    expect((await attempt(email, PASSWORD, home)).statusCode).toBe(200);

    // A distributed attack: 4 failures each from 5 addresses (never reaching the pair limit).
    const attackers = Array.from({ length: LIMITS.loginFailuresPerAccount / 4 }, randomIp);
    for (const ip of attackers) {
      for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(400);
    }

    // A new address is paused, even with the right password...
    const stranger = await attempt(email, PASSWORD, randomIp());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyLogins });
    // ...but the member's known address keeps working: the attacker cannot lock them out.
    const member = await attempt(email, PASSWORD, home);
    expect(member.statusCode).toBe(200);
    expect(member.json().message).toBe(messages.loggedIn);
    // Other accounts are not affected by this account's count.
    const other = await createMember(server);
    expect((await attempt(other.email, PASSWORD, randomIp())).statusCode).toBe(200);
  });
});
