import { fillMessage, messages } from '@vault/contract/messages';
import type { AcquireRequest } from '@vault/contract/schemas/opportunities';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { opportunityPools, opportunityRequests } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type Ledger, type LedgerTx, move, treasury } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { type PoolRow, RESERVED } from './pools.ts';
import { moveRequest, type RequestRow, requestById, toAcquireRequest } from './requests.ts';

const decided = () => conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');

/**
 * The back office's acquire requests (issue 17 item 2): approve or reject, exactly once. Each decision is one
 * transaction: the guarded move out of 'pending' (of two decisions at once, one gets the row), then the
 * request's hold resolved with its reserved units in the same entry (approve: Q to the treasury and the
 * units to the member; reject: both back), the audit row and the member's `walletUpdated`.
 */
export function acquireDesk(ctx: Context, deps: { ledger: Ledger; notifications: NotificationService }) {
  const { db } = ctx;
  const { ledger, notifications } = deps;

  async function poolOf(tx: LedgerTx, row: RequestRow): Promise<PoolRow> {
    const [pool] = await tx.db.select().from(opportunityPools).where(eq(opportunityPools.id, row.poolId));
    return pool!;
  }

  async function decide(
    admin: User,
    id: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<{ message: string; data: AcquireRequest }> {
    if (!(await requestById(db, id))) throw notFound();
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
      const metadata = { logType: 'nftPurchase', poolId: pool.id };
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
      const data = toAcquireRequest(done!, pool);
      const notice = status === 'approved' ? messages.acquireApprovedNotice : messages.acquireRejectedNotice;
      const values = { amount: data.amount, name: pool.name, price: data.price, reason: reason ?? '' };
      await notifications.notify(row.userId, fillMessage(notice, values), tx.db);
      const [who] = await partiesByIds(tx.db, [row.userId]);
      if (who) await ctx.events.emit('walletUpdated', { userId: row.userId, email: who.email }, tx.db);
      const message = status === 'approved' ? messages.acquireApproved : messages.acquireRejected;
      return { message, data };
    });
  }

  return {
    approve: (admin: User, id: string) => decide(admin, id, 'approved', null),
    reject: (admin: User, id: string, reason: string) => decide(admin, id, 'rejected', reason),

    /** Requests by status, newest first, with their members. */
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
      const poolIds = [...new Set(rows.map((r) => r.poolId))];
      const [pools, members] = await Promise.all([
        poolIds.length ? db.select().from(opportunityPools).where(inArray(opportunityPools.id, poolIds)) : [],
        partiesByIds(db, [...new Set(rows.map((r) => r.userId))]),
      ]);
      const poolMap = new Map(pools.map((p) => [p.id, p]));
      const memberMap = new Map(members.map((m) => [m.id, m]));
      const data = rows.map((r) => ({
        ...toAcquireRequest(r, poolMap.get(r.poolId)!),
        user: { _id: r.userId, email: memberMap.get(r.userId)?.email ?? '' },
      }));
      return { data, total: total?.n ?? 0, page, limit };
    },
  };
}

export type AcquireDesk = ReturnType<typeof acquireDesk>;
