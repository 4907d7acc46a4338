import type PgBoss from 'pg-boss';
import type { Container } from '../container.ts';

/**
 * One kind of job: its queue (name, policy, retries), when it runs if it is scheduled, and what it does.
 * The work itself belongs to a module's service; a job only says when and how often.
 */
export type JobDefinition<Data extends object = object> = {
  name: string;
  queue: Omit<PgBoss.Queue, 'name'>;
  /**
   * Scheduled jobs: a cron expression (UTC) and the period in which the job runs at most once, whichever
   * process's clock fires and however many workers share the database (pg-boss's singletonKey and
   * singletonSeconds: one job per key and period slot).
   */
  schedule?: { cron: string; periodSeconds: number };
  /** Whether this process can do the work; a worker that cannot leaves the jobs to one that can. */
  canRun?: (container: Container) => boolean;
  // A method, not a property: a job of any data then fits in one list of jobs (method parameters are bivariant).
  run(container: Container, job: PgBoss.JobWithMetadata<Data>): Promise<unknown>;
};

/** The options a scheduled job is sent with, by the schedule and by `trigger`: one job per period. */
export function periodOptions(job: JobDefinition): PgBoss.SendOptions {
  if (!job.schedule) return {};
  return { singletonKey: job.name, singletonSeconds: job.schedule.periodSeconds };
}

/**
 * Creates the queue when missing and brings its settings up to date (createQueue leaves an existing
 * queue as it is). pg-boss drops a job sent to a queue that does not exist, so every process that sends
 * or works jobs runs this first.
 */
export async function ensureQueue(boss: PgBoss, job: JobDefinition) {
  await boss.createQueue(job.name, { name: job.name, ...job.queue });
  await boss.updateQueue(job.name, { name: job.name, ...job.queue });
}
