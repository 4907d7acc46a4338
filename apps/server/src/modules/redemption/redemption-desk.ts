import { redeemableOn } from '@vault/contract/holding-period';
import { fillMessage, messages } from '@vault/contract/messages';
import { compare, normalize } from '@vault/contract/money';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { redemptions } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { fees, holdingsOf, type Ledger, readHoldings } from '../../ledger/index.ts';
import { type CoinqvestClient, CoinqvestError } from '../../providers/coinqvest/adapter.ts';
import { audit } from '../admin/audit.ts';
import { type MakerCheckerService, waitingFor } from '../admin/maker-checker.ts';
import type { User } from '../auth/sessions.ts';
import { type CatalogueService, isLotTrackedType } from '../catalogue/service.ts';
import { findLiveById, partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { moveRedemption, payoutUsd, type RedemptionRow, redemptionById, toRedemption } from './redemptions.ts';

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
/** How long a payout claim holds before another approval may take it over (a call times out in 15 s). */
const PAYOUT_CLAIM_MS = 120_000;

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

  /**
   * Each row's member and their lots of its asset now (oldest first, each with the day it can be redeemed;
   * null for tokens without a holding period): one statement for every member of the page.
   */
  async function views(rows: RedemptionRow[]) {
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const [{ tokens }, parties, holdings] = await Promise.all([
      catalogue.snapshot(),
      partiesByIds(db, userIds),
      userIds.length === 0
        ? { rows: [] }
        : db.execute<{ id: string; h: string }>(
            sql`select u.id, (${holdingsOf(sql`u.id`)})::text as h
              from unnest(array[${sql.join(userIds, sql`, `)}]::uuid[]) as u(id)`,
          ),
    ]);
    const tracked = new Set(tokens.filter((t) => isLotTrackedType(t.type)).map((t) => t.coinSymbol));
    const lotsBy = new Map(holdings.rows.map((r) => [r.id, readHoldings(JSON.parse(r.h)).lots]));
    const memberBy = new Map(parties.map((p) => [p.id, p]));
    return rows.map((row) => {
      const member = memberBy.get(row.userId);
      const lots = tracked.has(row.asset)
        ? (lotsBy.get(row.userId) ?? [])
            .filter((l) => l.asset === row.asset)
            .map((l) => ({
              remaining: l.remaining,
              acquiredAt: l.acquiredAt.toISOString(),
              redeemableOn: redeemableOn(l.acquiredAt).toISOString(),
            }))
        : null;
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
    });
  }
  const view = async (row: RedemptionRow) => (await views([row]))[0]!;

  /** Accepted → completed: the hold committed to the treasury, in one transaction with the guarded move. */
  async function complete(actor: User, row: RedemptionRow, payout: { payoutRef?: string; payoutStatus?: string }) {
    const done = await ledger.transact(async (tx) => {
      const moved = await moveRedemption(tx.db, row.id, ['accepted'], { status: 'completed', ...payout });
      if (!moved) throw decided();
      // The fee fixed on the request goes to the fees account; the rest leaves circulation.
      const fee = compare(row.fee, '0') > 0 ? { to: fees, amount: row.fee } : undefined;
      const { entryId } = await tx.commitHold(row.holdId, undefined, actor.id, { fee });
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
      return { data: await views(rows), total: total?.n ?? 0, page, limit };
    },

    /** One request, as the list shows it (the approvals queue opens it by its id). */
    async one(id: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      return { data: await view(row) };
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
      // One caller at a time asks COINQVEST: the claim (REQUESTING) is taken by a guarded update, so two
      // approvals at once cannot both pay. A claim left by a process that stopped mid-call may be taken again
      // after PAYOUT_CLAIM_MS; every attempt of a request carries the same Idempotency-Key.
      const [claimed] = await db
        .update(redemptions)
        .set({ payoutStatus: 'REQUESTING', updatedAt: new Date() })
        .where(
          and(
            eq(redemptions.id, id),
            eq(redemptions.status, 'accepted'),
            isNull(redemptions.payoutRef),
            sql`(${redemptions.payoutStatus} is null or ${redemptions.payoutStatus} in ('FAILED', 'REFUSED')
              or (${redemptions.payoutStatus} = 'REQUESTING' and ${redemptions.updatedAt} < now() - make_interval(secs => ${PAYOUT_CLAIM_MS / 1000})))`,
          ),
        )
        .returning();
      if (!claimed) throw decided();
      let payout: { id: string; state: string };
      try {
        payout = await deps.payouts.createWithdrawal(
          {
            sourceAsset: PAYOUT_SOURCE,
            sourceAmount: payoutUsd(claimed),
            targetNetwork: claimed.targetNetwork!,
            targetAccount: (claimed.targetAccount ?? {}) as Record<string, unknown>,
          },
          `redemption:${id}`,
        );
      } catch (error) {
        ctx.log.warn({ redemptionId: id, err: error }, 'coinqvest: payout refused or unreachable');
        // REFUSED: COINQVEST answered no (4xx), nothing was paid, so the request may still be rejected.
        // FAILED: no answer; it may have paid, so only a retry (same key) may follow, never a rejection.
        const refused = error instanceof CoinqvestError && error.kind === 'invalid';
        await db
          .update(redemptions)
          .set({ payoutStatus: refused ? 'REFUSED' : 'FAILED', updatedAt: new Date() })
          .where(eq(redemptions.id, id));
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
      }
      const done = await complete(actor, claimed, { payoutRef: payout.id, payoutStatus: payout.state });
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

    /**
     * Reject with a reason: the hold is released (pending, or accepted while no payout can have been made: none
     * asked, or COINQVEST refused it). The condition is in the guarded update, so a payout claimed at the same
     * moment and a rejection cannot both happen.
     */
    async reject(actor: User, id: string, reason: string) {
      const row = await redemptionById(db, id);
      if (!row) throw notFound();
      const done = await ledger.transact(async (tx) => {
        const unpaid = sql`${redemptions.payoutRef} is null and (${redemptions.payoutStatus} is null or ${redemptions.payoutStatus} = 'REFUSED')`;
        const moved = await moveRedemption(
          tx.db,
          id,
          ['pending', 'accepted'],
          { status: 'rejected', rejectionReason: reason, decidedBy: actor.id, decidedAt: new Date() },
          unpaid,
        );
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
