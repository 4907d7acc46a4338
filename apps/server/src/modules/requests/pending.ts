import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberRequests } from '../../db/schema.ts';

/**
 * How many requests wait on an administrator, per kind (send, swap; later issues add theirs): the back
 * office's overview. Along the (status, created_at) index.
 */
export async function pendingByKind(q: Db | Tx): Promise<{ kind: string; count: number }[]> {
  return q
    .select({ kind: memberRequests.kind, count: sql<number>`count(*)::int` })
    .from(memberRequests)
    .where(eq(memberRequests.status, 'pending'))
    .groupBy(memberRequests.kind)
    .orderBy(memberRequests.kind);
}
