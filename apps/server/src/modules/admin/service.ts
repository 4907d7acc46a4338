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
import { checkCredit, credited, creditIn } from './issue-tokens.ts';
import { type MakerCheckerService, waitingFor } from './maker-checker.ts';
import { redactMail } from './redact-mail.ts';
import { checkReversal, reverseIn } from './reverse-entry.ts';

type Deps = {
  sessions: SessionService;
  settings: SettingsService;
  notifications: NotificationService;
  ledger: Ledger;
  makerChecker: MakerCheckerService;
};
type Idempotency = { key: string; requestHash: string };

/** An answer with its status: 200 when the action ran, 202 when it waits for a second administrator. */
type Outcome<T> = { status: 200; body: T } | ReturnType<typeof waitingFor>;

/** The back office actions of this area. Every change an administrator makes writes an audit row. */
export function adminService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  /** A live member (an administrator's id is not found: the member routes never act on administrators). */
  const findMember = async (id: string) => {
    const user = await accounts.findLiveById(db, id);
    if (user?.role !== 'member') throw notFound();
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
        // The value it replaces too: every settings change is audited with before and after.
        const from = await deps.settings.replace({ maintenance }, tx);
        await audit(tx, actor, 'settings.maintenance', null, { maintenance, from: from.maintenance });
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

    /** The maker-checker queue and threshold (modules/admin/maker-checker.ts). */
    makerChecker: deps.makerChecker,

    /**
     * Issues tokens from the treasury (issue 4 item 9), audited with the reason. Above the maker-checker
     * threshold nothing is issued: the credit waits for a second administrator (202). A repeated
     * Idempotency-Key (the member's, as a credit's always was) answers the first outcome: the entry, or the
     * same waiting action.
     */
    async credit(
      actor: User,
      body: AdminCreditBody,
      idempotency?: Idempotency,
    ): Promise<Outcome<{ message: string; data: { entryId: string; balance: string } }>> {
      const credit = await checkCredit(db, body);
      const verdict = await deps.makerChecker.assess([{ asset: credit.asset, amount: credit.amount }]);
      const { reason, ...payload } = credit;
      const outcome = await deps.ledger.transact<{ entryId: string } | { actionId: string }>(
        async (tx) =>
          verdict.waits
            ? {
                actionId: await deps.makerChecker.hold(tx.db, actor, {
                  kind: 'ledger.credit',
                  targetId: credit.userId,
                  payload,
                  verdict,
                  reason,
                }),
              }
            : creditIn(tx, ctx.events, actor, credit),
        { key: idempotency && { userId: credit.userId, ...idempotency } },
      );
      if ('actionId' in outcome) return waitingFor(outcome.actionId);
      const message = `${body.amount} ${body.asset} credited to ${credit.email}`;
      return { status: 200, body: { message, data: await credited(deps.ledger, credit, outcome.entryId) } };
    },

    /**
     * Reverses a journal entry (every posting negated), audited with the reason; above the threshold (the
     * value of what the entry moved) it waits for a second administrator. The key is the administrator's.
     */
    async reverse(
      actor: User,
      entryId: string,
      reason: string,
      idempotency?: Idempotency,
    ): Promise<Outcome<{ message: string; data: { entryId: string; reversalId: string } }>> {
      const { entryKind, moves } = await checkReversal(db, entryId);
      const verdict = await deps.makerChecker.assess(moves);
      const outcome = await deps.ledger.transact<{ entryId: string; reversalId: string } | { actionId: string }>(
        async (tx) =>
          verdict.waits
            ? {
                actionId: await deps.makerChecker.hold(tx.db, actor, {
                  kind: 'ledger.reverse',
                  targetId: entryId,
                  payload: { entryId, entryKind, moves },
                  verdict,
                  reason,
                }),
              }
            : reverseIn(tx, ctx.events, actor, entryId, reason),
        { key: idempotency && { userId: actor.id, ...idempotency } },
      );
      if ('actionId' in outcome) return waitingFor(outcome.actionId);
      return { status: 200, body: { message: messages.entryReversed, data: outcome } };
    },

    async makerCheckerSettings() {
      return { data: { makerCheckerThresholdUsd: await deps.makerChecker.threshold() } };
    },

    async setMakerCheckerThreshold(actor: User, value: string) {
      const { message, data } = await deps.makerChecker.setThreshold(actor, value);
      return { message, data };
    },

    /**
     * The newest mails (to one address when asked), with codes and link tokens hidden. Reading the
     * outbox is itself audited, with the filter used: who looked at whose mail, and when.
     */
    async outbox(actor: User, to: string | undefined, page: number, limit: number) {
      const { rows, total } = await db.transaction(async (tx) => {
        await audit(tx, actor, 'outbox.read', null, { to: to ?? null, page, limit });
        return recentMails(tx, { to, page, limit });
      });
      return {
        total,
        page,
        limit,
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
