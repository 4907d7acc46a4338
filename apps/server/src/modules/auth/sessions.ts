import { LIMITS } from '@vault/contract/constants';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { sessions, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { type TokenKind, tokenSigner } from './tokens.ts';

export type User = typeof users.$inferSelect;
export type Authenticated = { user: User; sessionId: string; kind: TokenKind };

const ttl = { access: LIMITS.sessionTtlDays * 24 * 60, reset: LIMITS.resetTokenTtlMinutes } as const;

export function sessionService(ctx: Context) {
  const tokens = tokenSigner(ctx.secrets.jwt);
  // Every authenticated call runs this: prepared once (named statement), planned once by PostgreSQL.
  const liveSession = ctx.db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        eq(sessions.kind, sql.placeholder('kind')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('live_session');

  return {
    async open(userId: string, kind: TokenKind, meta: { ip?: string; userAgent?: string; fcmToken?: string } = {}) {
      const id = newId();
      const expiresAt = new Date(Date.now() + ttl[kind] * 60_000);
      await ctx.db.insert(sessions).values({
        id,
        userId,
        kind,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
        fcmToken: meta.fcmToken,
      });
      return tokens.sign({ sub: userId, sid: id, kind }, expiresAt);
    },

    /** The session and its member, or null when the token is bad, expired, revoked or of another kind. */
    async authenticate(token: string, kind: TokenKind): Promise<Authenticated | null> {
      const claims = await tokens.verify(token);
      if (!claims || claims.kind !== kind) return null;
      const [row] = await liveSession.execute({ sid: claims.sid, sub: claims.sub, kind });
      return row ? { user: row.user, sessionId: row.sessionId, kind } : null;
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

    async revokeAll(userId: string) {
      await ctx.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      ctx.events.emit('sessionsRevoked', { userId });
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
