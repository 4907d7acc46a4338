import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Container, createContainer } from '../../src/container.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';
import { sendMail } from '../../src/jobs/send-mail.ts';
import { startWorker, type Worker } from '../../src/worker.ts';
import { startSmtpSandbox } from '../smtp-sandbox.ts';
import { countRows, createMember, lastMail, randomIp, startServer, type TestServer, uniqueEmail } from '../support.ts';

/**
 * Issue 10: a mail is an outbox row plus a `mail-send` job written in one transaction; whichever process
 * runs the worker delivers it (here a second container on its own pool, as another process would be: the
 * HTTP server runs no worker) over SMTP (a local sandbox server), retrying with backoff and recording the
 * outcome on the row. Only this file sends mail jobs (other servers have no transport, so queue none).
 */
let smtp: Awaited<ReturnType<typeof startSmtpSandbox>>;
let server: TestServer;
let workerDb: Database;
let workerContainer: Container;
let worker: Worker;
const logged: string[] = [];
const log = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  }),
);

beforeAll(async () => {
  smtp = await startSmtpSandbox();
  server = await startServer({ SMTP_URL: smtp.url }, undefined, log);
  workerDb = await openDatabase({ url: server.config.DATABASE_URL, dataDir: server.config.dataDir, log });
  workerContainer = await createContainer({ config: server.config, db: workerDb.db, log });
  worker = await startWorker(workerContainer, { jobs: [sendMail], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await worker?.stop();
  await workerContainer?.close();
  await workerDb?.close();
  await server?.close();
  await smtp?.close();
});

type JobRow = {
  id: string;
  state: string;
  data: Record<string, unknown>;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  later: boolean;
};
const jobsOf = async (mailId: string) =>
  (
    await server.db.execute<JobRow>(
      sql`select id, state, data, retry_count, retry_limit, retry_delay, retry_backoff,
            start_after > now() + interval '25 seconds' as later
          from pgboss.job where name = ${sendMail.name} and data->>'mailId' = ${mailId}`,
    )
  ).rows;
const row = async (id: string) => (await server.db.select().from(outbox).where(eq(outbox.id, id)))[0];

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('mail on the queue', () => {
  it('a mail sent through the API is recorded and queued together, then delivered by the worker', async () => {
    const { email } = await createMember(server, { emailVerifiedAt: null });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = (await lastMail(server, email, 'verify-email'))!;
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    // The job carries the row's id and nothing else: the link stays in the outbox row alone.
    const [job] = await jobsOf(mail.id);
    expect(job?.data).toEqual({ mailId: mail.id });

    const sent = await until(
      'delivery',
      () => row(mail.id),
      (m) => m?.sentAt != null,
    );
    expect(sent?.error).toBeNull();
    const delivered = smtp.received.find((m) => m.recipients.includes(email));
    expect(delivered?.data).toContain('Subject: Verify your e-mail address');
    // Logs name the mail (id, kind), never its link.
    expect(logged.some((line) => line.includes(mail.id) && line.includes('mail delivered'))).toBe(true);
    expect(logged.join('\n')).not.toContain(token);
  });

  it('a refused delivery is written on the row and retried with exponential backoff', async () => {
    const to = uniqueEmail('retry');
    smtp.refuseNext(1);
    const id = await server.ctx.mailer.send({ to, kind: 'test', subject: 'Retried', text: 'Hello' });

    const failed = await until(
      'the first attempt',
      () => row(id),
      (m) => m?.error != null,
    );
    expect(failed?.error).toMatch(/^attempt 1 of 9: .*451/);
    expect(failed?.sentAt).toBeNull();
    const [job] = await until(
      'the retry',
      () => jobsOf(id),
      ([j]) => j?.state === 'retry',
    );
    expect(job).toMatchObject({ retry_limit: 8, retry_delay: 30, retry_backoff: true, later: true });

    // The backoff is 30 to 60 s here; moving the job's start to now stands in for waiting.
    await server.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    const sent = await until(
      'the retry to deliver',
      () => row(id),
      (m) => m?.sentAt != null,
    );
    expect(sent?.error).toBeNull();
    expect(smtp.received.filter((m) => m.recipients.includes(to))).toHaveLength(1);
    const [done] = await until(
      'completion',
      () => jobsOf(id),
      ([j]) => j?.state === 'completed',
    );
    expect(done?.retry_count).toBe(1);
  });

  it("in the caller's transaction: a rollback leaves neither the row nor the job", async () => {
    const to = uniqueEmail('rollback');
    let id: string | undefined;
    await expect(
      server.db.transaction(async (tx) => {
        id = await server.ctx.mailer.send({ to, kind: 'test', subject: 'Never', text: 'Never sent' }, { tx });
        expect(await jobsOf(id)).toHaveLength(0); // not visible outside the transaction yet
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(id).toBeDefined();
    expect(await countRows(server, 'outbox', sql`"to" = ${to}`)).toBe(0);
    expect(await jobsOf(id!)).toHaveLength(0);
  });

  it('a server without a transport (no SMTP_URL, not development) records the mail and queues nothing', async () => {
    const plain = await startServer();
    try {
      expect(plain.container.services.mail.canDeliver).toBe(false);
      const to = uniqueEmail('plain');
      const id = await plain.ctx.mailer.send({ to, kind: 'test', subject: 'Kept', text: 'In the outbox only' });
      expect(await row(id)).toMatchObject({ to, sentAt: null, error: null });
      expect(await jobsOf(id)).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
