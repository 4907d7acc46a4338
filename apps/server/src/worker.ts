/**
 * Scheduled jobs on pg-boss, in the same database. `npm start` runs them in the server process;
 * `npm run worker` runs them alone (scale-out: any number of workers and servers share the queue, and
 * pg-boss sends each scheduled run to one of them).
 */
import { pathToFileURL } from 'node:url';
import PgBoss from 'pg-boss';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { leaveSignalsToCaller } from './db/embedded-postgres.ts';
import { removeUnusedUploads } from './jobs/remove-unused-uploads.ts';
import { createLogger } from './lib/logger.ts';
import { sharedSecret } from './lib/secrets.ts';
import { type StorageContext, storageService } from './modules/storage/service.ts';

/** Every job: its queue name, when it runs (cron, UTC) and what it does. */
const JOBS = [removeUnusedUploads];

export type Worker = { boss: PgBoss; stop: () => Promise<void> };

export async function startWorker(
  ctx: StorageContext,
  opts: { connectionString: string; pollingIntervalSeconds?: number },
): Promise<Worker> {
  const services = { storage: storageService(ctx) };
  const boss = new PgBoss({ connectionString: opts.connectionString, max: 3, application_name: 'vault-worker' });
  boss.on('error', (err) => ctx.log.error({ err }, 'job queue failed'));
  await boss.start();
  for (const job of JOBS) {
    // 'stately': at most one run waiting and one running, so runs missed while stopped do not pile up.
    await boss.createQueue(job.name, { name: job.name, policy: 'stately' });
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10 }, async (runs) => {
      for (const _run of runs) await job.run(services);
    });
  }
  ctx.log.info({ jobs: JOBS.map((j) => j.name) }, 'worker started');
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 5_000 }) };
}

/**
 * `npm run worker`: the jobs alone, on the configured database. It logs as the server does (`createLogger`:
 * readable lines outside production, JSON in production) and, like main.ts, a problem the operator has to
 * solve is one line without a stack.
 */
async function runAlone() {
  const config = loadConfig();
  const log = createLogger(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  const hmac = await sharedSecret(database.db, 'hmac');
  const worker = await startWorker(
    { config, db: database.db, log, secrets: { hmac } },
    { connectionString: database.url },
  );
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker shutting down');
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // The embedded PostgreSQL stops after the queue and the pool, not under them.
  leaveSignalsToCaller();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAlone().catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
}
