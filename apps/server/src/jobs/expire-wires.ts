import type { JobDefinition } from './job.ts';

/**
 * Every 5 minutes: purchases unpaid past their due date expire, direct wires and online purchases (24 hours)
 * alike (modules/funding `expireDue`, one guarded UPDATE, each member told in the same transaction). A wire
 * that expires a few minutes late costs nothing: an operator may still record an expired wire when the money
 * arrives, and a provider's verified final event still settles an expired online purchase.
 */
export const expireWires: JobDefinition = {
  name: 'expire-wires',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  schedule: { cron: '*/5 * * * *', periodSeconds: 300 },
  run: async (container) => container.services.directWires.expireDue(),
};
