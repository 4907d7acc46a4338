import { sql } from 'drizzle-orm';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/client.ts';
import { JOBS } from './all.ts';
import { ensureQueue } from './job.ts';

/** Where a job is written: the pool, or the caller's transaction (the job then exists only if it commits). */
export type SendOptions = { tx?: Tx | Db };

/** Enqueues jobs; every process has one (HTTP, worker, CLI). Working them is the worker's (worker.ts). */
export type JobQueue = {
  send: (name: string, data: object, options?: SendOptions) => Promise<string | null>;
  stop: () => Promise<void>;
};

/**
 * pg-boss's database interface over our pool. Each call runs on one connection; a failed call destroys its
 * connection instead of returning it, because pg-boss's maintenance sends BEGIN … COMMIT as one string,
 * and a failure inside would leave an aborted transaction on a connection the API then reuses.
 */
export function poolExecutor(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const client = await pool.connect();
      try {
        const result = await client.query(text, values);
        client.release();
        return result;
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
  };
}

/**
 * pg-boss's database interface over a drizzle transaction (or the db): pg-boss's numbered parameters
 * ($1, $2 …) become drizzle parameters, so `send` writes the job in the caller's transaction.
 */
export function transactionExecutor(tx: Tx | Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * Starts pg-boss for sending only (no schedules, no maintenance: the worker's instance does those), on the
 * application's pool; installs or migrates pg-boss's own schema (`pgboss`) when needed and makes sure every
 * queue exists, since pg-boss drops a job sent to a missing queue.
 */
export async function createJobQueue(opts: { db: Db; log: Logger }): Promise<JobQueue> {
  const boss = new PgBoss({ db: poolExecutor(opts.db.$client), supervise: false, schedule: false });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue failed'));
  await boss.start();
  for (const job of JOBS) await ensureQueue(boss, job);
  return {
    send: (name, data, options = {}) =>
      boss.send(name, data, options.tx ? { db: transactionExecutor(options.tx) } : {}),
    stop: () => boss.stop({ graceful: false }),
  };
}
