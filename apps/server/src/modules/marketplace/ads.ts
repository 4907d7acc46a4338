import { messages } from '@vault/contract/messages';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import { type CreateAd, MARKETPLACE_POOL_UNIT_DECIMALS, type ToggleAdBody } from '@vault/contract/schemas/marketplace';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { marketplaceAds } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { escrow, isLedgerError, type Ledger, type LedgerTx, move } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { poolById } from '../opportunities/pools.ts';
import { adById, adMetadata, closeAd, OPEN } from './escrow.ts';
import { type AdRow, toAds } from './present.ts';

type Idempotency = { key: string; requestHash: string };

const walletUnknown = () =>
  badRequest(messages.marketplaceWalletUnknown, 'VALIDATION', { walletId: messages.marketplaceWalletUnknown });
const tooManyDecimals = (message: string) => badRequest(message, 'VALIDATION', { numShares: message });
/** A member's wallet id (`<member id>:<SYMBOL>`) or a bare symbol. */
const WALLET_ID = /^(?:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):)?([A-Z0-9]{1,12})$/i;
const POOL_ID = /^(?:nft:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * A member's own ads (issue 17 item 4, spec 2 §5 Sell listing, §4 Marketplace ad): posting moves the offered
 * units to escrow in the ad's own transaction; the toggle pauses and resumes; delete returns the unsold rest.
 */
export function adService(ctx: Context, deps: { ledger: Ledger; catalogue: CatalogueService }) {
  const { db } = ctx;
  const { ledger, catalogue } = deps;

  /**
   * What walletId names, as a ledger asset: for 'native' an asset token of the catalogue (never the liquidity
   * token Q, an sdira token or a crypto coin), for 'nft' an opportunity pool; the units' decimals checked.
   */
  async function offered(me: User, body: CreateAd) {
    if (body.coinType === 'nft') {
      const id = POOL_ID.exec(body.walletId)?.[1];
      const pool = id ? await poolById(db, id.toLowerCase()) : null;
      if (!pool) throw walletUnknown();
      if (!fitsDecimals(body.numShares, MARKETPLACE_POOL_UNIT_DECIMALS))
        throw tooManyDecimals(messages.marketplacePoolUnitsDecimals);
      return { asset: pool.asset, poolId: pool.id };
    }
    const match = WALLET_ID.exec(body.walletId);
    if (!match || (match[1] && match[1].toLowerCase() !== me.id)) throw walletUnknown();
    const symbol = match[2]!.toUpperCase();
    const coin = await catalogue.lookup(symbol);
    if (!coin) throw walletUnknown();
    if (coin.kind !== 'token' || coin.type !== 'asset')
      throw badRequest(messages.marketplaceNotListable, 'VALIDATION', { walletId: messages.marketplaceNotListable });
    if (!fitsDecimals(body.numShares, coin.decimals)) throw tooManyDecimals(decimalsMessage(coin.decimals));
    return { asset: symbol, poolId: null };
  }

  /** Refreshes the owner's screens: their wallets (asset tokens) or their opportunity units. */
  async function told(tx: LedgerTx, me: Pick<User, 'id' | 'email'>, row: AdRow) {
    const event = row.coinType === 'nft' ? 'nftBalanceUpdated' : 'walletUpdated';
    await ctx.events.emit(event, { userId: me.id, email: me.email }, tx.db);
  }

  const present = async (row: AdRow, viewerId: string) => (await toAds(db, catalogue, [row], viewerId))[0]!;

  return {
    /** POST marketplace/ad: the ad and its units into escrow, one transaction (once per Idempotency-Key). */
    async create(me: User, body: CreateAd, idempotency?: Idempotency) {
      if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
      const { asset } = await offered(me, body);
      const id = newId();
      let row: AdRow;
      try {
        row = await ledger.transact(
          async (tx) => {
            // The listing entry first: the ledger refuses more units than the member holds (no negative balance,
            // also under concurrency: their account row is locked by the entry).
            const { entryId } = await tx.post({
              kind: 'marketplaceList',
              legs: move({ userId: me.id }, escrow, asset, body.numShares),
              createdBy: me.id,
              metadata: adMetadata({ id, asset }),
            });
            const [created] = await tx.db
              .insert(marketplaceAds)
              .values({
                id,
                userId: me.id,
                type: body.type,
                coinType: body.coinType,
                asset,
                totalShares: body.numShares,
                remainingShares: body.numShares,
                pricePerShare: body.pricePerShare,
                description: body.description,
                postEntryId: entryId,
              })
              .returning();
            await told(tx, me, created!);
            return created!;
          },
          { key: idempotency && { userId: me.id, ...idempotency } },
        );
      } catch (error) {
        if (isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE')
          throw badRequest(messages.marketplaceInsufficientUnits, 'INSUFFICIENT_UNITS', {
            numShares: messages.marketplaceInsufficientUnits,
          });
        throw error;
      }
      // A repeat of the key answers the same ad (its row, as it is now).
      const now = (await adById(db, row.id)) ?? row;
      return { message: messages.marketplaceAdCreated, data: await present(now, me.id) };
    },

    /**
     * PATCH marketplace/ad: active ↔ deactivated, the owner's only (others: 404). A sold-out or closed ad is
     * not toggled (400); setting the status it already has is a no-op that answers the ad.
     */
    async toggle(me: User, body: ToggleAdBody) {
      const ad = await adById(db, body.adId);
      if (!ad || ad.userId !== me.id) throw notFound(messages.marketplaceAdUnknown);
      const [row] = await db
        .update(marketplaceAds)
        .set({ status: body.status, updatedAt: new Date() })
        .where(and(eq(marketplaceAds.id, ad.id), inArray(marketplaceAds.status, [...OPEN])))
        .returning();
      if (!row) throw badRequest(messages.marketplaceAdNotAvailable, 'AD_NOT_AVAILABLE');
      const message = body.status === 'active' ? messages.marketplaceAdActivated : messages.marketplaceAdDeactivated;
      return { message, data: await present(row, me.id) };
    },

    /**
     * DELETE marketplace/ad?ad_id=: the owner's only (others: 404). The unsold units return from escrow in one
     * entry, exactly once (closeAd's guarded UPDATE): of two at once one gets 400; a deleted ad is then a 404;
     * a sold-out ad has nothing to return and is not deleted (400).
     */
    async remove(me: User, adId: string) {
      const ad = await adById(db, adId);
      if (!ad || ad.userId !== me.id || ad.status === 'deleted' || ad.status === 'hidden')
        throw notFound(messages.marketplaceAdUnknown);
      const row = await ledger.transact(async (tx) => {
        const closed = await closeAd(tx, ad.id, 'deleted', { ownerId: me.id, by: me.id });
        if (closed) await told(tx, me, closed);
        return closed;
      });
      if (!row) throw badRequest(messages.marketplaceAdNotAvailable, 'AD_NOT_AVAILABLE');
      return { message: messages.marketplaceAdDeleted, data: await present(row, me.id) };
    },
  };
}

export type AdService = ReturnType<typeof adService>;
