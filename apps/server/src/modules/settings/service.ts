import type { Settings } from '@vault/contract/schemas/site';
import { sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { settings } from '../../db/schema.ts';

export const DEFAULT_SETTINGS: Settings = {
  maintenance: false,
  masterWalletBTC: 'bc1qvaultdemo0master0wallet0btc0000000000',
  masterWalletETH: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
  supportEmail: 'support@vault.local',
  videoUrl: '/media/intro.mp4',
  androidAppUrl: '/about-us',
};

/** Platform settings: one JSON value per key, defaults filled in for keys never set. */
export function settingsService(ctx: Context) {
  return {
    async all(): Promise<Settings> {
      const rows = await ctx.db.select().from(settings);
      const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
      return { ...DEFAULT_SETTINGS, ...stored } as Settings;
    },
    async set<K extends keyof Settings>(key: K, value: Settings[K]) {
      await ctx.db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
