import { messages } from '@vault/contract/messages';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberBlocks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isContactable } from '../members/contacts.ts';

type Q = Db | Tx;

/**
 * The ids `userId` blocked or is blocked by, as a SELECT another statement embeds (the user search): a block
 * hides both members from each other's search, whoever made it.
 */
export const blockedPairsOf = (userId: string): SQL =>
  sql`select ${memberBlocks.blockedId} from ${memberBlocks} where ${memberBlocks.blockerId} = ${userId}
      union all select ${memberBlocks.blockerId} from ${memberBlocks} where ${memberBlocks.blockedId} = ${userId}`;

/** Whether either of the two blocked the other: their room is read-only both ways. */
export async function blockedBetween(q: Q, a: string, b: string): Promise<boolean> {
  const [row] = await q
    .select({ x: sql`1` })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A member blocks another from messaging them (issue 15 §6): their room turns read-only for both and neither
 * finds the other in the search. Blocking twice is the same block; an unknown or non-member id is 404.
 */
export async function block(db: Q, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw badRequest(messages.chatSelf);
  // A member who is blocked or deleted since may still be blocked (their room stays read-only anyway);
  // only ids that are no member at all are refused, as for an id that does not exist.
  if (!(await isContactable(db, blockedId))) {
    const [known] = await db
      .select({ x: sql`1` })
      .from(memberBlocks)
      .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
    if (!known) throw notFound();
    return;
  }
  await db.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Lifts the caller's own block (another's block of them stays); lifting none is fine. */
export async function unblock(db: Q, blockerId: string, blockedId: string) {
  await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
}
