import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, resetCodes } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  countRows,
  createLoggedInMember,
  createMember,
  lastMail,
  PASSWORD,
  randomIp,
  requestResetCode,
  startServer,
  type TestServer,
} from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const WRONG = 'Wrong0pass!';
const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = randomIp()) =>
  server.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const loginAttempt = (email: string, password: string, ip = randomIp()) =>
  post('/api/auth/login', { email, password }, {}, ip);
const verifyPin = (email: string, code: string) => post('/api/auth/verify-pin', { email, code });
const mails = (email: string, kind: string) => countRows(server, 'outbox', sql`"to" = ${email} and kind = ${kind}`);
/** The n-th 4-digit code after `code`. */
const wrongCode = (code: string, n: number) => String((Number(code) + n) % 10_000).padStart(4, '0');

/** LIMITS.loginFailuresPerAccount failures, 4 per address (never reaching the per-pair limit). */
async function failFromManyAddresses(email: string) {
  for (let i = 0; i < LIMITS.loginFailuresPerAccount / 4; i++) {
    const ip = randomIp();
    for (let j = 0; j < 4; j++) expect((await loginAttempt(email, WRONG, ip)).statusCode).toBe(400);
  }
}

describe('reset requested', () => {
  it('the code mail says a reset was requested, when, and what to do if it was not the member', async () => {
    const { email } = await createMember(server);
    const code = await requestResetCode(server, email);
    const mail = await lastMail(server, email, 'reset-code');
    expect(mail!.subject).toBe('Your password reset code');
    expect(mail!.text).toContain(`Your password reset code is ${code}.`);
    expect(mail!.text).toMatch(
      /A password reset was requested for your account on \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\./,
    );
    expect(mail!.text).toContain('If you did not ask to reset your password, ignore this message');
    expect(mail!.text).toContain('contact support');
  });
});

describe('password changed', () => {
  it('auth/change-password mails a notice', async () => {
    const member = await createLoggedInMember(server);
    const res = await post(
      '/api/auth/change-password',
      { oldPassword: PASSWORD, newPassword: 'Changed1!x' },
      member.headers,
    );
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(server, member.email, 'security-password-changed');
    expect(mail!.text).toContain('was changed in your account settings on');
    expect(mail!.text).toContain('If this was not you');
  });

  it('auth/create-new-password mails a notice that holds no code', async () => {
    const { email } = await createMember(server);
    const code = await requestResetCode(server, email);
    const token = (await verifyPin(email, code)).json().authToken as string;
    const res = await post(
      '/api/auth/create-new-password',
      { password: 'Brand9new!' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(server, email, 'security-password-changed');
    expect(mail!.text).toContain('was reset with a code sent to this address on');
    expect(mail!.text).not.toContain(code);
  });

  it('a refused change mails nothing', async () => {
    const member = await createLoggedInMember(server);
    const res = await post(
      '/api/auth/change-password',
      { oldPassword: WRONG, newPassword: 'Changed1!x' },
      member.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(await mails(member.email, 'security-password-changed')).toBe(0);
  });
});

describe('locked out by the reset-code budget', () => {
  it('mails one notice, holding no code', async () => {
    const { email, user } = await createMember(server);
    await server.db.insert(resetCodes).values({
      id: newId(),
      userId: user.id,
      codeHash: 'f'.repeat(64),
      tries: LIMITS.resetWrongCodesPer30Days - 2,
      createdAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() - interval '110 minutes'`,
      usedAt: sql`now() - interval '2 hours'`,
    });
    const code = await requestResetCode(server, email);
    for (let n = 1; n <= 4; n++) await verifyPin(email, wrongCode(code, n));
    expect(await mails(email, 'security-locked-out')).toBe(1);
    const mail = await lastMail(server, email, 'security-locked-out');
    expect(mail!.subject).toBe('Password reset is paused for your account');
    expect(mail!.text).toContain('Your password still works');
    expect(mail!.text).not.toContain(code);
  });

  it('does not announce again a lock-out that goes on while old tries age out', async () => {
    const { email, user } = await createMember(server);
    // 31 days ago 5 wrong tries, 29 days ago 95: the budget was spent then, and is spent again now.
    for (const [tries, ago] of [
      [5, '31 days'],
      [LIMITS.resetWrongCodesPer30Days - 5, '29 days'],
    ] as const) {
      await server.db.insert(resetCodes).values({
        id: newId(),
        userId: user.id,
        codeHash: 'f'.repeat(64),
        tries,
        createdAt: sql`now() - ${ago}::interval`,
        expiresAt: sql`now() - ${ago}::interval`,
        usedAt: sql`now() - ${ago}::interval`,
      });
    }
    const code = await requestResetCode(server, email);
    const answers = [];
    for (let n = 1; n <= 5; n++) answers.push(await verifyPin(email, wrongCode(code, n)));
    expect(answers.at(-1)!.json().message).toBe(messages.resetPaused);
    expect(await mails(email, 'security-locked-out')).toBe(0);
  });
});

describe(`locked out by ${LIMITS.loginFailuresPerAccount} failed logins`, () => {
  it('mails one notice when the limit is reached, not one per further failure', async () => {
    const { email } = await createMember(server);
    const home = randomIp();
    expect((await loginAttempt(email, PASSWORD, home)).statusCode).toBe(200);
    await failFromManyAddresses(email);
    expect(await mails(email, 'security-locked-out')).toBe(1);
    const mail = await lastMail(server, email, 'security-locked-out');
    expect(mail!.subject).toBe('Logins to your account are paused on new devices');

    // Further failures from the member's own address, and refused attempts from strangers: no new mail.
    for (let i = 0; i < 3; i++) expect((await loginAttempt(email, WRONG, home)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await loginAttempt(email, WRONG)).statusCode).toBe(429);
    expect(await mails(email, 'security-locked-out')).toBe(1);
  });

  it('mails exactly one notice under parallel failures', async () => {
    const { email } = await createMember(server);
    const answers = await Promise.all(
      Array.from({ length: LIMITS.loginFailuresPerAccount + 10 }, () => loginAttempt(email, WRONG)),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(LIMITS.loginFailuresPerAccount);
    expect(await mails(email, 'security-locked-out')).toBe(1);
  });

  it('does not mail again while the attack goes on as old failures age out; does after a quiet window', async () => {
    const { email } = await createMember(server);
    await failFromManyAddresses(email);
    expect(await mails(email, 'security-locked-out')).toBe(1);

    // The oldest failure leaves the window; the others are 10 minutes old (all 20 were within 15 minutes).
    const rows = await server.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    const oldest = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
    await server.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(loginAttempts.email, email));
    await server.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '${sql.raw(String(LIMITS.loginWindowMinutes + 1))} minutes'` })
      .where(eq(loginAttempts.id, oldest.id));
    expect((await loginAttempt(email, WRONG)).statusCode).toBe(400);
    expect((await loginAttempt(email, WRONG)).statusCode).toBe(429);
    expect(await mails(email, 'security-locked-out')).toBe(1);

    // After a window without failures a new attack is a new lock-out.
    await server.db
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '${sql.raw(String(3 * LIMITS.loginWindowMinutes))} minutes'` })
      .where(eq(loginAttempts.email, email));
    await failFromManyAddresses(email);
    expect(await mails(email, 'security-locked-out')).toBe(2);
  });

  it('a right password on the attempt that reaches the limit mails nothing', async () => {
    const { email } = await createMember(server);
    for (let i = 0; i < LIMITS.loginFailuresPerAccount / 4; i++) {
      const ip = randomIp();
      const last = i === LIMITS.loginFailuresPerAccount / 4 - 1;
      for (let j = 0; j < 4; j++) {
        const password = last && j === 3 ? PASSWORD : WRONG;
        expect((await loginAttempt(email, password, ip)).statusCode).toBe(password === PASSWORD ? 200 : 400);
      }
    }
    expect(await mails(email, 'security-locked-out')).toBe(0);
  });
});
