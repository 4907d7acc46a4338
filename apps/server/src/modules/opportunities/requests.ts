import { normalize, toFixed } from '@vault/contract/money';
import { type AcquireRequest, POOL_UNIT_DECIMALS } from '@vault/contract/schemas/opportunities';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opportunityRequests } from '../../db/schema.ts';
import type { PoolRow } from './pools.ts';

/** Acquire request rows (owner of `opportunity_requests`): how one reads, and the one guarded move. */

export type RequestRow = typeof opportunityRequests.$inferSelect;
type Q = Db | Tx;

export function toAcquireRequest(row: RequestRow, pool: Pick<PoolRow, 'asset'>): AcquireRequest {
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
