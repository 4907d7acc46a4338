import { messages } from '@vault/contract/messages';
import { compare } from '@vault/contract/money';
import type { ListingQuery } from '@vault/contract/schemas/marketplace';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { marketplaceAds } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { PoolService } from '../opportunities/pools.ts';
import { adById } from './escrow.ts';
import { toAds } from './present.ts';

/** A LIKE pattern matching `text` literally anywhere (its %, _ and \ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What members read of the marketplace (spec 2 §7): the listing (others' active ads with units left), their
 * own ads, one ad for the detail pages.
 */
export function listingService(ctx: Context, deps: { catalogue: CatalogueService; pools: PoolService }) {
  const { db } = ctx;
  const { catalogue, pools } = deps;

  /**
   * Assets whose name matches the keyword: asset tokens by symbol, name or display name (the catalogue's cached
   * snapshot), pools by name or title (few, made by the back office).
   */
  async function assetsNamed(me: User, keyword: string) {
    const k = keyword.toLowerCase();
    const has = (...names: string[]) => names.some((n) => n.toLowerCase().includes(k));
    const [{ tokens }, { data }] = await Promise.all([catalogue.snapshot(), pools.list(me)]);
    return [
      ...tokens.filter((t) => has(t.coinSymbol, t.name, t.displayName, t.shortName)).map((t) => t.coinSymbol),
      ...data.filter((p) => has(p.name, p.title)).map((p) => p.nftToken),
    ];
  }

  return {
    /** GET marketplace/listing: other members' active ads with units left, filtered, sorted, paged. */
    async listing(me: User, q: ListingQuery) {
      if (q.price_from && q.price_to && compare(q.price_from, q.price_to) > 0)
        throw badRequest(messages.marketplacePriceBoundInvalid, 'VALIDATION', {
          price_to: messages.marketplacePriceBoundInvalid,
        });
      const where: (SQL | undefined)[] = [
        eq(marketplaceAds.status, 'active'),
        gt(marketplaceAds.remainingShares, '0'),
        ne(marketplaceAds.userId, me.id),
        q.price_from ? gte(marketplaceAds.pricePerShare, q.price_from) : undefined,
        q.price_to ? lte(marketplaceAds.pricePerShare, q.price_to) : undefined,
      ];
      if (q.keyword) {
        const named = await assetsNamed(me, q.keyword);
        where.push(
          or(
            ilike(marketplaceAds.description, containing(q.keyword)),
            named.length > 0 ? inArray(marketplaceAds.asset, named) : undefined,
          ),
        );
      }
      const order =
        q.filter === 'price_low_to_high'
          ? [asc(marketplaceAds.pricePerShare), desc(marketplaceAds.createdAt), desc(marketplaceAds.id)]
          : q.filter === 'price_high_to_low'
            ? [desc(marketplaceAds.pricePerShare), desc(marketplaceAds.createdAt), desc(marketplaceAds.id)]
            : [desc(marketplaceAds.createdAt), desc(marketplaceAds.id)];
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(marketplaceAds)
          .where(condition)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(marketplaceAds).where(condition),
      ]);
      return { data: await toAds(db, catalogue, rows, me.id), total: total!.n };
    },

    /**
     * GET marketplace/ad: the caller's ads, newest first — active, deactivated and sold out ('sold', so the
     * owner sees what went); deleted and hidden ones are gone from it (the back office still lists them).
     */
    async own(me: User, page: number, limit: number) {
      const condition = and(
        eq(marketplaceAds.userId, me.id),
        inArray(marketplaceAds.status, ['active', 'deactivated', 'sold']),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(marketplaceAds)
          .where(condition)
          .orderBy(desc(marketplaceAds.createdAt), desc(marketplaceAds.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(marketplaceAds).where(condition),
      ]);
      return { data: await toAds(db, catalogue, rows, me.id), total: total!.n };
    },

    /** GET marketplace/ad/:id: an active ad for anyone; the owner's own in any status; else 404. */
    async one(me: User, id: string) {
      const ad = await adById(db, id);
      if (!ad || (ad.userId !== me.id && ad.status !== 'active')) throw notFound(messages.marketplaceAdUnknown);
      return { data: (await toAds(db, catalogue, [ad], me.id))[0]! };
    },
  };
}

export type ListingService = ReturnType<typeof listingService>;
