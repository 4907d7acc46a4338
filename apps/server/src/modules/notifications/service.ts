import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { emailOf } from '../members/accounts.ts';

type Row = typeof notifications.$inferSelect;

/**
 * A UUIDv7 made by PostgreSQL (lib/ids.ts makes them in JS): the current millisecond over the first 48 bits of
 * a random UUID, version bits 0111. For rows written by an INSERT … SELECT, one id per row.
 */
const UUID_V7 = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
  substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6),
  52, 1), 53, 1), 'hex')::uuid`;
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
    /**
     * The same notification for every member `recipients` selects (another module's SELECT of one `id`
     * column: members' activeMemberIds), in one INSERT … SELECT, and ONE event that tells every open screen
     * (each bell refetches its own rows). With `tx`, both commit with the caller's rows (its audit row).
     */
    async notifyAll(message: string, recipients: SQL, tx?: Tx) {
      const db = tx ?? ctx.db;
      const createdAt = new Date().toISOString();
      const written = await db.execute(sql`insert into notifications (id, user_id, message, created_at)
        select ${UUID_V7}, r.id, ${message}, ${createdAt}::timestamptz from (${recipients}) r`);
      const recipientCount = written.rowCount ?? 0;
      if (recipientCount > 0) await ctx.events.emit('notificationBroadcast', { message, createdAt }, db);
      return { recipients: recipientCount };
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
