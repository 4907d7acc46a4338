import { randomInt } from 'node:crypto';
import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resetCodes } from '../../db/schema.ts';
import { badRequest, tooMany } from '../../http/errors.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';

/**
 * The spec's reset code has only 4 digits, so the rules around it carry the security:
 * a code lives 10 minutes, is used once, allows 5 tries (each try is reserved atomically before the
 * comparison, so parallel guesses cannot exceed it), and an account gets at most 3 codes an hour.
 * Issuing a new code retires the previous one. Codes are stored as HMACs, never in clear.
 */
export function resetCodeStore(db: Db, secret: string) {
  const digest = (id: string, code: string) => hmac(secret, `${id}:${code}`);

  return {
    async issue(userId: string): Promise<string> {
      return db.transaction(async (tx) => {
        // Serialise issuing per account so the hourly cap holds under concurrent requests.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset:${userId}`}))`);
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

    /** Consumes the member's live code if `code` matches; throws the member-facing reason otherwise. */
    async consume(userId: string, code: string): Promise<void> {
      const [latest] = await db
        .select()
        .from(resetCodes)
        .where(eq(resetCodes.userId, userId))
        .orderBy(desc(resetCodes.createdAt))
        .limit(1);
      if (!latest || latest.usedAt || latest.expiresAt <= new Date())
        throw badRequest(messages.codeExpired, 'CODE_EXPIRED');
      const [reserved] = await db
        .update(resetCodes)
        .set({ tries: sql`${resetCodes.tries} + 1` })
        .where(
          and(
            eq(resetCodes.id, latest.id),
            isNull(resetCodes.usedAt),
            gt(resetCodes.expiresAt, sql`now()`),
            sql`${resetCodes.tries} < ${LIMITS.resetCodeMaxWrongTries}`,
          ),
        )
        .returning({ tries: resetCodes.tries });
      if (!reserved) {
        if (latest.tries >= LIMITS.resetCodeMaxWrongTries) throw tooMany(messages.tooManyCodeTries);
        throw badRequest(messages.codeExpired, 'CODE_EXPIRED');
      }
      if (!safeEqual(digest(latest.id, code), latest.codeHash)) {
        if (reserved.tries >= LIMITS.resetCodeMaxWrongTries) throw tooMany(messages.tooManyCodeTries);
        throw badRequest(messages.codeInvalid, 'CODE_INVALID', { code: messages.codeInvalid });
      }
      const used = await db
        .update(resetCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(resetCodes.id, latest.id), isNull(resetCodes.usedAt)))
        .returning({ id: resetCodes.id });
      if (used.length !== 1) throw badRequest(messages.codeExpired, 'CODE_EXPIRED');
    },
  };
}
