import { normalize, toFixed } from '@vault/contract/money';
import type { Transaction } from '@vault/contract/schemas/funding';
import { POOL_UNIT_DECIMALS } from '@vault/contract/schemas/opportunities';
import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opportunityPools, opportunityRequests } from '../../db/schema.ts';

const STATUS: Record<(typeof opportunityRequests.$inferSelect)['status'], Transaction['status']> = {
  pending: 'pending',
  approved: 'completed',
  rejected: 'rejected',
  expired: 'expired',
};

/**
 * A member's acquire requests as rows of the transactions list (spec 1 §3 Transaction, type `nftPurchase`):
 * the newest `n` and how many there are, for the funding module's merge by date (it never reads this table).
 * Approved reads as completed; the amount is the Q held or paid (1 Q = 1 USD), the pool shows as the token.
 */
export async function acquireTransactions(q: Db | Tx, userId: string, n: number) {
  const [rows, [total]] = await Promise.all([
    q
      .select({ request: opportunityRequests, pool: opportunityPools })
      .from(opportunityRequests)
      .innerJoin(opportunityPools, eq(opportunityPools.id, opportunityRequests.poolId))
      .where(eq(opportunityRequests.userId, userId))
      .orderBy(desc(opportunityRequests.createdAt), desc(opportunityRequests.id))
      .limit(n),
    q.select({ n: count() }).from(opportunityRequests).where(eq(opportunityRequests.userId, userId)),
  ]);
  const data = rows.map(
    ({ request: r, pool }): Transaction => ({
      _id: r.id,
      type: 'nftPurchase',
      status: STATUS[r.status],
      amount: normalize(r.price),
      wireFee: null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      streetAddress: null,
      method: null,
      orderId: null,
      tokenAmount: toFixed(normalize(r.amount), POOL_UNIT_DECIMALS),
      tokenRate: normalize(r.pricePerShare),
      receivedAmount: null,
      issuedAmount: null,
      dueAt: null,
      rejectionReason: r.rejectionReason,
      subscription: null,
      token: { coinSymbol: pool.asset, shortName: pool.name, decimals: POOL_UNIT_DECIMALS, icon: { url: pool.image } },
    }),
  );
  return { data, total: total?.n ?? 0 };
}
