import { desc, eq, sql } from 'drizzle-orm';
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
     * Tells a member about one event that may be reported again (a send answered twice for one
     * Idempotency-Key): the notification takes the event's own id (a UUID, e.g. the journal entry's), so
     * a repeat writes and tells nothing. One statement: the caller already knows the member's e-mail.
     * Returns the notification, or null when this event was told before.
     */
    async notifyOnce(eventId: string, to: { id: string; email: string }, message: string) {
      const [row] = await ctx.db
        .insert(notifications)
        .values({ id: eventId, userId: to.id, message })
        .onConflictDoNothing({ target: notifications.id })
        .returning();
      if (!row) return null;
      const notification = present(row);
      await ctx.events.emit('notificationCreated', { userId: to.id, email: to.email, notification });
      return notification;
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
