import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import {
  BUILT_IN_ICONS,
  type CatalogueAsset,
  type CatalogueKind,
  type CoinPatchBody,
  TOKEN_ICON_MAX_BYTES,
  type TokenPatchBody,
} from '@vault/contract/schemas/catalogue-admin';
import { eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { cryptoCoins, nativeTokens } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import type { StorageService } from '../storage/service.ts';
import { type CatalogueService, type CoinRow, forgetAsset, type TokenRow } from './service.ts';

/** The fields an owner may change, as the audit row names them. */
type Field = 'orderIndex' | 'isVisibleOnWeb' | 'decimals' | 'coinColor' | 'iconUrl';
type Change = { from: unknown; to: unknown };

const isUpload = (url: string) => url.startsWith('/uploads/');

function shown(kind: CatalogueKind, row: TokenRow | CoinRow, priceSetAt: Date | string | null): CatalogueAsset {
  const token = kind === 'token' ? (row as TokenRow) : null;
  return {
    kind,
    coinSymbol: row.coinSymbol,
    name: token ? token.displayName : row.name,
    type: token ? token.type : 'crypto',
    price: normalize(row.price),
    priceFixed: token?.type === 'liquidity',
    priceSetAt: priceSetAt === null ? null : new Date(priceSetAt).toISOString(),
    decimals: row.decimals,
    orderIndex: row.orderIndex,
    isVisibleOnWeb: row.isVisibleOnWeb,
    coinColor: row.coinColor,
    iconUrl: row.iconUrl,
  };
}

/**
 * The back office's catalogue (issue 11 item 3): every token and coin with its display fields and price;
 * changes to how one is shown (order, visibility, decimals, colour, icon), each in one transaction with its
 * audit row (old and new values) and the `pricesChanged` event, which every member's open wallet screens
 * refetch on; icons uploaded through the storage module's checks; the price history of the graph.
 */
export function catalogueAdminService(ctx: Context, deps: { catalogue: CatalogueService; storage: StorageService }) {
  const { db } = ctx;
  const { catalogue, storage } = deps;

  /** When each symbol's current price was recorded (the newest history row; an index lookup each). */
  async function priceTimes(q: Pick<Tx, 'execute'>, symbols: string[]) {
    if (symbols.length === 0) return new Map<string, Date | string | null>();
    const result = await q.execute<{ symbol: string; at: Date | string | null }>(sql`
      select s.symbol, (select max(recorded_at) from asset_prices where coin_symbol = s.symbol) as at
      from unnest(array[${sql.join(
        symbols.map((symbol) => sql`${symbol}`),
        sql`, `,
      )}]::text[]) as s(symbol)`);
    return new Map(result.rows.map((r) => [r.symbol, r.at]));
  }

  /** Whether a token or coin other than `except` shows this icon (in `q`, the caller's transaction). */
  async function iconInUse(q: Pick<Tx, 'execute'>, url: string, except?: { kind: CatalogueKind; symbol: string }) {
    const token = except?.kind === 'token' ? except.symbol : '';
    const coin = except?.kind === 'coin' ? except.symbol : '';
    const result = await q.execute(sql`
      select 1 from native_tokens where icon_url = ${url} and coin_symbol <> ${token}
      union all
      select 1 from crypto_coins where icon_url = ${url} and coin_symbol <> ${coin}
      limit 1`);
    return result.rows.length > 0;
  }

  /** One token's or coin's row, locked for the change (in its transaction), or 404. */
  async function lockedRow(tx: Tx, kind: CatalogueKind, symbol: string): Promise<TokenRow | CoinRow> {
    const table = kind === 'token' ? nativeTokens : cryptoCoins;
    const [row] = await tx.select().from(table).where(eq(table.coinSymbol, symbol)).for('update');
    if (!row) throw notFound(messages.unknownAsset);
    return row;
  }

  /**
   * Whether `url` may be a token's icon: one the member app ships, one another token or coin already shows,
   * or a token icon uploaded through the back office (taken into use here, in the change's transaction).
   */
  async function acceptIcon(tx: Tx, url: string) {
    if ((BUILT_IN_ICONS as readonly string[]).includes(url)) return;
    if (await iconInUse(tx, url)) return;
    if (isUpload(url) && (await storage.useIcon(tx, url))) return;
    throw badRequest(messages.iconInvalid, 'ICON_UNKNOWN', { iconUrl: messages.iconInvalid });
  }

  async function update(kind: CatalogueKind, symbol: string, body: TokenPatchBody | CoinPatchBody, actor: User) {
    const asked: Partial<Record<Field, unknown>> = { ...body };
    const result = await db.transaction(async (tx) => {
      // Icons are checked and released under one lock: a change that drops an uploaded icon sees a change
      // that takes it up at the same moment (or the reverse), so an icon in use is never left to the clean-up.
      if (body.iconUrl !== undefined) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue:icons'))`);
      const row = await lockedRow(tx, kind, symbol);
      const changes: Partial<Record<Field, Change>> = {};
      for (const [field, to] of Object.entries(asked) as [Field, unknown][]) {
        if (to === undefined) continue;
        const from = (row as Record<Field, unknown>)[field];
        if (from !== to) changes[field] = { from, to };
      }
      if (changes.decimals && (changes.decimals.to as number) < (changes.decimals.from as number)) {
        throw badRequest(messages.decimalsCannotDecrease, 'DECIMALS_LOWERED', {
          decimals: messages.decimalsCannotDecrease,
        });
      }
      if (changes.iconUrl) await acceptIcon(tx, changes.iconUrl.to as string);
      if (Object.keys(changes).length === 0) return { row, changed: false };

      const table = kind === 'token' ? nativeTokens : cryptoCoins;
      const values = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.to]));
      const [updated] = await tx.update(table).set(values).where(eq(table.coinSymbol, symbol)).returning();
      // An uploaded icon nobody shows any more goes to the clean-up (built-in ones are files of the app).
      const dropped = changes.iconUrl?.from as string | undefined;
      if (dropped && isUpload(dropped) && !(await iconInUse(tx, dropped))) await storage.releaseIcon(tx, dropped);
      await audit(tx, actor, `catalogue.${kind}.update`, symbol, { coinSymbol: symbol, changes });
      // Members' open dashboards, token pages and swap screens refetch the catalogue (the realtime bridge).
      await ctx.events.emit('pricesChanged', { coinSymbol: symbol }, tx);
      return { row: updated!, changed: true };
    });
    if (result.changed && asked.decimals !== undefined) forgetAsset(symbol);
    const times = await priceTimes(db, [symbol]);
    return { message: messages.catalogueSaved, data: shown(kind, result.row, times.get(symbol) ?? null) };
  }

  return {
    /** Every token and coin in display order (hidden tokens too), and the icons an owner may choose. */
    async list() {
      const [tokens, coins, uploaded] = await Promise.all([catalogue.tokens(), catalogue.coins(), storage.icons()]);
      const times = await priceTimes(
        db,
        [...tokens, ...coins].map((r) => r.coinSymbol),
      );
      const inUse = [...tokens, ...coins].map((r) => r.iconUrl);
      const icons = [...new Set<string>([...BUILT_IN_ICONS, ...inUse, ...uploaded])];
      return {
        data: {
          tokens: tokens.map((t) => shown('token', t, times.get(t.coinSymbol) ?? null)),
          coins: coins.map((c) => shown('coin', c, times.get(c.coinSymbol) ?? null)),
          icons,
        },
      };
    },

    updateToken: (symbol: string, body: TokenPatchBody, actor: User) => update('token', symbol, body, actor),
    updateCoin: (symbol: string, body: CoinPatchBody, actor: User) => update('coin', symbol, body, actor),

    /**
     * Stores an uploaded icon (png, gif or jpeg by its bytes, at most TOKEN_ICON_MAX_BYTES) as a public file
     * of the administrator's; it is in use once a token or coin takes it, and the clean-up removes it if none
     * does within a day.
     */
    async uploadIcon(actor: User, bytes: Buffer) {
      if (bytes.length > TOKEN_ICON_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', messages.iconTooLarge);
      const url = await storage.store(actor.id, 'tokenIcon', bytes);
      return { message: messages.iconUploaded, url };
    },

    /** The graph's history: the members' sparklines (1, 7, 30 and 90 days), the current price last. */
    async priceHistory(symbol: string) {
      return { data: await catalogue.sparklines(symbol) };
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof catalogueAdminService>;
