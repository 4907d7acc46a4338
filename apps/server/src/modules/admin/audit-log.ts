import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/**
 * Reading the audit log (the table belongs to this module; `audit.ts` writes it): the back office's list
 * and its CSV export, newest first, filtered by administrator, action, the member it was about and time.
 */
type Q = Db | Tx;

export type AuditFilter = {
  actorId?: string;
  /** An action as recorded; one ending in '.' takes every action under it ('user.' → user.block, …). */
  action?: string;
  targetId?: string;
  /** From this instant on (inclusive) and before `to` (exclusive). */
  from?: Date;
  to?: Date;
};

export type AuditEntry = typeof auditLog.$inferSelect;

function where(filter: AuditFilter): SQL | undefined {
  const { action } = filter;
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    action
      ? action.endsWith('.')
        ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : eq(auditLog.action, action)
      : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

/** At most `limit` rows after `offset`, newest first. */
export function auditRows(q: Q, filter: AuditFilter, limit: number, offset = 0): Promise<AuditEntry[]> {
  return q
    .select()
    .from(auditLog)
    .where(where(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** How many rows match. */
export async function auditCount(q: Q, filter: AuditFilter): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where(filter));
  return row?.n ?? 0;
}
