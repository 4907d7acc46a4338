import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** A mail as the outbox row holds it. */
export type StoredMail = { id: string; to: string; subject: string; text: string; kind: string };

/** How this process delivers a mail: over SMTP, or as a text file for a developer. */
export type MailTransport = { name: 'smtp' | 'files'; deliver: (mail: StoredMail) => Promise<void> };

const FROM = 'Vault <no-reply@vault.local>';

/**
 * SMTP_URL: nodemailer, with timeouts short enough for a job to fail and be retried well before pg-boss
 * expires it (5 minutes). Otherwise, in development only, a text file under DATA_DIR/outbox that a
 * developer opens. Otherwise none: the outbox table is the only copy (tests, or production without SMTP,
 * where the back office reads it). Bodies hold links and codes: nothing here logs them.
 */
export function mailTransport(opts: {
  smtpUrl?: string;
  dataDir: string;
  devFiles: boolean;
  log: Logger;
}): MailTransport | null {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      name: 'smtp',
      deliver: async (mail) => {
        await smtp.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  if (!opts.devFiles) return null;
  return {
    name: 'files',
    deliver: async (mail) => {
      const dir = path.join(opts.dataDir, 'outbox');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${mail.id}.txt`);
      await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      opts.log.info({ mailId: mail.id, kind: mail.kind, file }, 'mail written to the local outbox');
    },
  };
}
