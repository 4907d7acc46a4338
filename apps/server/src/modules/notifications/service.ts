import { desc, eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { notifications, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export function notificationService(ctx: Context) {
  return {
    async notify(userId: string, message: string) {
      const [row] = await ctx.db.insert(notifications).values({ id: newId(), userId, message }).returning();
      const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const notification = { _id: row!.id, message: row!.message, createdAt: row!.createdAt.toISOString() };
      if (user) ctx.events.emit('notificationCreated', { userId, email: user.email, notification });
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
        data: rows.map((n) => ({ _id: n.id, message: n.message, createdAt: n.createdAt.toISOString() })),
        total: count?.n ?? 0,
        page,
        limit,
      };
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
