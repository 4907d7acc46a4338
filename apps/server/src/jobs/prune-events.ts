import type { JobDefinition } from './job.ts';

/**
 * Hourly, at a quarter past: events no process delivered within an hour go (events/outbox.ts
 * `pruneEvents`). Delivered events are deleted as they are delivered; these are the strays.
 */
export const pruneEvents: JobDefinition = {
  name: 'prune-events',
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  schedule: { cron: '15 * * * *', periodSeconds: 3600 },
  run: async (container) => ({ removed: await container.ctx.events.prune() }),
};
