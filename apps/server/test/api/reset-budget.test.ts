import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodes } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  countRows,
  createMember,
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

const BUDGET = LIMITS.resetWrongCodesPer30Days;
const TRIES = LIMITS.resetCodeMaxWrongTries;

const post = (url: string, payload: object) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const verifyPin = (email: string, code: string) => post('/api/auth/verify-pin', { email, code });
const loginWithPassword = (email: string) => post('/api/auth/login', { email, password: PASSWORD });
/** The n-th 4-digit code after `code` (never `code` itself for n in 1..9999). */
const wrongCode = (code: string, n: number) => String((Number(code) + n) % 10_000).padStart(4, '0');

/** Wrong tries the account has spent in the last 30 days, as the budget counts them. */
const wrongTries = async (userId: string) => {
  const result = await server.db.execute<{ n: number }>(
    sql`select coalesce(sum(tries) - count(verified_at), 0)::int as n from reset_codes
        where user_id = ${userId} and created_at > now() - interval '30 days'`,
  );
  return result.rows[0]!.n;
};
/** Earlier codes, old enough for the hourly cap, that spent `tries` wrong tries (fixture). */
const spentEarlier = (userId: string, tries: number, ago = '2 hours') =>
  server.db.insert(resetCodes).values({
    id: newId(),
    userId,
    codeHash: 'f'.repeat(64),
    tries,
    createdAt: sql`now() - ${ago}::interval`,
    expiresAt: sql`now() - ${ago}::interval + interval '10 minutes'`,
    usedAt: sql`now() - ${ago}::interval`,
  });
const pausedAnswer = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.resetPaused });
};
const lockOutNotices = (email: string) =>
  countRows(server, 'outbox', sql`"to" = ${email} and kind = 'security-locked-out'`);

describe(`the 30-day budget of ${BUDGET} wrong reset codes per account`, () => {
  it('pauses reset after the budget is spent, mails no code, and the password still logs in', async () => {
    const { email, user } = await createMember(server);
    const codes = BUDGET / TRIES;
    for (let round = 1; round <= codes; round++) {
      const code = await requestResetCode(server, email);
      for (let n = 1; n <= TRIES; n++) {
        const res = await verifyPin(email, wrongCode(code, n));
        if (n < TRIES) expect(res.json().code).toBe('CODE_INVALID');
        else if (round < codes) expect(res.json().message).toBe(messages.tooManyCodeTries);
        else pausedAnswer(res);
      }
      // Past the hourly cap of codes, still inside the 30 days.
      await server.db
        .update(resetCodes)
        .set({ createdAt: sql`created_at - interval '2 hours'` })
        .where(eq(resetCodes.userId, user.id));
    }
    expect(await wrongTries(user.id)).toBe(BUDGET);

    pausedAnswer(await forgot(email));
    pausedAnswer(await verifyPin(email, '0000'));
    expect(await countRows(server, 'reset_codes', sql`user_id = ${user.id}`)).toBe(codes);
    expect(await countRows(server, 'outbox', sql`"to" = ${email} and kind = 'reset-code'`)).toBe(codes);
    expect(await lockOutNotices(email)).toBe(1);

    const login = await loginWithPassword(email);
    expect(login.statusCode).toBe(200);
    expect(login.json().message).toBe(messages.loggedIn);

    // The window rolls: tries older than 30 days no longer count.
    await server.db
      .update(resetCodes)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(resetCodes.userId, user.id));
    const code = await requestResetCode(server, email);
    expect((await verifyPin(email, code)).statusCode).toBe(200);
  });

  it('holds the budget against many parallel wrong guesses, with exactly one notice', async () => {
    const { email, user } = await createMember(server);
    await spentEarlier(user.id, BUDGET - 3);
    const code = await requestResetCode(server, email);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => verifyPin(email, wrongCode(code, i + 1))));

    const invalid = answers.filter((r) => r.json().code === 'CODE_INVALID');
    const paused = answers.filter((r) => r.statusCode === 429 && r.json().message === messages.resetPaused);
    expect(invalid).toHaveLength(2);
    expect(paused).toHaveLength(28);
    expect(await wrongTries(user.id)).toBe(BUDGET);
    expect(await lockOutNotices(email)).toBe(1);

    // Even the right code is refused now; no reset session was opened; the password works.
    pausedAnswer(await verifyPin(email, code));
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and kind = 'reset'`)).toBe(0);
    expect((await loginWithPassword(email)).statusCode).toBe(200);
  });

  it('does not count the right code against the budget', async () => {
    const { email, user } = await createMember(server);
    await spentEarlier(user.id, BUDGET - 1);
    const code = await requestResetCode(server, email);
    expect((await verifyPin(email, code)).statusCode).toBe(200);
    const [row] = await server.db
      .select()
      .from(resetCodes)
      .where(eq(resetCodes.userId, user.id))
      .orderBy(sql`created_at desc`);
    expect(row!.verifiedAt).not.toBeNull();
    expect(await wrongTries(user.id)).toBe(BUDGET - 1);

    // One wrong try is left: it spends the budget.
    const next = await requestResetCode(server, email);
    pausedAnswer(await verifyPin(email, wrongCode(next, 1)));
    expect(await lockOutNotices(email)).toBe(1);
    pausedAnswer(await forgot(email));
  });
});
