import { messages } from '@vault/contract/messages';
import { compare, isPositive, multiply } from '@vault/contract/money';
import type { AcquireBody, AcquireRequestsQuery } from '@vault/contract/schemas/opportunities';
import { VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { opportunityPools, opportunityRequests } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { isLedgerError, type Ledger, move, treasury } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import { isSubscribed } from '../subscriptions/access.ts';
import { poolById, RESERVED } from './pools.ts';
import { toAcquireRequest } from './requests.ts';

type Idempotency = { key: string; requestHash: string };

const notAvailable = () =>
  badRequest(messages.acquireSharesNotAvailable, 'SHARES_NOT_AVAILABLE', {
    amount: messages.acquireSharesNotAvailable,
  });

/**
 * "Get Units Now" (issue 17 item 2, spec 2 §5 Acquire units): the server prices the request (units ×
 * the pool's pricePerShare, in Q, half-up to the cent; the client's `price` is ignored) and in ONE
 * transaction reserves the units (treasury → reserved) and holds the member's Q, then records the request.
 */
export function acquireService(ctx: Context, deps: { ledger: Ledger }) {
  const { db } = ctx;
  const { ledger } = deps;

  /** The caller's requests with their pools (another member's are never read: the user id is in the query). */
  async function mine(me: User, where: SQL | undefined, page: number, limit: number) {
    const own = and(eq(opportunityRequests.userId, me.id), where);
    const [rows, [total]] = await Promise.all([
      db
        .select({ request: opportunityRequests, pool: opportunityPools })
        .from(opportunityRequests)
        .innerJoin(opportunityPools, eq(opportunityPools.id, opportunityRequests.poolId))
        .where(own)
        .orderBy(desc(opportunityRequests.createdAt), desc(opportunityRequests.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(opportunityRequests).where(own),
    ]);
    return { data: rows.map((r) => toAcquireRequest(r.request, r.pool)), total: total?.n ?? 0, page, limit };
  }

  return {
    /** GET nft-purchase-request: the caller's own acquire requests, newest first. */
    list: (me: User, query: AcquireRequestsQuery) =>
      mine(me, query.status ? eq(opportunityRequests.status, query.status) : undefined, query.page, query.limit),

    /** GET nft-purchase-request/:id: one of the caller's requests; anyone else's is a 404, as an unknown one. */
    async one(me: User, id: string) {
      const found = /^[0-9a-f-]{36}$/i.test(id) ? await mine(me, eq(opportunityRequests.id, id), 1, 1) : null;
      if (!found?.data[0]) throw notFound(messages.acquireRequestUnknown);
      return { data: found.data[0] };
    },

    async request(me: User, body: AcquireBody, idempotency?: Idempotency) {
      if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
      // The spec's words for this refusal (spec 2 §5, §8); the web goes to /subscription on the code.
      if (!(await isSubscribed(db, me.id))) throw forbidden(messages.notSubscribed, 'SUBSCRIPTION_REQUIRED');
      const pool = await poolById(db, body.assetPool);
      if (!pool) throw notFound(messages.acquirePoolUnknown);
      const pricePerShare = pool.pricePerShare;
      const price = multiply(body.amount, pricePerShare, 2);
      if (!isPositive(price))
        throw badRequest(messages.acquireAmountInvalid, 'INVALID_AMOUNT', { amount: messages.acquireAmountInvalid });
      const id = newId();
      try {
        return await ledger.transact(
          async (tx) => {
            // Units first: the treasury's account row of this pool is locked by the entry until commit, so
            // the balance read right after is exact; below zero, someone else has the last units (rolled back).
            const { entryId: reserveEntryId } = await tx.post({
              kind: 'poolReserve',
              legs: move(treasury, RESERVED, pool.asset, body.amount),
              createdBy: me.id,
              metadata: { poolId: pool.id, requestId: id },
            });
            if (compare(await tx.systemBalance('treasury', pool.asset), '0') < 0) throw notAvailable();
            const { holdId } = await tx.placeHold({
              userId: me.id,
              asset: VAULT_CURRENCY,
              amount: price,
              reason: 'opportunity acquire request',
              metadata: { logType: 'nftAcquire', poolId: pool.id },
            });
            const [row] = await tx.db
              .insert(opportunityRequests)
              .values({
                id,
                userId: me.id,
                poolId: pool.id,
                amount: body.amount,
                pricePerShare,
                price,
                paymentMethod: body.paymentMethod,
                holdId,
                reserveEntryId,
              })
              .returning();
            await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
            return { message: messages.requestSubmitted, data: toAcquireRequest(row!, pool) };
          },
          { key: idempotency && { userId: me.id, ...idempotency } },
        );
      } catch (error) {
        if (isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE')
          throw badRequest(messages.acquireInsufficientBalance, 'INSUFFICIENT_BALANCE', {
            amount: messages.acquireInsufficientBalance,
          });
        throw error;
      }
    },
  };
}

export type AcquireService = ReturnType<typeof acquireService>;
