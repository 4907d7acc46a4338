import { randomInt } from 'node:crypto';
import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { resetCodes } from '../../db/schema.ts';
import { badRequest, tooMany } from '../../http/errors.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';

const BUDGET = LIMITS.resetWrongCodesPer30Days;
const BUDGET_WINDOW = sql.raw(`interval '30 days'`);

/** Issuing and trying codes of one account take turns, so every count below is exact across processes. */
const lockAccount = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset:${userId}`}))`);

/**
 * Wrong tries of the account in the last 30 days: every reserved try counts until its code is verified
 * (a code is verified at most once, so that try is the one taken back). A try still being compared
 * counts as wrong, which errs on the safe side.
 */
async function wrongTries(tx: Tx, userId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select coalesce(sum(tries) - count(verified_at), 0)::int as n
    from ${resetCodes}
    where user_id = ${userId} and created_at > now() - ${BUDGET_WINDOW}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Whether the budget was already spent at some moment of the last 30 days before the code being tried
 * (each earlier code's 30-day sum, taken at its creation: its tries follow within minutes). A lock-out
 * that goes on while old tries age out and new ones take their place is then not announced again.
 */
async function spentEarlier(tx: Tx, userId: string, currentCodeId: string): Promise<boolean> {
  const result = await tx.execute<{ spent: boolean }>(sql`
    select coalesce(max(n), 0) >= ${BUDGET} as spent from (
      select created_at,
        sum(tries - (verified_at is not null)::int)
          over (order by created_at range between ${BUDGET_WINDOW} preceding and current row) as n
      from ${resetCodes}
      where user_id = ${userId} and id <> ${currentCodeId} and created_at > now() - 2 * ${BUDGET_WINDOW}
    ) earlier
    where created_at > now() - ${BUDGET_WINDOW}`);
  return result.rows[0]?.spent ?? false;
}

type Reservation = { id: string; codeHash: string; tries: number; spendsBudget: boolean; announce: boolean };

/**
 * The spec's reset code has only 4 digits, so the rules around it carry the security:
 * a code lives 10 minutes, is used once, allows 5 tries, an account gets at most 3 codes an hour, and at
 * most LIMITS.resetWrongCodesPer30Days wrong tries in any 30 days: then reset pauses for the account
 * (no code is issued or accepted) until old tries age out. That bounds an attacker's chance of taking an
 * account through reset codes to about 1 % over 30 days of continuous attack (constants.ts). Each try is
 * reserved under the account's advisory lock before the comparison, so parallel guesses cannot exceed
 * either limit. Issuing a new code retires the previous one. Codes are stored as HMACs, never in clear.
 */
export function resetCodeStore(db: Db, secret: string) {
  const digest = (id: string, code: string) => hmac(secret, `${id}:${code}`);

  /** Reserves one try of the member's live code, or throws the member-facing reason it cannot be tried. */
  const reserve = (userId: string): Promise<Reservation> =>
    db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const wrong = await wrongTries(tx, userId);
      if (wrong >= BUDGET) throw tooMany(messages.resetPaused);
      const [latest] = await tx
        .select()
        .from(resetCodes)
        .where(eq(resetCodes.userId, userId))
        .orderBy(desc(resetCodes.createdAt))
        .limit(1);
      if (!latest || latest.usedAt || latest.expiresAt <= new Date())
        throw badRequest(messages.codeExpired, 'CODE_EXPIRED');
      if (latest.tries >= LIMITS.resetCodeMaxWrongTries) throw tooMany(messages.tooManyCodeTries);
      await tx
        .update(resetCodes)
        .set({ tries: sql`${resetCodes.tries} + 1` })
        .where(eq(resetCodes.id, latest.id));
      // Under the lock exactly one try takes the count to the budget: it alone may announce the lock-out.
      const spendsBudget = wrong + 1 >= BUDGET;
      const announce = spendsBudget && !(await spentEarlier(tx, userId, latest.id));
      return { id: latest.id, codeHash: latest.codeHash, tries: latest.tries + 1, spendsBudget, announce };
    });

  return {
    async issue(userId: string): Promise<string> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        if ((await wrongTries(tx, userId)) >= BUDGET) throw tooMany(messages.resetPaused);
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(resetCodes)
          .where(and(eq(resetCodes.userId, userId), gt(resetCodes.createdAt, sql`now() - interval '1 hour'`)));
        if ((recent?.n ?? 0) >= LIMITS.resetCodesPerHour) throw tooMany(messages.tooManyResetCodes);
        await tx
          .update(resetCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(resetCodes.userId, userId), isNull(resetCodes.usedAt)));
        const id = newId();
        const code = randomInt(0, 10 ** 4)
          .toString()
          .padStart(4, '0');
        await tx.insert(resetCodes).values({
          id,
          userId,
          codeHash: digest(id, code),
          expiresAt: new Date(Date.now() + LIMITS.resetCodeTtlMinutes * 60_000),
        });
        return code;
      });
    },

    /**
     * Consumes the member's live code if `code` matches; throws the member-facing reason otherwise.
     * `onLockOut` runs once per lock-out: for the wrong try that spends the 30-day budget.
     */
    async consume(userId: string, code: string, onLockOut: () => Promise<unknown>): Promise<void> {
      const reserved = await reserve(userId);
      if (!safeEqual(digest(reserved.id, code), reserved.codeHash)) {
        if (reserved.announce) await onLockOut();
        if (reserved.spendsBudget) throw tooMany(messages.resetPaused);
        if (reserved.tries >= LIMITS.resetCodeMaxWrongTries) throw tooMany(messages.tooManyCodeTries);
        throw badRequest(messages.codeInvalid, 'CODE_INVALID', { code: messages.codeInvalid });
      }
      // The right code: its try is taken back from the wrong-try budget.
      const used = await db
        .update(resetCodes)
        .set({ usedAt: sql`now()`, verifiedAt: sql`now()` })
        .where(and(eq(resetCodes.id, reserved.id), isNull(resetCodes.usedAt)))
        .returning({ id: resetCodes.id });
      if (used.length !== 1) throw badRequest(messages.codeExpired, 'CODE_EXPIRED');
    },
  };
}
