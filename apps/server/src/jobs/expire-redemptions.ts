import type { JobDefinition } from './job.ts';

/**
 * Every 15 minutes: redeem requests nobody decided within their window (modules/redemption `expireDue`) are
 * released, each in its own guarded transaction, the member told. A few minutes late costs nothing: the
 * tokens were on hold, not lost, and a decision taken meanwhile wins the guarded UPDATE.
 */
export const expireRedemptions: JobDefinition = {
  name: 'expire-redemptions',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  schedule: { cron: '*/15 * * * *', periodSeconds: 900 },
  run: async (container) => container.services.redemptionDesk.expireDue(),
};
