import { messages } from '@vault/contract/messages';
import type { AdminCreditBody } from '@vault/contract/schemas/ledger';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { outbox, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { audit } from './audit.ts';
import { issueTokens } from './issue-tokens.ts';

type Deps = { sessions: SessionService; settings: SettingsService; notifications: NotificationService; ledger: Ledger };

/** The back office actions of this area. Every change an administrator makes writes an audit row. */
export function adminService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const findMember = async (id: string) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!user) throw notFound();
    return user;
  };

  return {
    async setMaintenance(actor: User, maintenance: boolean) {
      await deps.settings.set('maintenance', maintenance);
      await audit(db, actor, 'settings.maintenance', null, { maintenance });
      return { message: messages.maintenanceUpdated };
    },

    async block(actor: User, userId: string, reason: string) {
      const user = await findMember(userId);
      await db.update(users).set({ isBlocked: true, blockReason: reason }).where(eq(users.id, user.id));
      await audit(db, actor, 'user.block', user.id, { reason });
      // Tell the member's open screens why before their sessions (and sockets) are cut.
      ctx.events.emit('userBlocked', { userId: user.id, email: user.email, blockReason: reason });
      await deps.sessions.revokeAll(user.id);
      return { message: messages.userBlockedByAdmin };
    },

    async unblock(actor: User, userId: string) {
      const user = await findMember(userId);
      await db.update(users).set({ isBlocked: false, blockReason: null }).where(eq(users.id, user.id));
      await audit(db, actor, 'user.unblock', user.id, {});
      return { message: messages.userUnblockedByAdmin };
    },

    async notify(actor: User, userId: string, message: string) {
      const user = await findMember(userId);
      await deps.notifications.notify(user.id, message);
      await audit(db, actor, 'notification.send', user.id, { message });
      return { message: 'Notification sent' };
    },

    async credit(actor: User, body: AdminCreditBody, idempotency?: { key: string; requestHash: string }) {
      const result = await issueTokens(db, deps.ledger, actor, body, idempotency);
      // The member's open dashboards show the new balance at once.
      ctx.events.emit('walletUpdated', { userId: result.member.id, email: result.member.email });
      return { message: result.message, data: result.data };
    },

    async outbox(to: string | undefined, limit: number) {
      const rows = await db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(limit);
      return {
        data: rows.map((m) => ({
          _id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          kind: m.kind,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
