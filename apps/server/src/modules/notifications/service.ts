import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { emailOf } from '../members/accounts.ts';

type Row = typeof notifications.$inferSelect;
/** A notification as the bell shows it (spec 1 §3). */
const present = (n: Row) => ({ _id: n.id, message: n.message, createdAt: n.createdAt.toISOString() });

export function notificationService(ctx: Context) {
  return {
    /**
     * Writes a notification for a member and the event that tells their open screens. With `tx` both are
     * written in the caller's transaction, so no screen hears of a notification that was rolled back.
     */
    async notify(userId: string, message: string, tx?: Tx) {
      const db = tx ?? ctx.db;
      const [row] = await db.insert(notifications).values({ id: newId(), userId, message }).returning();
      const email = await emailOf(db, userId);
      const user = email === undefined ? undefined : { email };
      const notification = present(row!);
      if (user) await ctx.events.emit('notificationCreated', { userId, email: user.email, notification }, db);
      return { notification };
    },
    /**
     * A notification written by another module's statement (the ledger's one-statement send), only when
     * that statement's `guard` holds, with the event that tells the member's open screens: both exist if
     * and only if what they tell of does, and a repeat of it (a send answered again for one
     * Idempotency-Key) writes nothing, so tells nobody twice. The caller already knows the member's e-mail.
     */
    alongside(id: string, to: { id: string; email: string }, message: string) {
      const createdAt = new Date();
      const insert = (guard: SQL) =>
        sql`insert into notifications (id, user_id, message, created_at)
          select ${id}::uuid, ${to.id}::uuid, ${message}, ${createdAt.toISOString()}::timestamptz ${guard}`;
      const notification = present({ id, userId: to.id, message, createdAt });
      return { insert, event: ctx.events.row('notificationCreated', { userId: to.id, email: to.email, notification }) };
    },
    async list(userId: string, page: number, limit: number) {
      const where = eq(notifications.userId, userId);
      const [rows, [count]] = await Promise.all([
        ctx.db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where),
      ]);
      return {
        data: rows.map(present),
        total: count?.n ?? 0,
        page,
        limit,
      };
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
