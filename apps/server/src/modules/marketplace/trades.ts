import { fillMessage, messages } from '@vault/contract/messages';
import { compare, isPositive, multiply, normalize, percentOf, subtract, toFixed } from '@vault/contract/money';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import type { ExchangeBody } from '@vault/contract/schemas/marketplace';
import { VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { marketplaceAds, marketplaceTrades } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { escrow, fee, isLedgerError, type Ledger, move } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { isSubscribed } from '../subscriptions/access.ts';
import { adById, adMetadata } from './escrow.ts';
import { adContext, toAd, unitDecimals } from './present.ts';

type Idempotency = { key: string; requestHash: string };

const notAvailable = () => badRequest(messages.marketplaceAdNotAvailable, 'AD_NOT_AVAILABLE');
const unitsLeft = (remaining: string) => {
  const message = fillMessage(messages.marketplaceUnitsLeft, { remaining });
  return badRequest(message, 'UNITS_NOT_AVAILABLE', { numShares: message });
};

/**
 * "Get Now" (issue 17 item 5, spec 2 §3 acquire payload): a member takes units of another member's active ad.
 * ONE transaction: the ad's guarded UPDATE (`remaining_shares >= n` and still active: of concurrent buyers only
 * those that fit get the row, in turn, so an ad is never oversold), then ONE entry — units escrow → buyer (a
 * new lot dated now), Q buyer → seller (numShares × pricePerShare, half-up to the cent) less the marketplace
 * fee (settings percent of that price, toward zero) to fees — and the trade row. The ledger refuses a buyer
 * short of Q, which rolls the UPDATE back too.
 */
export function tradeService(
  ctx: Context,
  deps: { ledger: Ledger; catalogue: CatalogueService; settings: SettingsService; notifications: NotificationService },
) {
  const { db } = ctx;
  const { ledger, catalogue, settings, notifications } = deps;

  return {
    async exchange(me: User, body: ExchangeBody, idempotency?: Idempotency) {
      if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
      const ad = await adById(db, body.adId);
      if (!ad || (ad.userId !== me.id && ad.status !== 'active' && ad.status !== 'sold'))
        throw notFound(messages.marketplaceAdUnknown);
      if (ad.userId === me.id) throw badRequest(messages.marketplaceOwnAd, 'OWN_AD');
      if (ad.status !== 'active') throw notAvailable();
      // Units of a pool are opportunity tokens: getting them needs a subscription (spec 2 §6), as acquiring does.
      if (ad.coinType === 'nft' && !(await isSubscribed(db, me.id)))
        throw forbidden(messages.notSubscribed, 'SUBSCRIPTION_REQUIRED');
      const context = await adContext(db, catalogue, [ad]);
      const decimals = unitDecimals(ad, context);
      if (!fitsDecimals(body.numShares, decimals)) {
        const message = ad.coinType === 'nft' ? messages.marketplacePoolUnitsDecimals : decimalsMessage(decimals);
        throw badRequest(message, 'VALIDATION', { numShares: message });
      }
      const total = multiply(body.numShares, ad.pricePerShare, 2);
      if (compare(total, '0.01') < 0)
        throw badRequest(messages.marketplaceTotalTooSmall, 'INVALID_AMOUNT', {
          numShares: messages.marketplaceTotalTooSmall,
        });
      const { marketplaceFeePercent } = await settings.all();
      const feeAmount = percentOf(total, marketplaceFeePercent, 2);
      const [seller] = await partiesByIds(db, [ad.userId]);
      const tradeId = newId();
      const poolMeta = adMetadata(ad);

      try {
        return await ledger.transact(
          async (tx) => {
            const [taken] = await tx.db
              .update(marketplaceAds)
              .set({
                remainingShares: sql`${marketplaceAds.remainingShares} - ${body.numShares}::numeric`,
                soldShares: sql`${marketplaceAds.soldShares} + ${body.numShares}::numeric`,
                status: sql`case when ${marketplaceAds.remainingShares} = ${body.numShares}::numeric then 'sold'
                  else ${marketplaceAds.status} end`,
                updatedAt: new Date(),
              })
              .where(
                and(
                  eq(marketplaceAds.id, ad.id),
                  eq(marketplaceAds.status, 'active'),
                  gte(marketplaceAds.remainingShares, body.numShares),
                ),
              )
              .returning();
            if (!taken) {
              // Lost to another buyer, a pause, a delete or a hide: say which, as the row is now.
              const [now] = await tx.db.select().from(marketplaceAds).where(eq(marketplaceAds.id, ad.id));
              if (now?.status !== 'active' || !isPositive(now.remainingShares)) throw notAvailable();
              throw unitsLeft(toFixed(normalize(now.remainingShares), decimals));
            }
            const legs = [
              ...move(escrow, { userId: me.id }, ad.asset, body.numShares),
              ...move({ userId: me.id }, { userId: ad.userId }, VAULT_CURRENCY, subtract(total, feeAmount)),
              ...(isPositive(feeAmount) ? fee({ userId: me.id }, VAULT_CURRENCY, feeAmount) : []),
            ];
            const { entryId } = await tx.post({
              kind: 'marketplaceTrade',
              legs,
              createdBy: me.id,
              metadata: { ...poolMeta, tradeId, from: ad.userId, to: me.id },
            });
            await tx.db.insert(marketplaceTrades).values({
              id: tradeId,
              adId: ad.id,
              buyerId: me.id,
              sellerId: ad.userId,
              asset: ad.asset,
              numShares: body.numShares,
              pricePerShare: ad.pricePerShare,
              total,
              fee: feeAmount,
              entryId,
            });
            const data = toAd(taken, context, me.id);
            const parties = [{ userId: me.id, email: me.email }];
            if (seller) parties.push({ userId: seller.id, email: seller.email });
            for (const party of parties) {
              await ctx.events.emit('walletUpdated', party, tx.db);
              if (ad.coinType === 'nft') await ctx.events.emit('nftBalanceUpdated', party, tx.db);
            }
            const sold = {
              amount: toFixed(normalize(body.numShares), decimals),
              symbol: data.symbol,
              total: toFixed(total, 2),
            };
            await notifications.notify(ad.userId, fillMessage(messages.marketplaceSoldNotice, sold), tx.db);
            return {
              message: messages.marketplaceExchanged,
              data: { tradeId, numShares: sold.amount, total: sold.total, ad: data },
            };
          },
          { key: idempotency && { userId: me.id, ...idempotency } },
        );
      } catch (error) {
        if (isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE')
          throw badRequest(messages.marketplaceInsufficientBalance, 'INSUFFICIENT_BALANCE', {
            numShares: messages.marketplaceInsufficientBalance,
          });
        throw error;
      }
    },
  };
}

export type TradeService = ReturnType<typeof tradeService>;
