import { redeemableOn } from '@vault/contract/holding-period';
import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { redemptions } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { holdingsOf, type Ledger, readHoldings } from '../../ledger/index.ts';
import type { CoinqvestClient } from '../../providers/coinqvest/adapter.ts';
import { audit } from '../admin/audit.ts';
import { type MakerCheckerService, waitingFor } from '../admin/maker-checker.ts';
import type { User } from '../auth/sessions.ts';
import { type CatalogueService, isLotTracked } from '../catalogue/service.ts';
import { findLiveById, partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { moveRedemption, type RedemptionRow, redemptionById, toRedemption } from './redemptions.ts';

type Deps = {
  ledger: Ledger;
  makerChecker: MakerCheckerService;
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
  const { ledger, catalogue, notifications, makerChecker } = deps;

  /** The member told (`template`, or nothing when told already) and their open screens refetched. */
  const told = async (row: RedemptionRow, template: string | null, values: Record<string, string> = {}) => {
    const member = await findLiveById(db, row.userId);
    if (!member) return;
    if (template)
      await notifications.notify(
        member.id,
        fillMessage(template, { amount: normalize(row.amount), symbol: row.asset, ...values }),
      );
    await ctx.events.emit('walletUpdated', { userId: member.id, email: member.email });
  };
  const ok = <T>(message: string, data: T) => ({ status: 200 as const, body: { message, data } });

  /** The member's lots of `asset` now, oldest first, each with the day it can be redeemed. */
  async function lotsOf(userId: string, asset: string) {
    if (!(await isLotTracked(db, asset))) return null;
    const { rows } = await db.execute<{ h: string }>(sql`select (${holdingsOf(userId)})::text as h`);
    return readHoldings(JSON.parse(rows[0]!.h))
      .lots.filter((l) => l.asset === asset)
      .map((l) => ({
        remaining: l.remaining,
        acquiredAt: l.acquiredAt.toISOString(),
        redeemableOn: redeemableOn(l.acquiredAt).toISOString(),
      }));
  }

  async function view(row: RedemptionRow) {
    const [{ tokens }, [member], lots] = await Promise.all([
      catalogue.snapshot(),
      partiesByIds(db, [row.userId]),
      lotsOf(row.userId, row.asset),
    ]);
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
      lots,
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

  /** Pending → accepted, in `q`'s transaction: the member of a wire request is told it is on its way. */
  async function acceptIn(tx: Tx, actor: User, row: RedemptionRow, extra: Record<string, unknown> = {}) {
    const moved = await moveRedemption(tx, row.id, ['pending'], {
      status: 'accepted',
      decidedBy: actor.id,
      decidedAt: new Date(),
    });
    if (!moved) throw decided();
    await audit(tx, actor, 'redemption.accept', row.id, { method: row.method, ...extra });
    if (row.method === 'directWire') {
      const notice = fillMessage(messages.redeemAcceptedNotice, { amount: normalize(row.amount), symbol: row.asset });
      await notifications.notify(row.userId, notice, tx);
    }
    return moved;
  }

  // An approval that waited runs here when a second administrator approves it (modules/admin): the request
  // is accepted; a crypto one is then paid out from the desk (Pay out), outside the decision's transaction.
  makerChecker.register('redemption.approve', async (tx, checker, payload, approval) => {
    const row = await redemptionById(tx.db, String(payload.redemptionId));
    if (!row) throw notFound();
    await acceptIn(tx.db, checker, row, approval);
    return { redemptionId: row.id };
  });

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
    async approve(actor: User, id: string, reason?: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      const payOut = row.method === 'crypto' && row.status === 'accepted' && !row.payoutRef;
      if (!payOut && row.status !== 'pending') throw decided();
      if (!payOut) {
        // Worth more than the owners' threshold: it waits for a second administrator (202).
        const verdict = await makerChecker.assess([{ asset: row.asset, amount: normalize(row.amount) }]);
        if (verdict.waits) {
          if (!reason)
            throw badRequest(messages.makerCheckerReasonRequired, 'VALIDATION', {
              reason: messages.makerCheckerReasonRequired,
            });
          const [member] = await partiesByIds(db, [row.userId]);
          const payload = {
            redemptionId: id,
            userId: row.userId,
            email: member?.email ?? '',
            asset: row.asset,
            amount: normalize(row.amount),
            usdValue: normalize(row.usdValue),
            method: row.method,
          };
          const actionId = await db.transaction((tx) =>
            makerChecker.hold(tx, actor, { kind: 'redemption.approve', targetId: id, payload, verdict, reason }),
          );
          return waitingFor(actionId);
        }
      }
      const accepted = payOut ? row : await db.transaction((tx) => acceptIn(tx, actor, row, reason ? { reason } : {}));
      if (row.method === 'directWire') {
        await told(accepted, null);
        return ok('Accepted: pay the wire, then mark it paid.', await view(accepted));
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
      return ok('Approved and paid out.', await view(done));
    },

    /** An accepted wire request was paid by our bank: it completes. */
    async paid(actor: User, id: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      if (row.method !== 'directWire' || row.status !== 'accepted') throw decided();
      const done = await complete(actor, row, { payoutStatus: 'WIRED' });
      return ok('Marked paid.', await view(done));
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
      return ok('Rejected: the tokens are the member’s again.', await view(done));
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
