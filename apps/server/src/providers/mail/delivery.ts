import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { MailTransport } from './transport.ts';

/** Which try this is, of how many the queue allows. */
export type Attempt = { number: number; of: number };

/** What the outbox row keeps of a failure: enough to act on, never the body (the server's answer at most). */
const MAX_ERROR = 500;

/**
 * Delivers outbox mails (the worker's `mail-send` job calls `deliver`) and records the outcome on the row:
 * `sent_at` once delivered (and `error` cleared), otherwise `error` saying which attempt failed and why,
 * or that it was the last. A mail already sent is not sent again (a job retried after a lost completion).
 */
export function mailDelivery(opts: { db: Db; log: Logger; transport: MailTransport | null }) {
  const { db, log, transport } = opts;
  return {
    /** Whether this process can deliver: a worker without a transport leaves mail jobs to one with. */
    canDeliver: transport !== null,

    async deliver(mailId: string, attempt: Attempt) {
      if (!transport) throw new Error('no mail transport in this process (SMTP_URL unset, not development)');
      const [mail] = await db.select().from(outbox).where(eq(outbox.id, mailId));
      if (!mail) {
        log.warn({ mailId }, 'mail to deliver is not in the outbox');
        return { delivered: false };
      }
      if (mail.sentAt) return { delivered: false };
      try {
        await transport.deliver(mail);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR);
        const last = attempt.number >= attempt.of;
        await db
          .update(outbox)
          .set({ error: `${last ? 'gave up after attempt' : 'attempt'} ${attempt.number} of ${attempt.of}: ${reason}` })
          .where(eq(outbox.id, mailId));
        log.warn(
          { mailId, kind: mail.kind, attempt: attempt.number, of: attempt.of, error: reason },
          last ? 'mail delivery failed; no retries left' : 'mail delivery failed; it will be retried',
        );
        // Only the reason goes to pg-boss (it keeps it in the job's output): not the transport's error object.
        throw new Error(reason);
      }
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, mailId));
      log.info({ mailId, kind: mail.kind, via: transport.name }, 'mail delivered');
      return { delivered: true };
    },
  };
}

export type MailDelivery = ReturnType<typeof mailDelivery>;
