import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { SendTokensBody } from '@vault/contract/schemas/ledger';
import type { SendRequest } from '@vault/contract/schemas/wallet';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { memberRequests, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { assertFitsDecimals, lookupAsset } from '../catalogue/service.ts';
import { failedSendLimit } from '../members/failed-sends.ts';
import { canReceive, checkedRecipient } from '../members/recipient.ts';
import type { NotificationService } from '../notifications/service.ts';

type Status = SendRequest['status'];
const recipients = alias(users, 'recipient');

/**
 * sdira members' send requests (spec 2 §1, §4 "Sdira requests"): the amount moves to a ledger hold at
 * once (so it cannot be spent twice while an administrator reviews it); approval commits the hold to
 * the recipient, rejection releases it back. The request row is written in the same `ledger.transact`
 * as the hold's movement, so a request and its hold never disagree, and the hold's guarded status
 * change lets exactly one decision through.
 */
export function requestService(ctx: Context, ledger: Ledger, notifications: NotificationService) {
  const { db } = ctx;
  const failed = failedSendLimit(db);

  /** Requests with the member who made them and the recipient's e-mail. */
  const withParties = () =>
    db
      .select({ request: memberRequests, from: users, toEmail: recipients.email })
      .from(memberRequests)
      .innerJoin(users, eq(users.id, memberRequests.userId))
      .leftJoin(recipients, eq(recipients.id, memberRequests.toUserId))
      .$dynamic();

  /** A request as the contract shows it, with the ids a decision needs. */
  async function find(id: string) {
    const [row] = await withParties().where(eq(memberRequests.id, id));
    if (!row) throw notFound();
    return {
      view: present(row),
      userId: row.request.userId,
      toUserId: row.request.toUserId!,
      holdId: row.request.holdId,
    };
  }

  function present(row: {
    request: typeof memberRequests.$inferSelect;
    from: typeof users.$inferSelect;
    toEmail: string | null;
  }): SendRequest {
    const { request, from } = row;
    return {
      _id: request.id,
      status: request.status,
      from: { _id: from.id, name: from.name, email: from.email },
      to: row.toEmail ?? '',
      coin: request.asset,
      amount: normalize(request.amount),
      memo: request.memo,
      rejectionReason: request.rejectionReason,
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
    };
  }

  /** The answer to a send request: its id, found by its hold (a repeated key answers with the first hold). */
  async function submitted(holdId: string) {
    const [request] = await db
      .select({ id: memberRequests.id })
      .from(memberRequests)
      .where(eq(memberRequests.holdId, holdId));
    return { message: messages.requestSubmitted, data: { requestId: request!.id } };
  }

  /**
   * Both parties' open screens refresh; the member is told the outcome and, when approved, the recipient
   * is told what they received and from whom (by e-mail) (notifications, live).
   */
  async function announce(request: Awaited<ReturnType<typeof find>>, notice: string) {
    const { view } = request;
    ctx.events.emit('walletUpdated', { userId: request.userId, email: view.from.email });
    const received = view.status === 'approved' && view.to !== '';
    if (received) ctx.events.emit('walletUpdated', { userId: request.toUserId, email: view.to });
    // The decision is committed: a failed notice must not turn it into an error (a retry would say 409).
    await notifications.notify(request.userId, notice).catch((err) => ctx.log.error({ err }, 'request notice failed'));
    if (!received) return;
    const receipt = fillMessage(messages.tokensReceivedNotice, {
      amount: view.amount,
      symbol: view.coin,
      email: view.from.email,
    });
    await notifications
      .notify(request.toUserId, receipt)
      .catch((err) => ctx.log.error({ err }, 'receipt notification failed'));
  }

  return {
    /** request/create-legacy-send-request: same body and recipient rules as send-tokens. */
    createSend: (me: User, body: SendTokensBody, idempotency?: { key: string; requestHash: string }) =>
      failed.counting(me.id, async () => {
        // A repeat is answered first, as it was (see native-wallet send).
        const first = idempotency && (await ledger.replay<{ holdId: string }>({ userId: me.id, ...idempotency }));
        if (first) return submitted(first.holdId);
        if (me.type !== 'sdira') throw forbidden(messages.sendRequestsSdiraOnly, 'SDIRA_ONLY');
        if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
        // Requests move the platform's own tokens (legacy tokens and Q), not crypto coins.
        const asset = await lookupAsset(db, body.coin);
        if (asset?.kind !== 'token')
          throw badRequest(messages.invalidRequest, 'UNKNOWN_ASSET', { coin: messages.invalidRequest });
        assertFitsDecimals(asset, body.amount);
        const recipient = await checkedRecipient({ db, ledger, failed }, me, {
          to: body.to,
          asset: body.coin,
          amount: body.amount,
        });
        const requestId = newId();
        const amount = normalize(body.amount);
        const { holdId } = await ledger.transact(
          async (tx) => {
            const hold = await tx.placeHold({
              userId: me.id,
              asset: body.coin,
              amount,
              reason: 'Send request',
              metadata: { from: me.id, to: recipient.id, requestId },
            });
            await tx.db.insert(memberRequests).values({
              id: requestId,
              kind: 'send',
              userId: me.id,
              asset: body.coin,
              amount,
              toUserId: recipient.id,
              memo: body.memo || null,
              holdId: hold.holdId,
            });
            return hold;
          },
          { key: idempotency && { userId: me.id, ...idempotency } },
        );
        ctx.events.emit('walletUpdated', { userId: me.id, email: me.email });
        return submitted(holdId);
      }),

    /** Back office: requests by status, newest first. */
    async list(status: Status | undefined, limit: number) {
      const rows = await withParties()
        .where(status ? eq(memberRequests.status, status) : undefined)
        .orderBy(desc(memberRequests.createdAt), desc(memberRequests.id))
        .limit(limit);
      return { data: rows.map(present) };
    },

    /** Pays the held tokens to the recipient, if they are still an active member (else 409, still pending). */
    async approve(actor: User, id: string) {
      const request = await find(id);
      if (request.view.status !== 'pending') throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
      await ledger.transact(async (tx) => {
        const hold = await tx.commitHold(request.holdId, { userId: request.toUserId }, actor.id, {
          metadata: { from: request.userId, to: request.toUserId, requestId: id },
        });
        // Checked inside the transaction that pays: a recipient blocked meanwhile rolls it all back.
        if (!(await canReceive(tx.db, request.toUserId)))
          throw conflict(messages.recipientNoLongerActive, 'RECIPIENT_INACTIVE');
        await decide(tx.db, id, { status: 'approved', decidedBy: actor.id, decidedAt: new Date() });
        await audit(tx.db, actor, 'request.approve', id, { holdId: hold.holdId, entryId: hold.entryId });
      });
      const decided = await find(id);
      const { amount, coin: symbol } = decided.view;
      await announce(decided, fillMessage(messages.sendRequestApprovedNotice, { amount, symbol }));
      return { message: messages.requestApproved, data: decided.view };
    },

    /** Returns the held tokens to the member, with the reason they are told. */
    async reject(actor: User, id: string, reason: string) {
      const request = await find(id);
      if (request.view.status !== 'pending') throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
      await ledger.transact(async (tx) => {
        const hold = await tx.releaseHold(request.holdId, actor.id, {
          metadata: { from: request.userId, to: request.toUserId, requestId: id },
        });
        await decide(tx.db, id, {
          status: 'rejected',
          rejectionReason: reason,
          decidedBy: actor.id,
          decidedAt: new Date(),
        });
        await audit(tx.db, actor, 'request.reject', id, { holdId: hold.holdId, entryId: hold.entryId, reason });
      });
      const decided = await find(id);
      const { amount, coin: symbol } = decided.view;
      await announce(decided, fillMessage(messages.sendRequestRejectedNotice, { amount, symbol, reason }));
      return { message: messages.requestRejected, data: decided.view };
    },
  };
}

/** Marks a pending request decided; the hold's guard already let only one decision get here. */
async function decide(tx: Tx | Db, id: string, values: Partial<typeof memberRequests.$inferInsert>) {
  const rows = await tx
    .update(memberRequests)
    .set(values)
    .where(and(eq(memberRequests.id, id), eq(memberRequests.status, 'pending')))
    .returning({ id: memberRequests.id });
  if (rows.length !== 1) throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
}

export type RequestService = ReturnType<typeof requestService>;
