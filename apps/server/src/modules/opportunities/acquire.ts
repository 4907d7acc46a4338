import { messages } from '@vault/contract/messages';
import { compare, isPositive, multiply } from '@vault/contract/money';
import type { AcquireBody } from '@vault/contract/schemas/opportunities';
import { VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import type { Context } from '../../context.ts';
import { opportunityRequests } from '../../db/schema.ts';
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

  return {
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
              metadata: { logType: 'nftPurchase', poolId: pool.id },
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
