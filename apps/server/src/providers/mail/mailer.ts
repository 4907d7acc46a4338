import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export type Mail = { to: string; subject: string; text: string; kind: string };
export type Mailer = { send: (mail: Mail) => Promise<string> };

const FROM = 'Vault <no-reply@vault.local>';

/**
 * Every mail is written to the outbox table first (the back office reads it). With SMTP_URL it is then
 * delivered by nodemailer; without, outside production, it is also dropped as a text file under
 * DATA_DIR/outbox so a developer can open it. Bodies hold links and codes: they are never logged.
 */
export function createMailer(opts: {
  db: Db;
  log: Logger;
  smtpUrl?: string;
  dataDir: string;
  devFiles: boolean;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const id = newId();
      await opts.db.insert(outbox).values({ id, ...mail });
      if (transport) {
        transport
          .sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text })
          .then(() => opts.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id)))
          .catch((err: Error) => {
            opts.log.warn({ mailId: id, kind: mail.kind, error: err.message }, 'mail delivery failed');
            return opts.db.update(outbox).set({ error: err.message }).where(eq(outbox.id, id));
          });
      } else if (opts.devFiles) {
        const dir = path.join(opts.dataDir, 'outbox');
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${id}.txt`);
        await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
        opts.log.info({ mailId: id, kind: mail.kind, file }, 'mail written to the local outbox');
      }
      return id;
    },
  };
}
