import { DEFAULT_MAKER_CHECKER_THRESHOLD_USD } from '@vault/contract/schemas/maker-checker';
import type { Settings } from '@vault/contract/schemas/site';
import { DEFAULT_SWAP_SPREAD_PERCENT } from '@vault/contract/swap-pricing';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { rowsVersion } from '../catalogue/service.ts';

/**
 * Settings only the back office reads (never in `all()`, which members get): the maker-checker threshold in
 * USD (issue 11), a decimal string.
 */
export const BACKOFFICE_SETTINGS = { makerCheckerThresholdUsd: DEFAULT_MAKER_CHECKER_THRESHOLD_USD };
type BackofficeSettings = typeof BACKOFFICE_SETTINGS;

export const DEFAULT_SETTINGS: Settings = {
  maintenance: false,
  masterWalletBTC: 'bc1qvaultdemo0master0wallet0btc0000000000',
  masterWalletETH: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
  supportEmail: 'support@vault.local',
  videoUrl: '/media/intro.mp4',
  androidAppUrl: '/about-us',
  swapSpreadPercent: DEFAULT_SWAP_SPREAD_PERCENT,
  // Bank details (spec 2 §3): none until an owner sets them in the back office's Settings.
  zellePay: null,
  directWireDomesticAccount: null,
  directWireInternationalAccount: null,
  directWireFee: '0',
  // Spec 2 §9: a direct wire's funds must be remitted within 3 days.
  directWireExpiryDays: 3,
  // Issue 14: no redemption fee until an owner sets one.
  redemptionFeePercent: '0',
  // Issue 17: no marketplace fee until an owner sets one.
  marketplaceFeePercent: '0',
};

/**
 * The settings' version, as a SQL expression for another module's statement (the dashboard's): it changes
 * with every write of a setting, in any process, so a view of the settings kept in memory knows it is stale.
 */
export const settingsVersion = rowsVersion(settings);

/**
 * How long a process trusts the maintenance flag it read: every member call asks, so it is read at most
 * once a second per process (another process's change is seen within that second).
 */
const MAINTENANCE_CACHE_MS = 1_000;

/** A value as jsonb, null included (Drizzle would write SQL NULL for it, which the column refuses). */
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Platform settings: one JSON value per key, defaults filled in for keys never set. */
export function settingsService(ctx: Context) {
  let maintenance: { on: Promise<boolean>; until: number } | null = null;
  return {
    /** Whether maintenance mode is on (member calls answer 503). */
    maintenance(): Promise<boolean> {
      if (maintenance && maintenance.until > Date.now()) return maintenance.on;
      const on = ctx.db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, 'maintenance'))
        .then(([row]) => row?.value === true);
      maintenance = { on, until: Date.now() + MAINTENANCE_CACHE_MS };
      // A failed read is not remembered: the next call asks again.
      on.catch(() => {
        maintenance = null;
      });
      return on;
    },
    async all(): Promise<Settings> {
      // Read as text and parsed here: Drizzle parses a jsonb string again, so the string '0.5' (the swap
      // spread) would come back as the number 0.5.
      const rows = await ctx.db
        .select({ key: settings.key, value: sql<string>`${settings.value}::text` })
        .from(settings);
      // Only the members' settings: back-office ones (BACKOFFICE_SETTINGS) stay out.
      const stored = Object.fromEntries(
        rows.filter((r) => Object.hasOwn(DEFAULT_SETTINGS, r.key)).map((r) => [r.key, JSON.parse(r.value)]),
      );
      return { ...DEFAULT_SETTINGS, ...stored } as Settings;
    },
    /** Sets one setting; `q` may be the caller's transaction (an administrator's change and its audit row). */
    async set<K extends keyof Settings>(key: K, value: Settings[K], q: Pick<Db, 'insert'> = ctx.db) {
      await q
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
      if (key === 'maintenance') maintenance = null;
    },
    /**
     * Sets several members' settings in the caller's transaction and answers the values they replace (their
     * defaults when never set): each row is locked first, so two changes at once each see the other's, and
     * the audit row written beside it holds the true before and after.
     */
    async replace<K extends keyof Settings>(values: Pick<Settings, K>, tx: Tx): Promise<Pick<Settings, K>> {
      const keys = Object.keys(values) as K[];
      await tx
        .insert(settings)
        .values(keys.map((key) => ({ key, value: asJson(DEFAULT_SETTINGS[key]) })))
        .onConflictDoNothing();
      const rows = await tx
        .select({ key: settings.key, value: sql<string>`${settings.value}::text` })
        .from(settings)
        .where(inArray(settings.key, keys))
        .orderBy(settings.key)
        .for('update');
      for (const key of keys) {
        await tx
          .update(settings)
          .set({ value: asJson(values[key]), updatedAt: sql`now()` })
          .where(eq(settings.key, key));
      }
      if (keys.includes('maintenance' as K)) maintenance = null;
      return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)])) as Pick<Settings, K>;
    },
    /**
     * An administrator's change of members' settings: the rows and the audit row (`action`, the values before
     * and after) in one transaction; `alongside`, what another module must change with them (the catalogue's
     * deposit addresses with the master wallets), runs in the same transaction.
     */
    async change<K extends keyof Settings>(
      actor: Pick<User, 'id'>,
      action: string,
      values: Pick<Settings, K>,
      alongside?: (tx: Tx) => Promise<unknown>,
    ) {
      const from = await ctx.db.transaction(async (tx) => {
        const before = await this.replace(values, tx);
        await alongside?.(tx);
        await audit(tx, actor, action, null, { from: before, to: values });
        return before;
      });
      if (Object.hasOwn(values, 'maintenance')) maintenance = null;
      return from;
    },
    /** A back-office setting (its default until set); `q` may be the caller's transaction. */
    async backoffice<K extends keyof BackofficeSettings>(key: K, q: Pick<Db, 'select'> = ctx.db) {
      const [row] = await q
        .select({ value: sql<string>`${settings.value}::text` })
        .from(settings)
        .where(eq(settings.key, key));
      return row ? (JSON.parse(row.value) as BackofficeSettings[K]) : BACKOFFICE_SETTINGS[key];
    },
    /**
     * Sets a back-office setting in the caller's transaction and answers the value it replaces: the row is
     * locked first (made with the default if it was never set), so two changes at once each see the other's.
     */
    async replaceBackoffice<K extends keyof BackofficeSettings>(
      key: K,
      value: BackofficeSettings[K],
      tx: Tx,
    ): Promise<BackofficeSettings[K]> {
      await tx.insert(settings).values({ key, value: BACKOFFICE_SETTINGS[key] }).onConflictDoNothing();
      const [row] = await tx
        .select({ value: sql<string>`${settings.value}::text` })
        .from(settings)
        .where(eq(settings.key, key))
        .for('update');
      await tx.update(settings).set({ value, updatedAt: sql`now()` }).where(eq(settings.key, key));
      return JSON.parse(row!.value) as BackofficeSettings[K];
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
