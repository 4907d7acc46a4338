import type { JobDefinition } from './job.ts';

export type SendMailData = { mailId: string };

/**
 * Delivers one mail of the outbox (the job carries only its id: bodies hold codes and links, and the
 * outbox row stays their one copy). Retried with exponential backoff: after 30 s, 1, 2, 4 … minutes
 * (doubled each time, up to twice that with jitter), 9 attempts over about 2 to 4 hours; then the row keeps
 * the last error.
 * The work is the mail provider's (`mail.deliver`).
 */
export const sendMail: JobDefinition<SendMailData> = {
  name: 'mail-send',
  queue: { policy: 'standard', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  canRun: (container) => container.services.mail.canDeliver,
  run: (container, job) =>
    container.services.mail.deliver(job.data.mailId, { number: job.retryCount + 1, of: job.retryLimit + 1 }),
};
