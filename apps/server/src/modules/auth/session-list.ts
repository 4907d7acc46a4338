import { LIMITS } from '@vault/contract/constants';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/**
 * The back office's view of a member's sessions (the table belongs to this module): the live ones, with
 * what identifies the device (created, last seen, IP, user agent). No token is stored, so none can leak;
 * the push token (fcm) is not shown either.
 */

/** A member's live access sessions, newest first: not revoked, not expired, not idle too long. */
export async function liveSessionsOf(q: Db | Tx, userId: string) {
  const idle = sql.raw(`interval '${LIMITS.sessionIdleMinutes} minutes'`);
  return q
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.kind, 'access'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${idle}`),
      ),
    )
    .orderBy(desc(sessions.createdAt));
}

/**
 * When each of these administrators last signed in to the back office (their newest session of kind 'admin'),
 * one grouped statement along the sessions' user index; absent for one who never did.
 */
export async function lastAdminSignIns(q: Db | Tx, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: sessions.userId, at: sql<Date>`max(${sessions.createdAt})`.mapWith(sessions.createdAt) })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), eq(sessions.kind, 'admin')))
    .groupBy(sessions.userId);
  return new Map(rows.map((r) => [r.userId, r.at]));
}
