import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { sendMail } from '../../jobs/send-mail.ts';
import { newId } from '../../lib/ids.ts';

export type Mail = { to: string; subject: string; text: string; kind: string };
export type Mailer = {
  /** Records the mail and queues its delivery; with `tx`, both happen only if the caller's transaction commits. */
  send: (mail: Mail, options?: { tx?: Tx }) => Promise<string>;
};

/**
 * Every mail is written to the outbox table (the record: the back office reads it, tests read it) and,
 * when some process can deliver it (`delivers`: SMTP_URL, or files in development), a `mail-send` job is
 * queued in the same transaction: no row without its job, no job without its row. Whichever process runs
 * the worker delivers it, with retries (jobs/send-mail.ts). Nothing here logs: bodies hold links and codes.
 */
export function createMailer(opts: { db: Db; queue: JobQueue; delivers: boolean }): Mailer {
  const write = async (tx: Tx | Db, mail: Mail) => {
    const id = newId();
    await tx.insert(outbox).values({ id, ...mail });
    if (opts.delivers) await opts.queue.send(sendMail.name, { mailId: id }, { tx });
    return id;
  };
  return {
    send: (mail, options = {}) => {
      if (options.tx) return write(options.tx, mail);
      return opts.delivers ? opts.db.transaction((tx) => write(tx, mail)) : write(opts.db, mail);
    },
  };
}

/**
 * The newest mails, to one address when asked (lower-cased), newest first: the back office's outbox view
 * (modules/admin), which redacts them and audits the read in the same transaction (`q`).
 */
export async function recentMails(q: Tx | Db, filter: { to?: string; page: number; limit: number }) {
  const where = filter.to ? eq(outbox.to, filter.to.toLowerCase()) : undefined;
  // One after the other: `q` may be a transaction's connection, which takes one query at a time.
  const rows = await q
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [count] = await q.select({ n: sql<number>`count(*)::int` }).from(outbox).where(where);
  return { rows, total: count?.n ?? 0 };
}
