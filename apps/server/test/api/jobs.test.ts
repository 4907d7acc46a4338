import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Container, createContainer } from '../../src/container.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { JobDefinition } from '../../src/jobs/job.ts';
import { startWorker, type Worker } from '../../src/worker.ts';
import { startServer, type TestServer } from '../support.ts';

/**
 * Issue 10: scheduled jobs are singletons. Two workers, each with its own container and pool as two
 * processes would have, share the test database; a scheduled job sent by both (through `trigger`, with the
 * options its schedule stores, as their cron clocks would send it) runs once per period. The job is this
 * file's own, with a 10-second period and a queue no other worker works, so the test neither waits an hour
 * nor meets another file's jobs. (test/api/upload-clean-up.test.ts checks the real schedule's options.)
 */
const PERIOD = 10;
const log = pino({ level: 'silent' });
let server: TestServer;
let second: { db: Database; container: Container };
const workers: Worker[] = [];

beforeAll(async () => {
  server = await startServer();
  const db = await openDatabase({ url: server.config.DATABASE_URL, dataDir: server.config.dataDir, log });
  second = { db, container: await createContainer({ config: server.config, db: db.db, log }) };
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await second?.container.close();
  await second?.db.close();
  await server?.close();
});

type Run = { worker: string; slot: string };

/** The same job for every worker; each records which worker ran it and in which period slot. */
const onceAPeriod = (name: string, runs: Run[], worker: string): JobDefinition => ({
  name,
  // 'standard': no queue policy limits the sends, so what keeps it to one run is the period alone.
  queue: { policy: 'standard', retryLimit: 0 },
  // Scheduled with the schedule's options, on a cron that does not fire during the test: every send is the test's.
  schedule: { cron: '0 0 1 1 *', periodSeconds: PERIOD },
  run: async (_container, job) => {
    runs.push({ worker, slot: new Date(job.singletonOn!).toISOString() });
  },
});

/** Waits until the clock is 0.5 s into the next period (the database's clock is this machine's); returns its start. */
async function startOfPeriod() {
  const next = (Math.floor(Date.now() / 1000 / PERIOD) + 1) * PERIOD * 1000;
  await new Promise((r) => setTimeout(r, next + 500 - Date.now()));
  return next;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduled jobs across processes', () => {
  it('two workers on one database run a scheduled job once per period', async () => {
    const name = `test-once-a-period-${randomBytes(4).toString('hex')}`;
    const runs: Run[] = [];
    const a = await startWorker(server.container, {
      jobs: [onceAPeriod(name, runs, 'a')],
      pollingIntervalSeconds: 0.5,
    });
    workers.push(a);
    const b = await startWorker(second.container, {
      jobs: [onceAPeriod(name, runs, 'b')],
      pollingIntervalSeconds: 0.5,
    });
    workers.push(b);
    try {
      for (const period of [1, 2]) {
        const started = await startOfPeriod();
        // Both workers send it ten times within the period: one job is made, the other sends make none.
        const burst = () => Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).trigger(name)));
        expect(
          (await burst()).filter((id) => id !== null),
          `period ${period}`,
        ).toHaveLength(1);
        const deadline = Date.now() + PERIOD * 1000;
        while (runs.length < period && Date.now() < deadline) await settle(100);
        expect(runs).toHaveLength(period);
        // Run and done, still in the same period: sending it again makes nothing.
        expect(
          (await burst()).filter((id) => id !== null),
          `period ${period}, after the run`,
        ).toHaveLength(0);
        expect(Date.now() - started, 'the test stayed within the period').toBeLessThan((PERIOD - 1) * 1000);
        await settle(1_500); // three polls of each worker: time for a second run, if there were one
      }
      // One run per period, two periods, by whichever worker fetched it first.
      const slots = runs.map((r) => r.slot);
      expect(new Set(slots).size).toBe(slots.length);
      expect(runs).toHaveLength(2);
    } finally {
      await a.boss.unschedule(name);
    }
  }, 60_000);
});
