import { type Lot, redemption } from '@vault/contract/holding-period';
import { fromUnits, isPositive, multiply, toUnits } from '@vault/contract/money';
import type { Settings } from '@vault/contract/schemas/site';
import type { CryptoWallet, CurrencyInfo, NativeWallet, WalletBalances } from '@vault/contract/schemas/wallet';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Context } from '../../context.ts';
import { holds, settings as settingsTable } from '../../db/schema.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { User } from '../auth/sessions.ts';
import { toNativeToken } from '../catalogue/presenter.ts';
import {
  type CatalogueService,
  type CoinRow,
  catalogueVersion,
  rowsVersion,
  type TokenRow,
} from '../catalogue/service.ts';
import { activationAssets } from '../native-wallet/activation.ts';
import type { SettingsService } from '../settings/service.ts';
import { gpaDataOf, toUserInfo } from '../user/presenter.ts';
import { vaultAddress, walletIdOf } from './address.ts';

type Deps = { catalogue: CatalogueService; ledger: Ledger; settings: SettingsService };

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
 * The statement behind onHold(), as a named prepared statement: every dashboard read runs it, and
 * PostgreSQL plans it once per connection instead of on every call. $1 is the member's id.
 */
const heldAndVersion = new PgDialect().sqlToQuery(sql`
  select ${catalogueVersion} as version, ${rowsVersion(settingsTable)} as settings_version,
         (select json_object_agg(asset, amount) from (
            select ${holds.asset} as asset, sum(${holds.amount})::text as amount from ${holds}
            where ${holds.userId} = ${sql.placeholder('userId')} and ${holds.status} = 'placed'
            group by ${holds.asset}) h) as held`).sql;

/**
 * The member's wallets as the dashboard reads them (spec 1 §3 "Currency info", spec 2 §3): one row per
 * token or coin with its balance, value and market data. Balances come from the ledger in one query for
 * every asset; USD values are balance × price, exact, rounded half-up to the cent.
 */
export function walletService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { catalogue, ledger, settings } = deps;

  /** The platform settings last read, and the settings table's version they were read at. */
  let keptSettings: { version: string; settings: Promise<Settings> } | null = null;
  function settingsAt(version: string) {
    if (keptSettings?.version === version) return keptSettings.settings;
    const entry = { version, settings: settings.all() };
    keptSettings = entry;
    // A failed read is not kept: the next call reads again.
    entry.settings.catch(() => {
      if (keptSettings === entry) keptSettings = null;
    });
    return entry.settings;
  }

  /**
   * Amounts of each asset on placed (undecided) holds (waiting on someone else, not spendable), and in the
   * same round trip the versions of the catalogue and the settings, which say whether the views of them
   * kept in memory still hold.
   */
  async function onHold(userId: string) {
    const { rows } = await db.$client.query<{
      version: string;
      settings_version: string;
      held: Record<string, string> | null;
    }>({ name: 'wallet_held', text: heldAndVersion, values: [userId] });
    const { version, settings_version, held } = rows[0]!;
    return {
      version,
      settingsVersion: settings_version,
      held: Object.fromEntries(
        Object.entries(held ?? {}).map(([asset, amount]) => [asset, fromUnits(toUnits(amount))]),
      ),
    };
  }

  function nativeWallets(
    me: User,
    tokens: TokenRow[],
    balances: Record<string, string>,
    held: Record<string, string>,
    lots: (Lot & { asset: string })[],
  ): NativeWallet[] {
    return tokens
      .filter((t) => listed(me, t, isPositive(balances[t.coinSymbol] ?? '0') || isPositive(held[t.coinSymbol] ?? '0')))
      .map((t) => {
        const balance = balances[t.coinSymbol] ?? '0';
        return {
          ...toNativeToken(t),
          blockchain: t.blockchain,
          walletId: walletIdOf(me.id, t.coinSymbol),
          address: vaultAddress(ctx.secrets.hmac, me.id, t.coinSymbol),
          balance,
          onHold: held[t.coinSymbol] ?? '0',
          USD: multiply(balance, t.price, 2),
          marketData: { rate: t.price },
          redeemable:
            t.type === 'asset' || t.type === 'sdira'
              ? redemption(
                  lots.filter((l) => l.asset === t.coinSymbol),
                  balance,
                  held[t.coinSymbol] ?? '0',
                )
              : null,
        };
      });
  }

  function cryptoWallets(coins: CoinRow[], balances: Record<string, string>, changes: Record<string, string>) {
    return coins.map((c): CryptoWallet => {
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
        address: c.depositAddress,
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

  /** Everything the wallets need, read in parallel: every balance, holds, lots; the catalogue when it changed. */
  async function load(me: User) {
    const [{ held, version, settingsVersion }, balances, lots] = await Promise.all([
      onHold(me.id),
      ledger.balances(me.id),
      ledger.lots(me.id),
    ]);
    const { changes, ...snapshot } = await catalogue.view(version);
    return {
      settingsVersion,
      snapshot,
      balances,
      wallets: cryptoWallets(snapshot.coins, balances, changes),
      nativeWallets: nativeWallets(me, snapshot.tokens, balances, held, lots),
    };
  }

  return {
    /** wallet/updateWalletBalances: fresh balances of every wallet. */
    async balances(me: User): Promise<WalletBalances> {
      const { wallets, nativeWallets } = await load(me);
      return { wallets, nativeWallets };
    },

    /** wallet/currency-info: the dashboard's data in one answer. */
    async currencyInfo(me: User): Promise<CurrencyInfo> {
      const loaded = await load(me);
      const platform = await settingsAt(loaded.settingsVersion);
      return {
        wallets: loaded.wallets,
        nativeWallets: loaded.nativeWallets,
        // Opportunity tokens (NFT wallets) arrive with the marketplace issue; no member holds any yet.
        nftWallets: [],
        user: toUserInfo(me),
        gpaData: gpaDataOf(me),
        settings: platform,
        assetsForWalletsActivation: activationAssets(me, ctx.secrets.hmac, loaded.snapshot, loaded.balances),
      };
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;
