import { fillMessage, messages } from '@vault/contract/messages';
import { ACQUIRE_EXPIRY_DAYS, type AcquireRequest } from '@vault/contract/schemas/opportunities';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { opportunityPools, opportunityRequests } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type Ledger, type LedgerTx, move, treasury } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { partiesByIds } from '../members/accounts.ts';
import { findMember } from '../members/directory.ts';
import type { NotificationService } from '../notifications/service.ts';
import { type PoolRow, RESERVED } from './pools.ts';
import { moveRequest, type RequestRow, requestById, toAcquireRequest } from './requests.ts';

const decided = () => conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests the expire job takes in one run; the next run (15 minutes later) takes the rest. */
const EXPIRE_BATCH = 500;

/**
 * The back office's acquire requests (issue 17 items 2, 7): approve or reject, exactly once, and the expiry of
 * undecided ones. Each outcome is one transaction: the guarded move out of 'pending' (of two outcomes at once,
 * one gets the row), then the request's hold resolved with its reserved units in the same entry (approve: Q to
 * the treasury and the units to the member; reject or expire: both back), the audit row, the member's notice
 * and events: `walletUpdated` (the Q), and `nftBalanceUpdated` when units became theirs.
 */
export function acquireDesk(ctx: Context, deps: { ledger: Ledger; notifications: NotificationService }) {
  const { db } = ctx;
  const { ledger, notifications } = deps;

  async function poolOf(tx: LedgerTx, row: RequestRow): Promise<PoolRow> {
    const [pool] = await tx.db.select().from(opportunityPools).where(eq(opportunityPools.id, row.poolId));
    return pool!;
  }

  /** The member told (notice) and their open screens refreshed, in the outcome's transaction. */
  async function tell(tx: LedgerTx, row: RequestRow, pool: PoolRow, notice: string, reason: string | null) {
    const data = toAcquireRequest(row, pool);
    const values = { amount: data.amount, name: pool.name, price: data.price, reason: reason ?? '' };
    await notifications.notify(row.userId, fillMessage(notice, values), tx.db);
    const [who] = await partiesByIds(tx.db, [row.userId]);
    if (!who) return;
    const member = { userId: row.userId, email: who.email };
    await ctx.events.emit('walletUpdated', member, tx.db);
    if (row.status === 'approved') await ctx.events.emit('nftBalanceUpdated', member, tx.db);
  }

  async function decide(
    admin: User,
    id: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<{ message: string; data: AcquireRequest }> {
    if (!(await requestById(db, id))) throw notFound(messages.acquireRequestUnknown);
    return ledger.transact(async (tx) => {
      const row = await moveRequest(tx.db, id, ['pending'], {
        status,
        rejectionReason: reason,
        decidedBy: admin.id,
        decidedAt: new Date(),
      });
      if (!row) throw decided();
      const pool = await poolOf(tx, row);
      const member = { userId: row.userId };
      const metadata = { logType: 'nftAcquire', poolId: pool.id };
      const resolved =
        status === 'approved'
          ? await tx.commitHold(row.holdId, treasury, admin.id, {
              metadata,
              also: move(RESERVED, member, pool.asset, row.amount),
            })
          : await tx.releaseHold(row.holdId, admin.id, {
              metadata,
              also: move(RESERVED, treasury, pool.asset, row.amount),
            });
      const [done] = await tx.db
        .update(opportunityRequests)
        .set({ resolveEntryId: resolved.entryId })
        .where(eq(opportunityRequests.id, id))
        .returning();
      await audit(tx.db, admin, `opportunityRequest.${status === 'approved' ? 'approve' : 'reject'}`, id, {
        poolId: pool.id,
        amount: row.amount,
        price: row.price,
        ...(reason ? { reason } : {}),
      });
      const notice = status === 'approved' ? messages.acquireApprovedNotice : messages.acquireRejectedNotice;
      await tell(tx, done!, pool, notice, reason);
      const message = status === 'approved' ? messages.acquireApproved : messages.acquireRejected;
      return { message, data: toAcquireRequest(done!, pool) };
    });
  }

  /** Rows with their pools and members (name and e-mail), as the back office lists them. */
  async function withParties(rows: RequestRow[]) {
    const poolIds = [...new Set(rows.map((r) => r.poolId))];
    const [pools, members] = await Promise.all([
      poolIds.length ? db.select().from(opportunityPools).where(inArray(opportunityPools.id, poolIds)) : [],
      partiesByIds(db, [...new Set(rows.map((r) => r.userId))]),
    ]);
    const poolMap = new Map(pools.map((p) => [p.id, p]));
    const memberMap = new Map(members.map((m) => [m.id, m]));
    return rows.map((r) => ({
      ...toAcquireRequest(r, poolMap.get(r.poolId)!),
      user: { _id: r.userId, email: memberMap.get(r.userId)?.email ?? '', name: memberMap.get(r.userId)?.name ?? '' },
    }));
  }

  return {
    approve: (admin: User, id: string) => decide(admin, id, 'approved', null),
    reject: (admin: User, id: string, reason: string) => decide(admin, id, 'rejected', reason),

    /** Requests by status, newest first, with their members and pools. */
    async list(status: RequestRow['status'] | undefined, page: number, limit: number) {
      const where = status ? eq(opportunityRequests.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(opportunityRequests)
          .where(where)
          .orderBy(desc(opportunityRequests.createdAt), desc(opportunityRequests.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(opportunityRequests).where(and(where)),
      ]);
      return { data: await withParties(rows), total: total?.n ?? 0, page, limit };
    },

    /** One request with its member's type and activation (an sdira member's acquisitions are requests too). */
    async detail(id: string) {
      const row = await requestById(db, id);
      if (!row) throw notFound(messages.acquireRequestUnknown);
      const [listed] = await withParties([row]);
      const member = await findMember(db, row.userId);
      const user = {
        ...listed!.user,
        type: member?.type ?? 'deleted',
        isWalletActivated: member?.isWalletActivated ?? false,
      };
      return { data: { ...listed!, user } };
    },

    /**
     * The expire job: requests undecided after ACQUIRE_EXPIRY_DAYS are released (Q and units back), each in
     * its own transaction by the same guarded move as a decision, so a decision at the same moment and the
     * expiry never both happen, and a second run finds nothing.
     */
    async expireDue(now = new Date()) {
      const before = new Date(now.getTime() - ACQUIRE_EXPIRY_DAYS * DAY_MS);
      const due = await db
        .select({ id: opportunityRequests.id })
        .from(opportunityRequests)
        .where(and(eq(opportunityRequests.status, 'pending'), lt(opportunityRequests.createdAt, before)))
        .orderBy(opportunityRequests.createdAt)
        .limit(EXPIRE_BATCH);
      let expired = 0;
      for (const { id } of due) {
        const done = await ledger.transact(async (tx) => {
          const row = await moveRequest(
            tx.db,
            id,
            ['pending'],
            { status: 'expired', decidedAt: now },
            lt(opportunityRequests.createdAt, before),
          );
          if (!row) return null;
          const pool = await poolOf(tx, row);
          const resolved = await tx.releaseHold(row.holdId, null, {
            metadata: { logType: 'nftAcquire', poolId: pool.id },
            also: move(RESERVED, treasury, pool.asset, row.amount),
          });
          await tx.db
            .update(opportunityRequests)
            .set({ resolveEntryId: resolved.entryId })
            .where(eq(opportunityRequests.id, id));
          await tell(tx, row, pool, messages.acquireExpiredNotice, null);
          return row;
        });
        if (done) expired++;
      }
      return { expired };
    },
  };
}

export type AcquireDesk = ReturnType<typeof acquireDesk>;
