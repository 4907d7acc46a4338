import { type Lot, redemption } from '@vault/contract/holding-period';
import { isPositive, multiply } from '@vault/contract/money';
import { type NativeToken, type Settings, settings as settingsSchema } from '@vault/contract/schemas/site';
import type { CryptoWallet, CurrencyInfo, NativeWallet, WalletBalances } from '@vault/contract/schemas/wallet';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Context } from '../../context.ts';
import { type HoldingsValue, holdingsOf, type Ledger, readHoldings } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import { toNativeToken } from '../catalogue/presenter.ts';
import {
  type CatalogueService,
  type CatalogueView,
  type CoinRow,
  catalogueVersion,
  type TokenRow,
} from '../catalogue/service.ts';
import { coinAddressFor, ownAddressesOf, readOwnAddresses } from '../funding/deposit-addresses.ts';
import { activationAssets } from '../native-wallet/activation.ts';
import { isPoolAsset, nftWalletsOf } from '../opportunities/member-views.ts';
import { type SettingsService, settingsVersion } from '../settings/service.ts';
import { gpaDataOf, toUserInfo } from '../user/presenter.ts';
import { vaultAddress, walletIdOf } from './address.ts';

/** `ledger`: the dashboard reads the member's holdings through the ledger's `holdingsOf`, in its own statement. */
/** `ownDepositAddresses`: the crypto provider gives members addresses of their own (funding/deposit-addresses.ts). */
type Deps = { catalogue: CatalogueService; ledger: Ledger; settings: SettingsService; ownDepositAddresses: boolean };

/**
 * The settings as the contract shapes them (only its keys, in its order), or a 500 when a stored value is
 * not one: what the response serializer's check would do, once per settings version instead of per read.
 */
function shaped(stored: Settings): Settings {
  const parsed = settingsSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`stored settings do not match the contract: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Which native tokens a member's dashboard lists: liquidity tokens for everyone, asset tokens for
 * ordinary members, legacy (sdira) tokens for sdira members beside Q, whose holdings are kept in them.
 * A token the member holds (or has on hold) is always listed, whatever its type and even when hidden
 * from the web (isVisibleOnWeb false): no balance is ever out of sight.
 */
function listed(me: User, token: TokenRow, holding: boolean) {
  if (holding) return true;
  if (!token.isVisibleOnWeb) return false;
  if (token.type === 'liquidity') return true;
  return me.type === 'sdira' ? token.type === 'sdira' : token.type === 'asset';
}

/**
 * The one statement of a dashboard read, as a named prepared statement (PostgreSQL plans it once per
 * connection instead of on every call): the member's balances, placed holds and lots (the ledger's
 * `holdingsOf`, as text: it is compared with the text the kept wallets were made from before it is
 * parsed), the member's own deposit addresses (text too, compared the same way), and the versions of the catalogue and the settings, which say whether the views of them kept
 * in memory still hold. One round trip per read instead of one per table.
 */
const dashboardQuery = new PgDialect().sqlToQuery(sql`
  select ${catalogueVersion} as version, ${settingsVersion} as settings_version,
         (${holdingsOf(sql.placeholder('userId'))})::text as holdings,
         ${ownAddressesOf(sql.placeholder('userId'))} as addresses`);

/** How many members' wallets a process keeps between reads (about 12 KB each with their JSON); the oldest go first. */
const KEPT_MEMBERS = 2_000;

/**
 * A member's wallets as last made, and what they were made from: the member's holdings (the statement's
 * text), the catalogue view (the same object while the catalogue and its 24-hour changes are unchanged)
 * and the member's type (which tokens are listed). They hold until the first lot shown as maturing
 * matures (`until`, ms). The arrays are frozen and shared by every answer made from them: the serializer
 * keeps their JSON (wallet/routes.ts).
 */
type KeptWallets = {
  holdings: string;
  addresses: string;
  view: CatalogueView;
  type: User['type'];
  until: number;
  wallets: CryptoWallet[];
  nativeWallets: NativeWallet[];
  activation: CurrencyInfo['assetsForWalletsActivation'];
  /** The member's opportunity pool units by asset (`nft:<pool id>`): their NFT wallets, made per read. */
  poolUnits: Record<string, string>;
};

/** Freezes an array and its elements (their JSON is kept by identity: nothing may change them). */
function frozen<T extends object>(list: T[]): T[] {
  for (const item of list) Object.freeze(item);
  Object.freeze(list);
  return list;
}

/** A token as every member's wallet of it shows it, made once per catalogue view. */
type TokenShown = { row: TokenRow; shown: NativeToken; lots: boolean };
/** Per catalogue view (the same object while the catalogue is unchanged): its tokens as wallets show them. */
const shownTokens = new WeakMap<CatalogueView, TokenShown[]>();
function tokensShown(view: CatalogueView) {
  let shown = shownTokens.get(view);
  if (!shown) {
    shown = view.tokens.map((row) => ({
      row,
      shown: toNativeToken(row),
      lots: row.type === 'asset' || row.type === 'sdira',
    }));
    shownTokens.set(view, shown);
  }
  return shown;
}

/**
 * The member's wallets as the dashboard reads them (spec 1 §3 "Currency info", spec 2 §3): one row per
 * token or coin with its balance, value and market data. Balances come from the ledger in one query for
 * every asset; USD values are balance × price, exact, rounded half-up to the cent.
 */
export function walletService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { catalogue, settings } = deps;

  /**
   * The platform settings last read, and the settings table's version they were read at: held to the
   * contract's shape once per version (what the response serializer would otherwise do on every read).
   */
  let keptSettings: { version: string; settings: Promise<Settings> } | null = null;
  function settingsAt(version: string) {
    if (keptSettings?.version === version) return keptSettings.settings;
    const entry = { version, settings: settings.all().then((all) => Object.freeze(shaped(all))) };
    keptSettings = entry;
    // A failed read is not kept: the next call reads again.
    entry.settings.catch(() => {
      if (keptSettings === entry) keptSettings = null;
    });
    return entry.settings;
  }

  /**
   * The member's balances, amounts on placed (undecided) holds (waiting on someone else, not spendable) and
   * lots, as the statement's text, and the versions of the catalogue and the settings: one round trip.
   */
  async function read(userId: string) {
    const { rows } = await db.$client.query<{
      version: string;
      settings_version: string;
      holdings: string;
      addresses: string;
    }>({
      name: 'wallet_dashboard',
      text: dashboardQuery.sql,
      values: fillPlaceholders(dashboardQuery.params, { userId }),
    });
    const { version, settings_version, holdings, addresses } = rows[0]!;
    return { version, settingsVersion: settings_version, holdings, addresses };
  }

  /** Members' wallets as last made, by member id, oldest first (see KeptWallets). */
  const keptWallets = new Map<string, KeptWallets>();

  function nativeWallets(
    me: User,
    tokens: TokenShown[],
    balances: Record<string, string>,
    held: Record<string, string>,
    lots: (Lot & { asset: string })[],
  ): { wallets: NativeWallet[]; until: number } {
    const wallets: NativeWallet[] = [];
    // What is shown as redeemable holds until the next lot matures.
    let until = Number.POSITIVE_INFINITY;
    const redeemable = (tokenLots: Lot[], balance: string, onHold: string) => {
      const now = redemption(tokenLots, balance, onHold);
      if (now.nextOn !== null) until = Math.min(until, Date.parse(now.nextOn));
      return now;
    };
    for (const { row: t, shown, lots: tracked } of tokens) {
      const balance = balances[t.coinSymbol] ?? '0';
      const onHold = held[t.coinSymbol] ?? '0';
      if (!listed(me, t, isPositive(balance) || isPositive(onHold))) continue;
      // Every field written out, not `...shown` and then the wallet's own: V8 builds an object spread and then
      // extended key by key (some 20 µs each here, a tenth of a dashboard read), and stringifies it slower.
      wallets.push({
        _id: shown._id,
        coin: shown.coin,
        coinSymbol: shown.coinSymbol,
        name: shown.name,
        displayName: shown.displayName,
        shortName: shown.shortName,
        displaySymbol: shown.displaySymbol,
        description: shown.description,
        type: shown.type,
        icon: shown.icon,
        coinColor: shown.coinColor,
        price: shown.price,
        multiplier: shown.multiplier,
        decimals: shown.decimals,
        orderIndex: shown.orderIndex,
        isVisibleOnWeb: shown.isVisibleOnWeb,
        blockchain: t.blockchain,
        walletId: walletIdOf(me.id, t.coinSymbol),
        address: vaultAddress(ctx.secrets.hmac, me.id, t.coinSymbol),
        balance,
        onHold,
        USD: multiply(balance, t.price, 2),
        marketData: { rate: t.price },
        redeemable: tracked
          ? redeemable(
              lots.filter((l) => l.asset === t.coinSymbol),
              balance,
              onHold,
            )
          : null,
      });
    }
    return { wallets, until };
  }

  /**
   * The member's crypto wallets: every coin shown on the web, and a hidden one (isVisibleOnWeb false) only to
   * a member who holds it or has some on hold, as a hidden token (`listed`): no balance is ever out of sight.
   */
  function cryptoWallets(
    coins: CoinRow[],
    balances: Record<string, string>,
    held: Record<string, string>,
    changes: Record<string, string>,
    coinAddress: (coin: CoinRow) => string,
  ) {
    const shown = coins.filter(
      (c) => c.isVisibleOnWeb || isPositive(balances[c.coinSymbol] ?? '0') || isPositive(held[c.coinSymbol] ?? '0'),
    );
    return shown.map((c): CryptoWallet => {
      const balance = balances[c.coinSymbol] ?? '0';
      return {
        _id: c.id,
        name: c.name,
        coinSymbol: c.coinSymbol,
        decimals: c.decimals,
        orderIndex: c.orderIndex,
        icon: { url: c.iconUrl },
        coinColor: c.coinColor,
        isErc20: c.isErc20,
        isBep20: c.isBep20,
        address: coinAddress(c),
        balance,
        total: multiply(balance, c.price, 2),
        marketData: {
          rate: c.price,
          changePercentage24h: changes[c.coinSymbol] ?? '0',
          totalVolume: c.totalVolume,
          marketCap: c.marketCap,
        },
      };
    });
  }

  /**
   * The member's wallets and activation assets, from one statement: every balance, holds, lots; the
   * catalogue when it changed. Made again only when what they show changed since the member's last read
   * (holdings, catalogue, member type) or a lot has matured since; otherwise the kept ones are answered.
   */
  async function load(me: User) {
    const { version, settingsVersion, holdings, addresses } = await read(me.id);
    const view = await catalogue.view(version);
    const last = keptWallets.get(me.id);
    if (
      last &&
      last.holdings === holdings &&
      last.addresses === addresses &&
      last.view === view &&
      last.type === me.type &&
      Date.now() < last.until
    ) {
      return { settingsVersion, kept: last };
    }
    const { balances, held, lots } = readHoldings(JSON.parse(holdings) as HoldingsValue);
    const native = nativeWallets(me, tokensShown(view), balances, held, lots);
    const coinAddress = coinAddressFor(readOwnAddresses(addresses), deps.ownDepositAddresses);
    const kept: KeptWallets = {
      holdings,
      addresses,
      view,
      type: me.type,
      until: native.until,
      wallets: frozen(cryptoWallets(view.coins, balances, held, view.changes, coinAddress)),
      nativeWallets: frozen(native.wallets),
      activation: frozen(activationAssets(me, ctx.secrets.hmac, view, balances, coinAddress)),
      poolUnits: Object.fromEntries(Object.entries(balances).filter(([asset]) => isPoolAsset(asset))),
    };
    keptWallets.delete(me.id);
    if (keptWallets.size >= KEPT_MEMBERS) keptWallets.delete(keptWallets.keys().next().value!);
    keptWallets.set(me.id, kept);
    return { settingsVersion, kept };
  }

  return {
    /** wallet/updateWalletBalances: fresh balances of every wallet. */
    async balances(me: User): Promise<WalletBalances> {
      const { kept } = await load(me);
      return { wallets: kept.wallets, nativeWallets: kept.nativeWallets };
    },

    /** wallet/currency-info: the dashboard's data in one answer. */
    async currencyInfo(me: User): Promise<CurrencyInfo> {
      const { settingsVersion, kept } = await load(me);
      const platform = await settingsAt(settingsVersion);
      return {
        wallets: kept.wallets,
        nativeWallets: kept.nativeWallets,
        // Opportunity pools' units (issue 17), from modules/opportunities: made on every read (no query for a
        // member without units), so a pool's new price or name shows at once.
        nftWallets: await nftWalletsOf(db, kept.poolUnits),
        user: toUserInfo(me),
        gpaData: gpaDataOf(me),
        settings: platform,
        assetsForWalletsActivation: kept.activation,
      };
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;
