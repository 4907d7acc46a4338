import type { Overview } from '@vault/contract/schemas/backoffice';
import { sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { type AssetTotals, assetTotalsSql } from '../../ledger/index.ts';
import { memberFigures } from '../members/directory.ts';
import { pendingAcquireCount } from '../opportunities/requests.ts';
import { pendingByKind } from '../requests/pending.ts';
import { dayStarts } from './refs.ts';
import { latestReservesSql } from './reserves.ts';

type AssetRow = AssetTotals & { reserves: string | null; reservesAsOf: string | null; coverage: string | null };

/**
 * The back office's first screen: what the platform owes per asset beside what the treasury issued and the
 * reserves recorded (with the coverage, reserves − liabilities, subtracted by PostgreSQL: totals may pass the
 * money module's 20 integer digits), today's volume, the requests waiting, sign-ups and activations. Three
 * statements (the ledger's totals with the latest reserves, requests, members), in parallel. Days are UTC.
 * An asset with reserves recorded and nothing issued is listed with zero liabilities.
 */
export function overviewDesk(ctx: Context) {
  const { db } = ctx;

  async function assetFigures(today: Date): Promise<AssetRow[]> {
    const result = await db.execute<AssetRow>(sql`
      with totals as (${assetTotalsSql(today)}),
      reserves as (${latestReservesSql})
      select coalesce(t.asset, r.asset) as asset,
        coalesce(t.members, '0') as members,
        coalesce(t.held, '0') as held,
        coalesce(t.liabilities, '0') as liabilities,
        coalesce(t."treasuryIssued", '0') as "treasuryIssued",
        coalesce(t.volume, '0') as volume,
        trim_scale(r.amount)::text as reserves,
        r.as_of::text as "reservesAsOf",
        trim_scale(r.amount - coalesce(t.liabilities, '0')::numeric)::text as coverage
      from totals t full join reserves r on r.asset = t.asset
      order by 1`);
    return result.rows;
  }

  return {
    async overview(now = new Date()): Promise<{ data: Overview }> {
      const { today, week } = dayStarts(now);
      const [assets, requests, acquires, figures] = await Promise.all([
        assetFigures(today),
        pendingByKind(db),
        pendingAcquireCount(db),
        memberFigures(db, { today, week }),
      ]);
      // Acquire requests (issue 17) wait in the same queue, kind 'acquire', listed by kind like the others.
      const pending = acquires > 0 ? [...requests, { kind: 'acquire', count: acquires }] : requests;
      pending.sort((a, b) => a.kind.localeCompare(b.kind));
      return {
        data: {
          asOf: now.toISOString(),
          dayStart: today.toISOString(),
          assets: assets.map(({ volume, ...t }) => ({ ...t, volumeToday: volume })),
          pendingRequests: pending,
          ...figures,
        },
      };
    },
  };
}
