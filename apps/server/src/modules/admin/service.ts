import { messages } from '@vault/contract/messages';
import type { AdminCreditBody } from '@vault/contract/schemas/ledger';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { recentMails } from '../../providers/mail/mailer.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import * as accounts from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { audit } from './audit.ts';
import { issueTokens } from './issue-tokens.ts';
import { redactMail } from './redact-mail.ts';

type Deps = { sessions: SessionService; settings: SettingsService; notifications: NotificationService; ledger: Ledger };

/** The back office actions of this area. Every change an administrator makes writes an audit row. */
export function adminService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const findMember = async (id: string) => {
    const user = await accounts.findLiveById(db, id);
    if (!user) throw notFound();
    return user;
  };
  /** Sets a member's block state in `tx`; not found when the member is unknown or deleted. */
  const setBlocked = async (tx: Tx, id: string, blockReason: string | null) => {
    const user = await accounts.setBlocked(tx, id, blockReason);
    if (!user) throw notFound();
    return user;
  };

  // Each change and its audit row are written in one transaction: a change the audit row cannot record
  // (text PostgreSQL refuses in jsonb, a lost connection) is rolled back with it, never left unaudited.
  // Events are written in the change's transaction: no screen hears of a change that did not happen.
  return {
    async setMaintenance(actor: User, maintenance: boolean) {
      await db.transaction(async (tx) => {
        await deps.settings.set('maintenance', maintenance, tx);
        await audit(tx, actor, 'settings.maintenance', null, { maintenance });
      });
      return { message: messages.maintenanceUpdated };
    },

    async block(actor: User, userId: string, reason: string) {
      await db.transaction(async (tx) => {
        const user = await setBlocked(tx, userId, reason);
        // Revoked in the same transaction: a member is never blocked with live sessions (the access check
        // refuses blocked members anyway; this also ends them for good if the block is lifted).
        await deps.sessions.revokeAllIn(tx, user.id);
        await audit(tx, actor, 'user.block', user.id, { reason });
        // Told in this order (delivery keeps it): the open screens learn why before their sockets are cut.
        await ctx.events.emit('userBlocked', { userId: user.id, email: user.email, blockReason: reason }, tx);
        await ctx.events.emit('sessionsRevoked', { userId: user.id }, tx);
      });
      return { message: messages.userBlockedByAdmin };
    },

    async unblock(actor: User, userId: string) {
      await db.transaction(async (tx) => {
        const user = await setBlocked(tx, userId, null);
        await audit(tx, actor, 'user.unblock', user.id, {});
      });
      return { message: messages.userUnblockedByAdmin };
    },

    async notify(actor: User, userId: string, message: string) {
      const user = await findMember(userId);
      await db.transaction(async (tx) => {
        await deps.notifications.notify(user.id, message, tx);
        await audit(tx, actor, 'notification.send', user.id, { message });
      });
      return { message: 'Notification sent' };
    },

    async credit(actor: User, body: AdminCreditBody, idempotency?: { key: string; requestHash: string }) {
      const result = await issueTokens({ db, ledger: deps.ledger, events: ctx.events }, actor, body, idempotency);
      return { message: result.message, data: result.data };
    },

    /**
     * The newest mails (to one address when asked), with codes and link tokens hidden. Reading the
     * outbox is itself audited, with the filter used: who looked at whose mail, and when.
     */
    async outbox(actor: User, to: string | undefined, limit: number) {
      const rows = await db.transaction(async (tx) => {
        await audit(tx, actor, 'outbox.read', null, { to: to ?? null, limit });
        return recentMails(tx, { to, limit });
      });
      return {
        data: rows.map((m) => ({
          _id: m.id,
          to: m.to,
          subject: redactMail(m.subject),
          text: redactMail(m.text),
          kind: m.kind,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
