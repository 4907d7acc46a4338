import type { Overview } from '@vault/contract/schemas/backoffice';
import type { Context } from '../../context.ts';
import { assetTotals } from '../../ledger/index.ts';
import { memberFigures } from '../members/directory.ts';
import { pendingByKind } from '../requests/pending.ts';
import { dayStarts } from './refs.ts';

/**
 * The back office's first screen: what the platform owes per asset beside what the treasury issued,
 * today's volume, the requests waiting, sign-ups and activations. Three statements, one per owner
 * (ledger, requests, members), in parallel. Days are UTC.
 */
export function overviewDesk(ctx: Context) {
  const { db } = ctx;

  return {
    async overview(now = new Date()): Promise<{ data: Overview }> {
      const { today, week } = dayStarts(now);
      const [totals, pending, figures] = await Promise.all([
        assetTotals(db, today),
        pendingByKind(db),
        memberFigures(db, { today, week }),
      ]);
      return {
        data: {
          asOf: now.toISOString(),
          dayStart: today.toISOString(),
          assets: totals.map(({ volume, ...t }) => ({ ...t, volumeToday: volume })),
          pendingRequests: pending,
          ...figures,
        },
      };
    },
  };
}
