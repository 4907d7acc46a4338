import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { failedSends } from '../../db/schema.ts';
import { AppError, tooMany } from '../../http/errors.ts';
import { LedgerError } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Refusals that answer a question about somebody else: whether an address is an active member (404), or
 * — before the recipient is looked at — whether the sender can afford it (400), or the sender's own
 * address. A prober produces them by the thousand; a member now and then.
 */
const COUNTED = new Set(['RECIPIENT_NOT_FOUND', 'INSUFFICIENT_BALANCE', 'SEND_TO_SELF']);

const recent = (userId: string) =>
  sql`(select count(*) from ${failedSends} where user_id = ${userId} and created_at > now() - interval '1 hour')`;

/**
 * Failed sends per member (sends and send requests alike), from PostgreSQL so the limit holds across
 * processes: after LIMITS.failedSendsPerHour in an hour the member's sends answer 429 until the oldest
 * ages out. Listing the members by probing addresses becomes 20 guesses an hour per activated vault.
 */
export function failedSendLimit(db: Db) {
  return {
    /** A condition for the statement that writes a send: the member's sends are not paused. */
    notPaused: (userId: string) => sql`${recent(userId)} < ${LIMITS.failedSendsPerHour}`,

    /** 429 when the member's sends are paused. */
    async check(userId: string) {
      const result = await db.execute<{ n: number }>(sql`select ${recent(userId)}::int as n`);
      if ((result.rows[0]?.n ?? 0) >= LIMITS.failedSendsPerHour) throw tooMany(messages.tooManyFailedSends);
    },

    /** Runs a send; a refusal of the counted kinds is recorded before it reaches the member. */
    async counting<T>(userId: string, send: () => Promise<T>): Promise<T> {
      try {
        return await send();
      } catch (error) {
        // The ledger's refusals (an overdraft found at the write) carry the same codes as the answers.
        if ((error instanceof AppError || error instanceof LedgerError) && COUNTED.has(error.code)) {
          await db.insert(failedSends).values({ id: newId(), userId, reason: error.code });
        }
        throw error;
      }
    },
  };
}

export type FailedSendLimit = ReturnType<typeof failedSendLimit>;
