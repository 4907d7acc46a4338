import type { Settings } from '@vault/contract/schemas/site';
import { DEFAULT_SWAP_SPREAD_PERCENT } from '@vault/contract/swap-pricing';
import { eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { rowsVersion } from '../catalogue/service.ts';

export const DEFAULT_SETTINGS: Settings = {
  maintenance: false,
  masterWalletBTC: 'bc1qvaultdemo0master0wallet0btc0000000000',
  masterWalletETH: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
  supportEmail: 'support@vault.local',
  videoUrl: '/media/intro.mp4',
  androidAppUrl: '/about-us',
  swapSpreadPercent: DEFAULT_SWAP_SPREAD_PERCENT,
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
      const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
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
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
