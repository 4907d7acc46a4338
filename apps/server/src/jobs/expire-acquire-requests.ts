import type { JobDefinition } from './job.ts';

/**
 * Every 15 minutes: acquire requests nobody decided within 30 days (modules/opportunities `expireDue`) are
 * released — the member's Q back, the reserved units back to the treasury — each in its own guarded
 * transaction, the member told. As redeem requests: a few minutes late costs nothing, and a decision taken
 * meanwhile wins the guarded UPDATE.
 */
export const expireAcquireRequests: JobDefinition = {
  name: 'expire-acquire-requests',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  schedule: { cron: '*/15 * * * *', periodSeconds: 900 },
  run: async (container) => container.services.acquireDesk.expireDue(),
};
