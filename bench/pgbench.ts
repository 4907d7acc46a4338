import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { CLIENTS, postgresCpuMs, type Row, SECONDS } from './lib.ts';

function pgbenchPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("pgbench is missing: install Debian's postgresql-client (apt-get install -y postgresql-client).");
  }
}

/**
 * pgbench's tpcb-like workload at its fairest, the baseline of every write measure: scale ≥ the client
 * count (as many branch rows as clients, so they seldom queue on one row's lock), prepared statements
 * (`-M prepared`: no parsing or planning per statement), the same 16 clients and duration as ours, two
 * threads (the machine's cores), on the same database.
 */
export async function pgbenchBaseline(url: string): Promise<Row> {
  const pgbench = pgbenchPath();
  const scale = Math.max(CLIENTS, 16);
  execFileSync(pgbench, ['-i', '-q', '-s', String(scale), url], { stdio: 'ignore' });
  // The load made by filling the tables is written out before the run, not during it.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('checkpoint').catch(() => {}); // needs a superuser or pg_checkpoint
  await client.end();
  const before = postgresCpuMs();
  const out = execFileSync(
    pgbench,
    ['-b', 'tpcb-like', '-M', 'prepared', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const done = /number of transactions actually processed: (\d+)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (!tps || !done) throw new Error(`could not read pgbench's figures:\n${out}`);
  return {
    key: 'pgbench',
    name: `pgbench tpcb-like (-s ${scale} -M prepared)`,
    rate: Number(tps[1]),
    unit: 'tx/s',
    cpu: { postgres: (postgresCpuMs() - before) / Number(done[1]) },
    note: `${latency ? `latency avg ${latency[1]} ms; ` : ''}CPU: every PostgreSQL process`,
  };
}
