import { LIMITS } from '@vault/contract/constants';
import type { AdminRole } from '@vault/contract/schemas/admin-auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
// `users` belongs to modules/members: the one exception to table ownership (db/owners.ts), see liveSession.
import { sessions, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { liveAdministratorRole } from '../admins/live-role.ts';
import type { User } from '../members/accounts.ts';
import { type TokenKind, tokenSigner } from './tokens.ts';

export type { User };
export type Authenticated = {
  user: User;
  sessionId: string;
  kind: TokenKind;
  /** Back-office sessions only (kind 'admin'): the administrator's role as it is now. */
  admin?: { role: AdminRole };
};
export type AuthenticatedAdmin = Authenticated & { admin: { role: AdminRole } };

type Role = User['role'];

/** Absolute lifetimes, in minutes: administrators' sessions are shorter, their power is greater. */
const lifetime = (kind: TokenKind, role: Role) =>
  kind === 'reset'
    ? LIMITS.resetTokenTtlMinutes
    : kind === 'admin' || role === 'admin'
      ? LIMITS.adminSessionTtlHours * 60
      : LIMITS.sessionTtlDays * 24 * 60;

/** A bound that depends on the member's role, as a SQL interval (read with the session row on every call). */
const minutes = (n: number) => sql.raw(`interval '${n} minutes'`);
const byRole = (admin: number, member: number) =>
  sql`(case when ${users.role} = 'admin' then ${minutes(admin)} else ${minutes(member)} end)`;
const idle = byRole(LIMITS.adminSessionIdleMinutes, LIMITS.sessionIdleMinutes);
const maxAge = byRole(lifetime('access', 'admin'), lifetime('access', 'member'));
/** last_seen_at is written at most this often per session: one write a minute, not one per call. */
const SEEN_PRECISION = sql.raw(`interval '60 seconds'`);

const revokeAllIn = (q: Pick<Db, 'update'>, userId: string) =>
  q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export function sessionService(ctx: Context) {
  const tokens = tokenSigner(ctx.secrets.jwt);
  // Every authenticated call runs this: prepared once (named statement), planned once by PostgreSQL.
  // It joins the members' table (owned by modules/members) on purpose: the session and its member in one
  // statement is the hot path of every call (db/owners.ts, SHARED_READS).
  // A session is live while it is used (idle limit by role) and young enough (absolute limit by role,
  // from created_at, so a member made administrator gets the shorter bound at once).
  const liveSession = ctx.db
    .select({
      user: users,
      sessionId: sessions.id,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - ${SEEN_PRECISION}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        eq(sessions.kind, sql.placeholder('kind')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${idle}`),
        gt(sessions.createdAt, sql`now() - ${maxAge}`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('live_session');
  // The back office's sessions (kind 'admin', `auth: 'admin'` routes only): the same read plus the
  // administrator's role while they may sign in (enrolled, not disabled), from the admins module's SQL
  // (one round trip still). A statement of its own, so the members' statement above stays as it was.
  const liveAdminSession = ctx.db
    .select({
      user: users,
      sessionId: sessions.id,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - ${SEEN_PRECISION}`,
      role: liveAdministratorRole(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        eq(sessions.kind, 'admin'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${minutes(LIMITS.adminSessionIdleMinutes)}`),
        gt(sessions.createdAt, sql`now() - ${minutes(lifetime('admin', 'admin'))}`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('live_admin_session');
  // The guard keeps parallel calls of one session from writing the row more than once a minute.
  const touch = ctx.db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sql.placeholder('sid')), lt(sessions.lastSeenAt, sql`now() - ${SEEN_PRECISION}`)))
    .prepare('touch_session');

  return {
    async open(
      user: Pick<User, 'id' | 'role'>,
      kind: TokenKind,
      meta: { ip?: string; userAgent?: string; fcmToken?: string } = {},
      q: Pick<Db, 'insert'> = ctx.db,
    ) {
      const id = newId();
      const expiresAt = new Date(Date.now() + lifetime(kind, user.role) * 60_000);
      await q.insert(sessions).values({
        id,
        userId: user.id,
        kind,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
        fcmToken: meta.fcmToken,
      });
      return tokens.sign({ sub: user.id, sid: id, kind }, expiresAt);
    },

    /**
     * The session and its member, or null when the token is bad, expired, idle too long, revoked or of
     * another kind. Marks the session seen when its mark is over a minute old (a cheap write, once a minute).
     */
    async authenticate(token: string, kind: TokenKind): Promise<Authenticated | null> {
      const claims = await tokens.verify(token);
      if (!claims || claims.kind !== kind) return null;
      const [row] = await liveSession.execute({ sid: claims.sid, sub: claims.sub, kind });
      if (!row) return null;
      if (row.stale) await touch.execute({ sid: row.sessionId });
      return { user: row.user, sessionId: row.sessionId, kind };
    },

    /**
     * A back-office session (kind 'admin') and its administrator's role, or null when the token is bad, the
     * session is over (administrators' idle and absolute limits), or the administrator is disabled or not
     * enrolled.
     */
    async authenticateAdmin(token: string): Promise<AuthenticatedAdmin | null> {
      const claims = await tokens.verify(token);
      if (claims?.kind !== 'admin') return null;
      const [row] = await liveAdminSession.execute({ sid: claims.sid, sub: claims.sub });
      if (!row?.role || row.user.role !== 'admin') return null;
      if (row.stale) await touch.execute({ sid: row.sessionId });
      return { user: row.user, sessionId: row.sessionId, kind: 'admin', admin: { role: row.role } };
    },

    /** Revokes one session; true only for the call that revoked it (single use of reset tokens). */
    async revoke(sessionId: string): Promise<boolean> {
      const rows = await ctx.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /** Ends every session of a member now, and their open sockets with them. */
    async revokeAll(userId: string) {
      await ctx.db.transaction(async (tx) => {
        await revokeAllIn(tx, userId);
        await ctx.events.emit('sessionsRevoked', { userId }, tx);
      });
    },

    /**
     * The same inside the caller's transaction (an administrator's block and its audit row); the caller
     * emits `sessionsRevoked` in it too, so no socket is cut for a change that rolled back.
     */
    revokeAllIn,
  };
}

export type SessionService = ReturnType<typeof sessionService>;
