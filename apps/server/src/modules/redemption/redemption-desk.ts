import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { redemptions } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { CoinqvestClient } from '../../providers/coinqvest/adapter.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { findLiveById, partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { moveRedemption, type RedemptionRow, redemptionById, toRedemption } from './redemptions.ts';

type Deps = {
  ledger: Ledger;
  catalogue: CatalogueService;
  notifications: NotificationService;
  /** COINQVEST's adapter; null when it is off (crypto redeems cannot be paid out then). */
  payouts: CoinqvestClient | null;
};

const decided = () => conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
/** COINQVEST pays from our USD wallet there. */
const PAYOUT_SOURCE = 'USD';

/**
 * The back office's redemption desk (issue 14 item 4, decision 0014). Approve: a wire request becomes
 * accepted (an operator pays it by wire, then marks it paid); a crypto request becomes accepted, COINQVEST is
 * asked to pay it out, and on its answer it completes. Completing commits the hold to the treasury (the tokens
 * leave circulation) in the transaction that moves the row from accepted: exactly once. Reject (pending, or
 * accepted without a payout asked) and expiry release the hold. The member is told at each change.
 */
export function redemptionDesk(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { ledger, catalogue, notifications } = deps;

  const told = async (row: RedemptionRow, template: string, values: Record<string, string> = {}) => {
    const member = await findLiveById(db, row.userId);
    if (!member) return;
    await notifications.notify(
      member.id,
      fillMessage(template, { amount: normalize(row.amount), symbol: row.asset, ...values }),
    );
    await ctx.events.emit('walletUpdated', { userId: member.id, email: member.email });
  };

  async function view(row: RedemptionRow) {
    const [{ tokens }, [member]] = await Promise.all([catalogue.snapshot(), partiesByIds(db, [row.userId])]);
    return {
      ...toRedemption(
        row,
        tokens.find((t) => t.coinSymbol === row.asset),
      ),
      member: member ? { _id: member.id, name: member.name, email: member.email } : null,
      targetAccount: (row.targetAccount ?? null) as Record<string, unknown> | null,
      redeemAddress: (row.redeemAddress ?? null) as Record<string, unknown> | null,
      payoutRef: row.payoutRef,
      payoutStatus: row.payoutStatus,
    };
  }

  /** Accepted → completed: the hold committed to the treasury, in one transaction with the guarded move. */
  async function complete(actor: User, row: RedemptionRow, payout: { payoutRef?: string; payoutStatus?: string }) {
    const done = await ledger.transact(async (tx) => {
      const moved = await moveRedemption(tx.db, row.id, ['accepted'], { status: 'completed', ...payout });
      if (!moved) throw decided();
      const { entryId } = await tx.commitHold(row.holdId, undefined, actor.id);
      const [final] = await tx.db.update(redemptions).set({ entryId }).where(eq(redemptions.id, row.id)).returning();
      await audit(tx.db, actor, 'redemption.complete', row.id, { entryId, ...payout });
      return final!;
    });
    await told(done, messages.redeemApprovedNotice);
    return done;
  }

  return {
    /** Requests by status, newest first, with the member, the target and the payout's state. */
    async list(status: RedemptionRow['status'] | undefined, page: number, limit: number) {
      const where = status ? eq(redemptions.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(redemptions)
          .where(where)
          .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(redemptions).where(where),
      ]);
      return { data: await Promise.all(rows.map(view)), total: total?.n ?? 0, page, limit };
    },

    /**
     * Approve a pending request (or retry the payout of an accepted crypto request COINQVEST did not take). A
     * wire waits accepted for `paid`; a crypto request is paid out now and completes on COINQVEST's answer.
     */
    async approve(actor: User, id: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      const retry = row.method === 'crypto' && row.status === 'accepted' && !row.payoutRef;
      const accepted = retry
        ? row
        : await moveRedemption(db, id, ['pending'], { status: 'accepted', decidedBy: actor.id, decidedAt: new Date() });
      if (!accepted) throw decided();
      if (!retry) await audit(db, actor, 'redemption.accept', id, { method: row.method });
      if (row.method === 'directWire') {
        await told(accepted, messages.redeemAcceptedNotice);
        return { message: 'Accepted: pay the wire, then mark it paid.', data: await view(accepted) };
      }
      if (!deps.payouts) throw new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
      let payout: { id: string; state: string };
      try {
        payout = await deps.payouts.createWithdrawal({
          sourceAsset: PAYOUT_SOURCE,
          sourceAmount: normalize(accepted.usdValue),
          targetNetwork: accepted.targetNetwork!,
          targetAccount: (accepted.targetAccount ?? {}) as Record<string, unknown>,
        });
      } catch (error) {
        ctx.log.warn({ redemptionId: id, err: error }, 'coinqvest: payout refused or unreachable');
        await db
          .update(redemptions)
          .set({ payoutStatus: 'FAILED', updatedAt: new Date() })
          .where(eq(redemptions.id, id));
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
      }
      const done = await complete(actor, accepted, { payoutRef: payout.id, payoutStatus: payout.state });
      return { message: 'Approved and paid out.', data: await view(done) };
    },

    /** An accepted wire request was paid by our bank: it completes. */
    async paid(actor: User, id: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      if (row.method !== 'directWire' || row.status !== 'accepted') throw decided();
      const done = await complete(actor, row, { payoutStatus: 'WIRED' });
      return { message: 'Marked paid.', data: await view(done) };
    },

    /** Reject with a reason: the hold is released (pending, or accepted before any payout was asked). */
    async reject(actor: User, id: string, reason: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      if (row.payoutRef) throw decided();
      const done = await ledger.transact(async (tx) => {
        const moved = await moveRedemption(tx.db, id, ['pending', 'accepted'], {
          status: 'rejected',
          rejectionReason: reason,
          decidedBy: actor.id,
          decidedAt: new Date(),
        });
        if (!moved) throw decided();
        await tx.releaseHold(row.holdId, actor.id);
        await audit(tx.db, actor, 'redemption.reject', id, { reason });
        return moved;
      });
      await told(done, messages.redeemRejectedNotice, { reason });
      return { message: 'Rejected: the tokens are the member’s again.', data: await view(done) };
    },

    /** The expire job: pending requests past their date are released, each once. */
    async expireDue(now = new Date()) {
      const due = await db
        .select({ id: redemptions.id })
        .from(redemptions)
        .where(and(eq(redemptions.status, 'pending'), lt(redemptions.expiresAt, now)))
        .limit(500);
      let expired = 0;
      for (const { id } of due) {
        const done = await ledger.transact(async (tx) => {
          const moved = await moveRedemption(tx.db, id, ['pending'], { status: 'expired' });
          if (moved) await tx.releaseHold(moved.holdId, null);
          return moved;
        });
        if (!done) continue;
        expired++;
        await told(done, messages.redeemExpiredNotice);
      }
      return { expired };
    },
  };
}

export type RedemptionDesk = ReturnType<typeof redemptionDesk>;
