import { messages } from '../messages.ts';
import { isAmount, toUnits } from '../money.ts';
import { z } from '../zod.ts';
import { adminReason, listOf } from './common.ts';

/**
 * The member marketplace (issue 17 items 4, 5, 8; spec 2 §2 Opportunity tokens and marketplace, §3 and §4
 * Marketplace ad, §5 Sell listing, §7 `marketplace/*`). A member offers units they hold — of an asset token
 * (coinType 'native': silver, gold…) or of an opportunity pool (coinType 'nft') — at a price per unit in Q;
 * the units wait in escrow until other members take them, in part or whole. Field names are the spec's.
 * Money and units are decimal strings (money.ts), dates ISO 8601 UTC.
 */

export const MARKETPLACE_AD_TYPES = ['sell'] as const;
export const MARKETPLACE_COIN_TYPES = ['native', 'nft'] as const;
export type MarketplaceCoinType = (typeof MARKETPLACE_COIN_TYPES)[number];

/**
 * active: can be bought; deactivated: paused by its owner (units stay in escrow, cannot be bought);
 * sold: nothing left (remainingShares 0); deleted: closed by its owner, the unsold rest returned;
 * hidden: closed by the back office (an abusive ad), the unsold rest returned. Only active and deactivated
 * ads hold units in escrow. The owner's list (GET marketplace/ad) shows active, deactivated and sold ads;
 * deleted and hidden ones only in the back office.
 */
export const MARKETPLACE_AD_STATUSES = ['active', 'deactivated', 'sold', 'deleted', 'hidden'] as const;
export type MarketplaceAdStatus = (typeof MARKETPLACE_AD_STATUSES)[number];
/** What the owner's toggle may set (spec 2 §4: active <-> deactivated). */
export const MARKETPLACE_TOGGLE_STATUSES = ['active', 'deactivated'] as const;

/** Listing sorts (spec 2 §2 "a value filter and sort"). */
export const MARKETPLACE_FILTERS = ['recently_listed', 'price_low_to_high', 'price_high_to_low'] as const;
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number];

/** Spec 2 §9: marketplace page size 30, own ads limit 130. */
export const MARKETPLACE_PAGE_SIZE = 30;
export const MARKETPLACE_OWN_ADS_LIMIT = 130;
/** Units of a pool have 2 decimals (spec 2 §9), asset tokens at most 8 (their catalogue decimals, checked by the server). */
export const MARKETPLACE_POOL_UNIT_DECIMALS = 2;
export const MARKETPLACE_DESCRIPTION_MAX = 1000;
/** Far above any honest ad, inside the money module's range once multiplied. */
const MAX_WHOLE_DIGITS = 10;

/** The API takes numbers or strings (older clients sent numbers); a number becomes its decimal text. */
const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** A decimal text: required (`required`), digits with an optional decimal (at most 8), above zero. */
const positiveDecimal = (required: string, invalid: string) =>
  z.preprocess(
    asText,
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .superRefine((v, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        const match = /^(\d+)(?:\.(\d*))?$/.exec(v);
        if (!match) return fail(invalid);
        if ((match[2]?.length ?? 0) > 8) return fail(messages.marketplaceQuantityDecimals);
        if (match[1]!.length > MAX_WHOLE_DIGITS || !isAmount(v)) return fail(invalid);
        if (toUnits(v) <= 0n) return fail(invalid);
      }),
  );

/** Quantity (Tokens): 'Quantity is Required', at most 8 decimals (spec 2 §5 Sell listing). */
export const marketplaceQuantity = positiveDecimal(
  messages.marketplaceQuantityRequired,
  messages.marketplaceQuantityInvalid,
);
/** Value Per Unit, in Q: 'Value is Required' (spec 2 §5 Sell listing). */
export const marketplaceValue = positiveDecimal(messages.marketplaceValueRequired, messages.marketplaceValueInvalid);

/**
 * Spec 2 §3 Marketplace ad create payload. walletId names what is offered: for 'native' the member's wallet
 * id of the token (`<member id>:<SYMBOL>`, the `walletId` of GET wallet lists) or the token's symbol; for
 * 'nft' the opportunity pool's id (`_id` of GET nft-token).
 */
export const createAdBody = z.object({
  type: z.enum(MARKETPLACE_AD_TYPES, { error: messages.invalidRequest }).default('sell'),
  coinType: z.enum(MARKETPLACE_COIN_TYPES, { error: messages.marketplaceCoinTypeInvalid }),
  numShares: marketplaceQuantity,
  pricePerShare: marketplaceValue,
  walletId: z
    .string({ error: messages.marketplaceWalletUnknown })
    .trim()
    .min(1, messages.marketplaceWalletUnknown)
    .max(200, messages.marketplaceWalletUnknown),
  description: z
    .string({ error: messages.marketplaceDescriptionTooLong })
    .trim()
    .max(MARKETPLACE_DESCRIPTION_MAX, messages.marketplaceDescriptionTooLong)
    .optional()
    .default(''),
});
export type CreateAdBody = z.input<typeof createAdBody>;
export type CreateAd = z.output<typeof createAdBody>;

const decimal = z.string();

/** Spec 2 §3 Marketplace ad, as the listing, the owner's list and the detail pages show it. */
export const marketplaceAd = z.object({
  _id: z.string(),
  type: z.enum(MARKETPLACE_AD_TYPES),
  coinType: z.enum(MARKETPLACE_COIN_TYPES),
  /** The ledger asset offered: a token's symbol (XAG) or a pool's `nft:<poolId>`. */
  asset: z.string(),
  /** What the screens print after a quantity: the token's short name, or the pool's name. */
  symbol: z.string(),
  /** Units to the asset's decimals (a pool's: 2). */
  totalShares: decimal,
  remainingShares: decimal,
  soldShares: decimal,
  /** Q per unit. */
  pricePerShare: decimal,
  description: z.string(),
  status: z.enum(MARKETPLACE_AD_STATUSES),
  user: z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
  /** For coinType 'nft': the pool (spec's nftToken) and its id; null otherwise. */
  nftToken: z.object({ _id: z.string(), name: z.string(), image: z.string(), description: z.string() }).nullable(),
  /** For coinType 'native': the token (spec's nativeToken); null otherwise. */
  nativeToken: z
    .object({
      coinSymbol: z.string(),
      icon: z.object({ url: z.string() }),
      displayName: z.string(),
      description: z.string(),
      decimals: z.number().int(),
    })
    .nullable(),
  /** Whether the caller owns the ad (Exchange mode, /own-add-details). */
  isOwn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketplaceAd = z.infer<typeof marketplaceAd>;

export const adCreated = z.object({ message: z.string(), data: marketplaceAd });
export const adResponse = z.object({ data: marketplaceAd });
export const adChanged = z.object({ message: z.string(), data: marketplaceAd });

/** A price bound of the listing: a decimal (at most 8 decimals); empty means none. */
const priceBound = z
  .string()
  .trim()
  .max(30, messages.marketplacePriceBoundInvalid)
  .refine((v) => v === '' || (/^\d{1,12}(\.\d{1,8})?$/.test(v) && isAmount(v)), messages.marketplacePriceBoundInvalid)
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET marketplace/listing: others' active ads with units left (spec 2 §7). */
export const listingQuery = z.object({
  page: z.coerce.number({ error: messages.invalidRequest }).int().min(1).max(100000).default(1),
  limit: z.coerce.number({ error: messages.invalidRequest }).int().min(1).max(100).default(MARKETPLACE_PAGE_SIZE),
  filter: z.enum(MARKETPLACE_FILTERS, { error: messages.marketplaceFilterInvalid }).default('recently_listed'),
  price_from: priceBound,
  price_to: priceBound,
  /** Matches the token's or pool's name, or the description (case-insensitive, literal). */
  keyword: z.string().trim().max(100, messages.invalidRequest).optional(),
});
export type ListingQuery = z.infer<typeof listingQuery>;
export const listingResponse = z.object({ data: z.array(marketplaceAd), total: z.number().int() });

/** GET marketplace/ad: the caller's own ads, newest first. */
export const ownAdsQuery = z.object({
  page: z.coerce.number({ error: messages.invalidRequest }).int().min(1).max(100000).default(1),
  limit: z.coerce
    .number({ error: messages.invalidRequest })
    .int()
    .min(1)
    .max(MARKETPLACE_OWN_ADS_LIMIT)
    .default(MARKETPLACE_OWN_ADS_LIMIT),
});
export const ownAdsResponse = z.object({ data: z.array(marketplaceAd), total: z.number().int() });

export const adIdParams = z.object({ id: z.string().max(100) });

/** PATCH marketplace/ad: the toggle (spec 2 §4). */
export const toggleAdBody = z.object({
  adId: z.string({ error: messages.marketplaceAdUnknown }).max(100, messages.marketplaceAdUnknown),
  status: z.enum(MARKETPLACE_TOGGLE_STATUSES, { error: messages.marketplaceStatusInvalid }),
});
export type ToggleAdBody = z.infer<typeof toggleAdBody>;

/** DELETE marketplace/ad?ad_id= */
export const deleteAdQuery = z.object({
  ad_id: z.string({ error: messages.marketplaceAdUnknown }).max(100, messages.marketplaceAdUnknown),
});

/** POST marketplace/exchange: spec 2 §3 acquire payload. */
export const exchangeBody = z.object({
  adId: z.string({ error: messages.marketplaceAdUnknown }).max(100, messages.marketplaceAdUnknown),
  numShares: marketplaceQuantity,
});
export type ExchangeBody = z.infer<typeof exchangeBody>;

/** What a trade did: the units taken, what they cost, the ad as it is now. */
export const exchangeResponse = z.object({
  message: z.string(),
  data: z.object({
    tradeId: z.string(),
    numShares: decimal,
    /** Q paid: numShares × pricePerShare, half-up to the cent. */
    total: decimal,
    ad: marketplaceAd,
  }),
});
export type ExchangeResponse = z.infer<typeof exchangeResponse>;

// ── Back office ───────────────────────────────────────────────────────────────────────────────────────

export const adminMarketplaceAd = marketplaceAd.extend({
  user: z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable(), email: z.string() }),
  hiddenReason: z.string().nullable(),
  trades: z.number().int(),
});
export type AdminMarketplaceAd = z.infer<typeof adminMarketplaceAd>;
export const adminAdsQuery = z.object({
  status: z.enum(MARKETPLACE_AD_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const adminAdsResponse = listOf(adminMarketplaceAd);
export const hideAdBody = z.object({ reason: adminReason });
export const adminAdChanged = z.object({ message: z.string(), data: adminMarketplaceAd });
