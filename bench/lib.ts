import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Concurrent clients of every throughput measure (ours and pgbench's). */
export const CLIENTS = 16;
/** Length of each measured run, in seconds. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Warm-up before each measured HTTP run, in seconds (JIT, pools, prepared statements). */
export const WARM_UP_SECONDS = 2;
export const PASSWORD = 'Bench12345';

/** One line of the final table. Rates per second, latencies in ms, CPU in ms per operation. */
export type Row = {
  name: string;
  /** What other rows name as their `baseline`. */
  key?: string;
  rate?: number;
  unit?: string;
  p50?: number;
  p95?: number;
  p99?: number;
  /** Key of the row this one is divided by, and the aim, for the ratio column. */
  baseline?: string;
  aim?: string;
  failed?: number;
  cpu?: { server?: number; postgres?: number; generator?: number };
  note?: string;
};

/** Latencies are sorted in place. */
export function percentiles(latencies: number[]) {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** CPU time (user + system, ms) a process has used so far: a measure that other load skews much less. */
export function cpuMs(pid: number | undefined, withReapedChildren = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime + stime (+ cutime + cstime: ended children, e.g. pgbench's backends), in 100 Hz clock ticks
    const ticks = [11, 12, ...(withReapedChildren ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of every PostgreSQL process, including backends that have ended (the server runs on this
 * machine). It counts every database of that server: other work on it shows up here.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(pid), true);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The PostgreSQL backends connected to `url`'s database (the server's pool), other than the asking one. */
async function backends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU time so far of each process, by pid (0 for those gone or not readable). */
const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));

/**
 * CPU used per operation during `run` by the server process, by the PostgreSQL backends of the bench's
 * database (`url`: others' work on the same PostgreSQL server does not count) and by this process (the
 * load generator).
 */
export async function withCpu<T>(
  serverPid: number | undefined,
  url: string,
  run: () => Promise<T>,
  operations: (result: T) => number,
) {
  const server = cpuMs(serverPid);
  const before = cpuOf(await backends(url));
  const self = process.cpuUsage();
  const result = await run();
  const own = process.cpuUsage(self);
  const n = Math.max(1, operations(result));
  const after = cpuOf(await backends(url));
  let postgres = 0;
  for (const [pid, ms] of after) if (!Number.isNaN(ms)) postgres += ms - (before.get(pid) ?? 0);
  return {
    result,
    cpu: {
      server: serverPid === undefined ? undefined : (cpuMs(serverPid) - server) / n,
      postgres: postgres / n,
      generator: (own.user + own.system) / 1000 / n,
    },
  };
}

/** The load average, to print beside the figures: others' work on this machine moves them. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
