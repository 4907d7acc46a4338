import type { JobDefinition } from './job.ts';

/**
 * Every 5 minutes: subscriptions whose paid period is over are renewed from the member's Q, ended, or refused
 * by the renewal policy (modules/subscriptions `renewDue`, decision 0016). Each period is paid at most once
 * whatever runs at once or again after a restart: the payment carries a system idempotency key per
 * subscription and period. A few minutes late costs nothing: access lasts until the job decides.
 */
export const renewSubscriptions: JobDefinition = {
  name: 'renew-subscriptions',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  schedule: { cron: '*/5 * * * *', periodSeconds: 300 },
  run: async (container) => container.services.renewals.renewDue(),
};
