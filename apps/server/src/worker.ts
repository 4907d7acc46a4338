/**
 * The jobs, on pg-boss in the same database. `npm start` runs the worker in the server process (WORKER=inline,
 * the default); `npm run worker` runs it alone, for scale-out: any number of workers and servers share the
 * queues, pg-boss hands each job to one of them, and a scheduled job runs once per period whichever
 * process's clock fires (jobs/job.ts).
 */
import { pathToFileURL } from 'node:url';
import PgBoss from 'pg-boss';
import { ConfigError, loadConfig } from './config.ts';
import { type Container, createContainer } from './container.ts';
import { openDatabase } from './db/client.ts';
import { leaveSignalsToCaller } from './db/embedded-postgres.ts';
import { JOBS } from './jobs/all.ts';
import { ensureQueue, type JobDefinition, periodOptions } from './jobs/job.ts';
import { poolExecutor } from './jobs/queue.ts';
import { createLogger } from './lib/logger.ts';

export type Worker = {
  boss: PgBoss;
  /** Sends a scheduled job now, as its schedule would: at most one per period, so a second call waits. */
  trigger: (name: string) => Promise<string | null>;
  /** Lets running jobs finish (up to 5 s), then stops; the pool stays open for its owner to close. */
  stop: () => Promise<void>;
};

export async function startWorker(
  container: Container,
  opts: { jobs?: JobDefinition[]; pollingIntervalSeconds?: number } = {},
): Promise<Worker> {
  const { log } = container;
  const jobs = opts.jobs ?? JOBS;
  // Its own pg-boss instance, with the cron clock and the maintenance (expiry, archive) that the sending
  // instance of every process (jobs/queue.ts) leaves off, on the same pool.
  const boss = new PgBoss({ db: poolExecutor(container.db.$client) });
  boss.on('error', (err) => log.error({ err }, 'job queue failed'));
  await boss.start();
  const working: string[] = [];
  for (const job of jobs) {
    await ensureQueue(boss, job);
    if (job.schedule) await boss.schedule(job.name, job.schedule.cron, {}, { tz: 'UTC', ...periodOptions(job) });
    if (job.canRun && !job.canRun(container)) continue;
    const options = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, includeMetadata: true } as const;
    await boss.work<object>(job.name, options, async ([run]) => {
      // batchSize 1: each job fails and is retried on its own.
      const result = run && (await job.run(container, run));
      if (job.schedule) log.info({ job: job.name, result }, 'scheduled job done');
      return result;
    });
    working.push(job.name);
  }
  const idle = jobs.filter((job) => !working.includes(job.name)).map((job) => job.name);
  log.info({ jobs: working, ...(idle.length > 0 && { leftToOthers: idle }) }, 'worker started');

  return {
    boss,
    trigger: (name) => {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`unknown job ${name}`);
      return boss.send(name, {}, periodOptions(job));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
      log.info('worker stopped');
    },
  };
}

/**
 * `npm run worker`: the jobs alone, on the configured database, with the same container as the server. It
 * logs as the server does (`createLogger`) and, like main.ts, a problem the operator has to solve is one
 * line without a stack. On SIGINT/SIGTERM it stops the jobs, then the container, then the pool.
 */
async function runAlone() {
  const config = loadConfig();
  const log = createLogger(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  const container = await createContainer({ config, db: database.db, log });
  const worker = await startWorker(container);
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker shutting down');
    await worker.stop();
    await container.close();
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
