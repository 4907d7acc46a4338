import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodes, sessions, users } from '../../src/db/schema.ts';
import {
  countRows,
  createMember,
  lastMail,
  login,
  PASSWORD,
  randomIp,
  requestResetCode,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = 'Brand9new!';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomIp() });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const verifyPin = (email: string, code: string) => post('/api/auth/verify-pin', { email, code });
const createNewPassword = (token: string, password = NEW_PASSWORD) =>
  post('/api/auth/create-new-password', { password }, { authorization: `Bearer ${token}` });
const latestCode = async (userId: string) =>
  (
    await server.db
      .select()
      .from(resetCodes)
      .where(eq(resetCodes.userId, userId))
      .orderBy(desc(resetCodes.createdAt))
      .limit(1)
  )[0]!;
/** A 4-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('forgot password', () => {
  it('mails a 4-digit code valid 10 minutes, stored only as a hash', async () => {
    const { email, user } = await createMember(server);
    const res = await forgot(` ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetEmailSent });
    const mail = await lastMail(server, email, 'reset-code');
    const code = /\b(\d{4})\b/.exec(mail!.text)![1]!;
    expect(code).toMatch(/^\d{4}$/);
    expect(mail!.text).toContain(`${LIMITS.resetCodeTtlMinutes} minutes`);

    const row = await latestCode(user.id);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tries).toBe(0);
    const ttlMinutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(LIMITS.resetCodeTtlMinutes - 0.1);
    expect(ttlMinutes).toBeLessThan(LIMITS.resetCodeTtlMinutes + 0.1);
  });

  it('answers an unknown address with the spec text, and mails nothing', async () => {
    const email = uniqueEmail('unknown');
    const res = await forgot(email);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: messages.userNotFound });
    expect(await countRows(server, 'outbox', sql`"to" = ${email}`)).toBe(0);
  });

  it('refuses a blocked member with a message containing "blocked"', async () => {
    const { email, user } = await createMember(server, { isBlocked: true, blockReason: 'Fraud check' });
    const res = await forgot(email);
    expect(res.statusCode).toBe(403);
    // Issue 8 (6c): the administrator's reason is for the member after a correct password, not for anyone.
    expect(res.json()).toEqual({ code: 'BLOCKED', message: 'Your account has been blocked' });
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(0);
  });

  it('validates the address', async () => {
    const empty = await forgot('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.emailEmpty);
    const invalid = await forgot('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(messages.emailInvalid);
  });

  it(`issues at most ${LIMITS.resetCodesPerHour} codes an hour per account`, async () => {
    const { email, user } = await createMember(server);
    for (let i = 0; i < LIMITS.resetCodesPerHour; i++) expect((await forgot(email)).statusCode).toBe(200);
    const limited = await forgot(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyResetCodes });
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(LIMITS.resetCodesPerHour);
    expect(await countRows(server, 'outbox', sql`"to" = ${email} and kind = 'reset-code'`)).toBe(
      LIMITS.resetCodesPerHour,
    );

    // An hour later the member can ask again.
    await server.db
      .update(resetCodes)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(resetCodes.userId, user.id));
    expect((await forgot(email)).statusCode).toBe(200);
  });

  it('holds the hourly cap against parallel requests', async () => {
    const { email, user } = await createMember(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(email)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.resetCodesPerHour);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(8 - LIMITS.resetCodesPerHour);
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(LIMITS.resetCodesPerHour);
  });
});

describe('verify pin and create new password', () => {
  it('turns the right code into a reset token that sets a new password once', async () => {
    const { email, user } = await createMember(server, { isImported: true });
    const before = await login(server, email);
    const code = await requestResetCode(server, email);

    const res = await verifyPin(email.toUpperCase(), code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: messages.codeVerified });
    const resetToken = body.authToken as string;
    const [resetSession] = await server.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${user.id} and ${sessions.kind} = 'reset'`);
    // Short-lived: minutes, not days.
    const minutes = (resetSession!.expiresAt.getTime() - resetSession!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(LIMITS.resetTokenTtlMinutes - 0.1);
    expect(minutes).toBeLessThan(LIMITS.resetTokenTtlMinutes + 0.1);

    const created = await createNewPassword(resetToken);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: messages.passwordCreated });

    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    // The token is used up; every earlier session is revoked; the new password is the one that works.
    const again = await createNewPassword(resetToken, 'Another1!x');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.unauthorized });
    const old = await server.app.inject({ url: '/api/user/info', headers: before.headers });
    expect(old.statusCode).toBe(401);
    const oldLogin = await post('/api/auth/login', { email, password: PASSWORD });
    expect(oldLogin.statusCode).toBe(400);
    expect(oldLogin.json().message).toBe(messages.invalidCredentials);
    const newLogin = await post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(newLogin.statusCode).toBe(200);

    // The code itself was single use.
    const reuse = await verifyPin(email, code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'CODE_EXPIRED', message: messages.codeExpired });
  });

  it('a reset token is not an access token, and an access token is not a reset token', async () => {
    const { email } = await createMember(server);
    const access = await login(server, email);
    const code = await requestResetCode(server, email);
    const resetToken = (await verifyPin(email, code)).json().authToken as string;
    const asReset = { authorization: `Bearer ${resetToken}` };

    for (const url of ['/api/user/info', '/api/settings', '/api/notification']) {
      const res = await server.app.inject({ url, headers: asReset });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.unauthorized });
    }
    for (const url of [
      '/api/auth/change-password',
      '/api/user/edit',
      '/api/user/delete-account',
      '/api/user/logout/v2',
    ]) {
      const res = await server.app.inject({ method: 'POST', url, payload: {}, headers: asReset });
      expect(res.statusCode).toBe(401);
    }
    const viaAccess = await createNewPassword(access.token);
    expect(viaAccess.statusCode).toBe(401);
    expect(viaAccess.json().message).toBe(messages.unauthorized);

    // Neither probe used up the reset token or changed the password.
    expect((await createNewPassword(resetToken)).statusCode).toBe(200);
  });

  it('refuses create-new-password without a token, with garbage, or with an expired reset token', async () => {
    const none = await post('/api/auth/create-new-password', { password: NEW_PASSWORD });
    expect(none.statusCode).toBe(401);
    const garbage = await createNewPassword('garbage.token.here');
    expect(garbage.statusCode).toBe(401);

    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    const resetToken = (await verifyPin(email, code)).json().authToken as string;
    await server.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    const expired = await createNewPassword(resetToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(messages.unauthorized);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('validates the new password with the spec messages without using up the token', async () => {
    const { email } = await createMember(server);
    const code = await requestResetCode(server, email);
    const resetToken = (await verifyPin(email, code)).json().authToken as string;
    const cases: [string, string][] = [
      ['', messages.passwordEmpty],
      ['Short1!', messages.passwordTooShort],
      ['Abcdefgh12345678!', messages.passwordTooLong],
      ['Has space1', messages.passwordSpaces],
    ];
    for (const [password, message] of cases) {
      const res = await createNewPassword(resetToken, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { password: message } });
    }
    expect((await createNewPassword(resetToken)).statusCode).toBe(200);
  });

  it('also verifies the e-mail of a member who never followed the sign-up link', async () => {
    const { email, user } = await createMember(server, { emailVerifiedAt: null });
    const code = await requestResetCode(server, email);
    const resetToken = (await verifyPin(email, code)).json().authToken as string;
    expect((await createNewPassword(resetToken)).statusCode).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('answers a wrong code with "incorrect", and kills the code after 5 wrong tries', async () => {
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    const wrong = otherThan(code);
    for (let i = 1; i < LIMITS.resetCodeMaxWrongTries; i++) {
      const res = await verifyPin(email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'CODE_INVALID',
        message: messages.codeInvalid,
        fields: { code: messages.codeInvalid },
      });
    }
    const fifth = await verifyPin(email, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyCodeTries });

    // The code is dead: even the right one is refused now, and no reset session is opened.
    const right = await verifyPin(email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(messages.tooManyCodeTries);
    expect((await latestCode(user.id)).tries).toBe(LIMITS.resetCodeMaxWrongTries);
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and kind = 'reset'`)).toBe(0);

    // A new code works.
    const fresh = await requestResetCode(server, email);
    expect((await verifyPin(email, fresh)).statusCode).toBe(200);
  });

  it('holds the 5 tries against parallel guesses', async () => {
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    // 20 different wrong codes at once.
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    const answers = await Promise.all(guesses.map((g) => verifyPin(email, g)));
    expect(answers.filter((r) => r.statusCode === 400 && r.json().code === 'CODE_INVALID').length).toBeLessThanOrEqual(
      LIMITS.resetCodeMaxWrongTries - 1,
    );
    expect((await latestCode(user.id)).tries).toBe(LIMITS.resetCodeMaxWrongTries);
    expect((await verifyPin(email, code)).statusCode).toBe(429);
  });

  it('refuses a code after 10 minutes', async () => {
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    await server.db
      .update(resetCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(resetCodes.userId, user.id));
    const res = await verifyPin(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'CODE_EXPIRED', message: messages.codeExpired });
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and kind = 'reset'`)).toBe(0);
  });

  it('retires the previous code when a new one is issued', async () => {
    const { email, user } = await createMember(server);
    await requestResetCode(server, email);
    const [first] = await server.db.select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    const second = await requestResetCode(server, email);
    const [retired] = await server.db.select().from(resetCodes).where(eq(resetCodes.id, first!.id));
    expect(retired!.usedAt).not.toBeNull();
    expect((await verifyPin(email, second)).statusCode).toBe(200);
  });

  it('another member cannot use my code, and an unknown address learns nothing', async () => {
    const me = await createMember(server);
    const other = await createMember(server);
    await requestResetCode(server, other.email);
    const code = await requestResetCode(server, me.email);
    const res = await verifyPin(other.email, code);
    // Either incorrect, or (1 in 10 000) the other member's own code: never my session.
    if (res.statusCode === 200) expect(res.json().authToken).toBeTruthy();
    else expect(res.json().message).toBe(messages.codeInvalid);
    expect(await countRows(server, 'sessions', sql`user_id = ${me.user.id} and kind = 'reset'`)).toBe(0);

    const unknown = await verifyPin(uniqueEmail('nobody'), code);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'CODE_INVALID',
      message: messages.codeInvalid,
      fields: { code: messages.codeInvalid },
    });

    const none = await verifyPin(uniqueEmail('nocode'), '1234');
    expect(none.json().message).toBe(messages.codeInvalid);
  });

  it('asks for exactly 4 digits', async () => {
    for (const code of ['123', '12345', 'abcd', '12 4', '']) {
      const res = await verifyPin('someone@example.com', code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { code: 'Enter the 4-digit code' } });
    }
  });

  it('refuses a member blocked after the code was sent', async () => {
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, user.id));
    const res = await verifyPin(email, code);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'BLOCKED', message: messages.blocked });
  });
});

describe('per-IP limits on the reset forms', () => {
  it('forgot-password answers 429 after 20 requests an hour from one IP, and mails nothing more', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail('probe') },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(404);
    }
    const { email, user } = await createMember(server);
    const limited = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(0);
  });

  it('verify-pin answers 429 after 30 tries an hour from one IP, whatever the account', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/verify-pin',
        payload: { email: uniqueEmail('probe'), code: '0000' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    const limited = await server.app.inject({
      method: 'POST',
      url: '/api/auth/verify-pin',
      payload: { email, code },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
    // The refused request did not spend one of the code's tries.
    expect((await latestCode(user.id)).tries).toBe(0);
  });
});

describe('blocked accounts on the reset forms (issue 8, 6c)', () => {
  it("tells an anonymous caller that the account is blocked, never the administrator's reason", async () => {
    const { email, user } = await createMember(server);
    const code = await requestResetCode(server, email);
    await server.db.update(users).set({ isBlocked: true, blockReason: 'Fraud check' }).where(eq(users.id, user.id));
    for (const res of [await forgot(email), await verifyPin(email, code)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'BLOCKED', message: messages.blocked });
      expect(res.body).not.toContain('Fraud check');
    }
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(1);
    // Login after the right password still shows the reason (spec 1 §8).
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account has been blocked: Fraud check');
  });
});
