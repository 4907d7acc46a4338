import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../src/db/schema.ts';
import {
  countRows,
  createMember,
  lastMail,
  PASSWORD,
  randomIp,
  solveHumanCheck,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const register = (payload: unknown, ip = randomIp()) =>
  server.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, remoteAddress: ip });
const loginAs = (email: string, password = PASSWORD) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: randomIp(),
  });
const usersWithEmail = (email: string) => countRows(server, 'users', sql`email = ${email.toLowerCase()}`);

/** Follows the link of the newest verification mail; returns where it redirected. */
async function followVerificationLink(email: string) {
  const mail = await lastMail(server, email, 'verify-email');
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  const res = await server.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(302);
  return res.headers.location;
}

describe('sign-up with the ALTCHA proof of work', () => {
  it('gives a signed, uncached challenge', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/auth/altcha-challenge',
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(typeof challenge.parameters.keySignature).toBe('string');
  });

  it('creates an unverified member, mails a link, refuses login until the link is followed', async () => {
    const email = uniqueEmail('signup');
    const altcha = await solveHumanCheck(server);
    const res = await register({
      name: '  New Member  ',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      altcha,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.registered });

    // Stored lower-cased and trimmed, password as argon2id, not yet verified.
    const [row] = await server.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
    expect(row!.name).toBe('New Member');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.emailVerifiedAt).toBeNull();
    expect(row!.role).toBe('member');

    const mail = await lastMail(server, email, 'verify-email');
    expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{20,}/);
    // The link's token is stored only as a hash.
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const stored = await server.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);

    const refused = await loginAs(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: messages.emailNotVerified });
    expect(refused.json().accessToken).toBeUndefined();

    expect(await followVerificationLink(email)).toBe('/?verified=1');
    const [verified] = await server.db.select().from(users).where(eq(users.id, row!.id));
    expect(verified!.emailVerifiedAt).not.toBeNull();

    const ok = await loginAs(email);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.loggedIn);

    // A link works once.
    expect(await followVerificationLink(email)).toBe('/?verified=0');

    // The same solved challenge cannot admit a second sign-up.
    const other = uniqueEmail('replay');
    const replay = await register({ name: 'Replay', email: other, password: PASSWORD, altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'HUMAN_CHECK_FAILED', message: messages.humanCheckFailed });
    expect(await usersWithEmail(other)).toBe(0);
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const { email } = await createMember(server);
    const altcha = await solveHumanCheck(server);
    const res = await register({ name: 'Twin', email: email.toUpperCase(), password: PASSWORD, altcha });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: messages.emailTaken });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('refuses a missing, forged or tampered human check and writes nothing', async () => {
    const email = uniqueEmail('bot');
    const base = { name: 'Bot', email, password: PASSWORD };

    const missing = await register(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: messages.humanCheckRequired,
      fields: { altcha: messages.humanCheckRequired },
    });
    const empty = await register({ ...base, altcha: '' });
    expect(empty.json().message).toBe(messages.humanCheckRequired);

    for (const altcha of ['not base64 at all', btoa('{"challenge":{},"solution":{}}'), btoa('null')]) {
      const res = await register({ ...base, altcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'HUMAN_CHECK_FAILED', message: messages.humanCheckFailed });
    }

    // A real challenge with a made-up solution, and one whose parameters were made easier.
    const challenge = (
      await server.app.inject({ method: 'GET', url: '/api/auth/altcha-challenge', remoteAddress: randomIp() })
    ).json();
    const guessed = btoa(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }));
    const tampered = btoa(
      JSON.stringify({
        challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '' } },
        solution: { counter: 1, derivedKey: '00'.repeat(32) },
      }),
    );
    for (const altcha of [guessed, tampered]) {
      const res = await register({ ...base, altcha });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.humanCheckFailed);
    }
    expect(await usersWithEmail(email)).toBe(0);
  });
});

describe('sign-up validation (spec 1 §5)', () => {
  const valid = { name: 'Valid Name', email: 'valid@example.com', password: PASSWORD, altcha: 'x' };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { name: '' }, 'name', messages.nameTooShort],
    ['one-letter name', { name: 'A' }, 'name', messages.nameTooShort],
    ['name of spaces around one letter', { name: '   A   ' }, 'name', messages.nameTooShort],
    ['missing name', { name: undefined }, 'name', messages.nameTooShort],
    ['empty email', { email: '' }, 'email', messages.emailEmpty],
    ['blank email', { email: '   ' }, 'email', messages.emailEmpty],
    ['missing email', { email: undefined }, 'email', messages.emailEmpty],
    ['email without @', { email: 'member.example.com' }, 'email', messages.emailInvalid],
    ['email without a dotted domain', { email: 'member@example' }, 'email', messages.emailInvalid],
    ['email with a space', { email: 'mem ber@example.com' }, 'email', messages.emailInvalid],
    ['empty password', { password: '' }, 'password', messages.passwordEmpty],
    ['missing password', { password: undefined }, 'password', messages.passwordEmpty],
    ['7-character password', { password: 'Abcdef1' }, 'password', messages.passwordTooShort],
    ['17-character password', { password: 'Abcdefgh12345678X' }, 'password', messages.passwordTooLong],
    ['password with a space', { password: 'Abcd efgh1' }, 'password', messages.passwordSpaces],
    ['password with a tab', { password: 'Abcd\tefgh1' }, 'password', messages.passwordSpaces],
    ['empty human check', { altcha: '' }, 'altcha', messages.humanCheckRequired],
  ];

  it.each(cases)('%s → 400 with the spec message, nothing written', async (_label, change, field, message) => {
    const email = uniqueEmail('invalid');
    const payload = { ...valid, email, ...change };
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields[field]).toBe(message);
    expect(body.message).toBe(message);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('accepts passwords of exactly 8 and 16 characters (checked up to the human check)', async () => {
    for (const password of ['Abcdef12', 'Abcdefgh12345678']) {
      const res = await register({ ...valid, email: uniqueEmail(), password, altcha: 'not-solved' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.humanCheckFailed);
    }
  });
});

describe('e-mail verification link and resend', () => {
  it('refuses a made-up or expired link', async () => {
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=made-up',
      remoteAddress: randomIp(),
    });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/?verified=0');
    const none = await server.app.inject({ method: 'GET', url: '/api/auth/verify-email', remoteAddress: randomIp() });
    expect(none.headers.location).toBe('/?verified=0');

    const { email, user } = await createMember(server, { emailVerifiedAt: null });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    await server.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.userId, user.id));
    expect(await followVerificationLink(email)).toBe('/?verified=0');
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('resends a working link to an unverified member, with the same answer for anyone', async () => {
    const { email, user } = await createMember(server, { emailVerifiedAt: null });
    const resend = (address: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: address },
        remoteAddress: randomIp(),
      });

    const res = await resend(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.verificationResent });
    expect(await followVerificationLink(email)).toBe('/?verified=1');
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();

    // Unknown and already verified addresses: the same answer, and no mail.
    const unknown = uniqueEmail('nobody');
    const r1 = await resend(unknown);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toEqual({ message: messages.verificationResent });
    expect(await countRows(server, 'outbox', sql`"to" = ${unknown}`)).toBe(0);
    const before = await countRows(server, 'outbox', sql`"to" = ${email}`);
    const r2 = await resend(email);
    expect(r2.json()).toEqual({ message: messages.verificationResent });
    expect(await countRows(server, 'outbox', sql`"to" = ${email}`)).toBe(before);
  });

  it(`sends at most ${LIMITS.verificationMailsPerHour} verification mails an hour to one account`, async () => {
    const { email } = await createMember(server, { emailVerifiedAt: null });
    const resend = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email },
        remoteAddress: randomIp(),
      });
    for (let i = 0; i < LIMITS.verificationMailsPerHour; i++) expect((await resend()).statusCode).toBe(200);
    // Over the cap the answer stays the same (it must not tell an unverified account apart), but no mail goes.
    const limited = await resend();
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toEqual({ message: messages.verificationResent });
    expect(await countRows(server, 'outbox', sql`"to" = ${email} and kind = 'verify-email'`)).toBe(
      LIMITS.verificationMailsPerHour,
    );
  });

  it('validates the resend form like the login e-mail', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'nope' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.emailInvalid);
  });
});

describe('sign-up rate limit per IP', () => {
  it(`answers 429 after ${LIMITS.signUpsPerIpPerHour} sign-ups an hour from one IP, and writes nothing`, async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.signUpsPerIpPerHour; i++) {
      const res = await register({ name: 'Spam', email: uniqueEmail('spam'), password: PASSWORD, altcha: 'x' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const email = uniqueEmail('spam');
    const limited = await register({ name: 'Spam', email, password: PASSWORD, altcha: 'x' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
    expect(await usersWithEmail(email)).toBe(0);
    expect(await countRows(server, 'outbox', sql`"to" = ${email}`)).toBe(0);

    // Another address is not affected.
    const other = await register({ name: 'Spam', email: uniqueEmail('spam'), password: PASSWORD, altcha: 'x' });
    expect(other.statusCode).toBe(400);
  });
});

describe('per-IP limits on the sign-up helpers', () => {
  it('gives at most 30 challenges a minute to one IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await server.app.inject({ method: 'GET', url: '/api/auth/altcha-challenge', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    const limited = await server.app.inject({ method: 'GET', url: '/api/auth/altcha-challenge', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
  });

  it(`resend-verification answers 429 after ${LIMITS.signUpsPerIpPerHour} requests an hour from one IP`, async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.signUpsPerIpPerHour; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: uniqueEmail('probe') },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const { email } = await createMember(server, { emailVerifiedAt: null });
    const limited = await server.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message.startsWith(messages.tooManyRequests)).toBe(true);
    expect(await countRows(server, 'outbox', sql`"to" = ${email}`)).toBe(0);
  });
});
