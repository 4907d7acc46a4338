import { normalize, toFixed } from '@vault/contract/money';
import {
  ACQUIRE_EXPIRY_DAYS,
  type AcquireRequest,
  POOL_UNIT_DECIMALS,
  type PoolSummary,
} from '@vault/contract/schemas/opportunities';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opportunityRequests } from '../../db/schema.ts';
import type { PoolRow } from './pools.ts';

/** Acquire request rows (owner of `opportunity_requests`): how one reads, and the one guarded move. */

export type RequestRow = typeof opportunityRequests.$inferSelect;
type Q = Db | Tx;

const DAY_MS = 24 * 60 * 60 * 1000;
/** When an undecided request expires: no column, a rule (createdAt + ACQUIRE_EXPIRY_DAYS). */
export const expiresAtOf = (createdAt: Date) => new Date(createdAt.getTime() + ACQUIRE_EXPIRY_DAYS * DAY_MS);

export const poolSummaryOf = (pool: Pick<PoolRow, 'id' | 'name' | 'title' | 'image'>): PoolSummary => ({
  _id: pool.id,
  name: pool.name,
  title: pool.title,
  image: pool.image,
});

export function toAcquireRequest(
  row: RequestRow,
  pool: Pick<PoolRow, 'id' | 'asset' | 'name' | 'title' | 'image'>,
): AcquireRequest {
  return {
    _id: row.id,
    assetPool: row.poolId,
    nftToken: pool.asset,
    amount: toFixed(normalize(row.amount), POOL_UNIT_DECIMALS),
    pricePerShare: normalize(row.pricePerShare),
    price: toFixed(normalize(row.price), 2),
    paymentMethod: row.paymentMethod,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresAt: expiresAtOf(row.createdAt).toISOString(),
    pool: poolSummaryOf(pool),
  };
}

export async function requestById(q: Q, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await q.select().from(opportunityRequests).where(eq(opportunityRequests.id, id));
  return row;
}

/**
 * Moves a request from one of `from` to `to` with `set`, only if it is still in one of `from`: of two
 * decisions at once exactly one gets the row (the other waits on its lock, then finds it moved).
 */
export async function moveRequest(
  q: Q,
  id: string,
  from: RequestRow['status'][],
  set: Partial<RequestRow> & { status: RequestRow['status'] },
  when?: SQL,
) {
  const [row] = await q
    .update(opportunityRequests)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(opportunityRequests.id, id), sql`${opportunityRequests.status} in ${from}`, when))
    .returning();
  return row;
}

/** Pending acquire requests: the back office overview's count (along the (status, created_at) index). */
export async function pendingAcquireCount(q: Q): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(opportunityRequests)
    .where(eq(opportunityRequests.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * What the member's history needs of the acquire requests behind some holds (transaction-log): the pool, the
 * status and the rejection reason, by hold id.
 */
export async function acquireNotesByHold(q: Q, holdIds: string[]) {
  if (holdIds.length === 0) return [];
  return q
    .select({
      holdId: opportunityRequests.holdId,
      poolId: opportunityRequests.poolId,
      status: opportunityRequests.status,
      reason: opportunityRequests.rejectionReason,
    })
    .from(opportunityRequests)
    .where(inArray(opportunityRequests.holdId, holdIds));
}
