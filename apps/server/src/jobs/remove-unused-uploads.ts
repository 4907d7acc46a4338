import type { JobDefinition } from './job.ts';

/**
 * Hourly: uploads never used (or replaced) for 24 hours go, file and row. The rule and the work are the
 * storage module's (`removeUnused`); this only says when it runs: at the top of each hour, once per hour
 * across every process ('stately': runs missed while no worker ran do not pile up).
 */
export const removeUnusedUploads: JobDefinition = {
  name: 'remove-unused-uploads',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  schedule: { cron: '0 * * * *', periodSeconds: 3600 },
  run: async (container) => ({ removed: await container.services.storage.removeUnused() }),
};
