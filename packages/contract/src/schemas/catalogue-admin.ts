import { messages } from '../messages.ts';
import { DEFAULT_SWAP_SPREAD_PERCENT, MAX_SWAP_SPREAD_PERCENT } from '../swap-pricing.ts';
import { z } from '../zod.ts';
import { sparklines } from './wallet.ts';

/**
 * The back office's catalogue (issue 11 item 3): every token and coin with what an owner may change about
 * how members see it (display order, visibility on the web, decimals, colour, icon), its current price and
 * its price history. Prices are set through `POST /api/admin/prices` (schemas/wallet.ts `setPriceBody`), the
 * swap spread through `POST /api/admin/settings/swap-spread` (schemas/swap.ts).
 *
 * Rules (ARCHITECTURE.md "Catalogue administration"):
 * - decimals only grow (0-8): every amount already recorded (balances, history, holds, lots) stays exact;
 * - a colour is `#rrggbb` (stored in lower case);
 * - an icon is one of the icons shipped with the member app (`BUILT_IN_ICONS`), one already used by a token
 *   or coin, or a png, gif or jpeg an administrator uploaded (`POST /api/admin/catalogue/icons`, at most
 *   `TOKEN_ICON_MAX_BYTES`, type decided from the bytes), which is public like the icons it stands beside;
 * - a token or coin hidden from the web (`isVisibleOnWeb` false) leaves the lists of members who do not hold
 *   it; a member who holds it keeps seeing it.
 */

/** The icons the member app ships (apps/web/public/tokens; a unit test holds the two together). */
export const BUILT_IN_ICONS = [
  '/tokens/btc.svg',
  '/tokens/eth.svg',
  '/tokens/ltc.svg',
  '/tokens/lxag.svg',
  '/tokens/lxau.svg',
  '/tokens/q.svg',
  '/tokens/usdt.svg',
  '/tokens/xag.svg',
  '/tokens/xau.svg',
] as const;

/** An uploaded icon's size limit: it is drawn at 36 px; a photograph is not an icon. */
export const TOKEN_ICON_MAX_BYTES = 256 * 1024;
/** Display order: lower first; ties by symbol. */
export const CATALOGUE_ORDER_MAX = 9999;
/** The money module's scale: no asset has more decimals (the database checks 0-8 too). */
export const CATALOGUE_DECIMALS_MAX = 8;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** A path of this site: a built-in icon or an upload (never another origin, a data: or javascript: URL). */
export const ICON_PATH = /^\/(?:tokens|uploads)\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

export const CATALOGUE_KINDS = ['token', 'coin'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** One token or coin as the back office lists it. */
export const catalogueAsset = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  coinSymbol: z.string(),
  name: z.string(),
  /** A token's type, or `crypto` for a coin. */
  type: z.enum(['liquidity', 'asset', 'sdira', 'crypto']),
  /** The current price in USD, a decimal string. */
  price: z.string(),
  /** Liquidity tokens are pegged (1 Q = 1 USD): their price cannot be set. */
  priceFixed: z.boolean(),
  /** When the current price was recorded (asset_prices), null when it never was. */
  priceSetAt: z.string().nullable(),
  decimals: z.number().int(),
  orderIndex: z.number().int(),
  /** Listed to members who do not hold it: on their dashboards (a token: and on the site). */
  isVisibleOnWeb: z.boolean(),
  coinColor: z.string(),
  iconUrl: z.string(),
});
export type CatalogueAsset = z.infer<typeof catalogueAsset>;

/** GET /api/admin/catalogue: every token and coin in display order, and the icons an owner may choose. */
export const catalogueResponse = z.object({
  data: z.object({
    tokens: z.array(catalogueAsset),
    coins: z.array(catalogueAsset),
    /** Built-in icons, then every other icon in use, then uploaded icons not used yet (newest first). */
    icons: z.array(z.string()),
  }),
});
export type CatalogueResponse = z.infer<typeof catalogueResponse>;

const orderIndex = z
  .number({ error: messages.catalogueOrderInvalid })
  .int(messages.catalogueOrderInvalid)
  .min(0, messages.catalogueOrderInvalid)
  .max(CATALOGUE_ORDER_MAX, messages.catalogueOrderInvalid);
const decimals = z
  .number({ error: messages.catalogueDecimalsInvalid })
  .int(messages.catalogueDecimalsInvalid)
  .min(0, messages.catalogueDecimalsInvalid)
  .max(CATALOGUE_DECIMALS_MAX, messages.catalogueDecimalsInvalid);
const coinColor = z
  .string({ error: messages.colourInvalid })
  .trim()
  .regex(HEX_COLOUR, messages.colourInvalid)
  .transform((value) => value.toLowerCase());
const iconUrl = z
  .string({ error: messages.iconInvalid })
  .trim()
  .max(120, messages.iconInvalid)
  .regex(ICON_PATH, messages.iconInvalid);

const changes = {
  orderIndex: orderIndex.optional(),
  decimals: decimals.optional(),
  coinColor: coinColor.optional(),
  iconUrl: iconUrl.optional(),
  isVisibleOnWeb: z.boolean({ error: messages.invalidRequest }).optional(),
};
const someChange = (body: object) => Object.values(body).some((value) => value !== undefined);

/** PATCH /api/admin/catalogue/coins/:symbol: at least one field; a field left out stays as it is. */
export const coinPatchBody = z.strictObject(changes).refine(someChange, messages.catalogueNothingToChange);
export type CoinPatchBody = z.infer<typeof coinPatchBody>;

/** PATCH /api/admin/catalogue/tokens/:symbol: the same fields as a coin's. */
export const tokenPatchBody = z.strictObject(changes).refine(someChange, messages.catalogueNothingToChange);
export type TokenPatchBody = z.infer<typeof tokenPatchBody>;

export const catalogueAssetResponse = z.object({ message: z.string(), data: catalogueAsset });

/** POST /api/admin/catalogue/icons (multipart: `file`): the uploaded icon's public path, to choose next. */
export const iconUploadResponse = z.object({ message: z.string(), url: z.string() });

/** GET /api/admin/catalogue/prices/:symbol: the price history of the graph (the members' sparklines). */
export const priceHistoryResponse = z.object({ data: sparklines });

/** GET /api/admin/settings/swap-spread: the spread in effect, with its bounds. */
export const swapSpreadCurrent = z.object({
  data: z.object({ swapSpreadPercent: z.string(), defaultPercent: z.string(), maxPercent: z.string() }),
});
export const SWAP_SPREAD_BOUNDS = { defaultPercent: DEFAULT_SWAP_SPREAD_PERCENT, maxPercent: MAX_SWAP_SPREAD_PERCENT };
