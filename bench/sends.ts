/**
 * `npm run bench`: authenticated token sends per second over HTTP at 16 concurrent clients, beside
 * pgbench's tpcb-like transactions per second on the same PostgreSQL database, as a ratio (issue 4 item
 * 11; aim ≥ 0.5). Also p50/p99 latency. Not a test: it prints figures.
 * Uses DATABASE_URL's server (a fresh database, dropped afterwards) or an embedded PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createTestDatabase } from '../apps/server/test/test-database.ts';
import { login, startServer } from './server.ts';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench12345';

function pgbenchPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    console.error("pgbench is missing: install Debian's postgresql-client (apt-get install -y postgresql-client).");
    process.exit(1);
  }
}

/** pgbench's tpcb-like tables (scale 4), made before the measured run. */
function pgbenchInit(url: string) {
  execFileSync(pgbenchPath(), ['-i', '-q', '-s', '4', url], { stdio: 'ignore' });
}

/** pgbench's tpcb-like workload with the same client count, for the same duration. */
function pgbenchTps(url: string) {
  const out = execFileSync(
    pgbenchPath(),
    ['-b', 'tpcb-like', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const done = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps || !done) throw new Error(`could not read pgbench's figures:\n${out}`);
  return { tps: Number(tps[1]), transactions: Number(done[1]) };
}

/** 16 senders (activated, membership data, a large Q balance through the ledger) and 16 recipients. */
async function prepareMembers(url: string, base: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  const senders: { email: string; token: string; to: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `bench-sender-${i}@example.com`;
    const to = `bench-recipient-${i}@example.com`;
    await client.query(
      `insert into users (id, email, name, password_hash, email_verified_at, is_wallet_activated, gpa_data)
       values (gen_random_uuid(), $1, 'Bench Sender', $3, now(), true, '{"displayName":"bench"}'),
              (gen_random_uuid(), $2, 'Bench Recipient', $3, now(), false, null)`,
      [email, to, hash],
    );
    senders.push({ email, token: '', to });
  }
  await client.end();
  const admin = await login(base, 'admin@vault.local', 'Admin2026!');
  for (const s of senders) {
    const res = await fetch(`${base}/api/admin/ledger/credit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: s.email, asset: 'Q', amount: '10000000' }),
    });
    if (!res.ok) throw new Error(`credit failed: ${await res.text()}`);
    s.token = await login(base, s.email, PASSWORD);
  }
  return senders;
}

/** One POST over a kept-alive connection (node:http: far cheaper per request than fetch), with a fresh Idempotency-Key. */
function post(agent: http.Agent, url: URL, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // Like the web app: every send carries its own key.
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Each client sends 1 Q in a loop for `seconds`; returns the latencies of successful sends. */
async function runSends(base: string, senders: { token: string; to: string }[], seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const url = new URL(`${base}/api/native-wallet/send-tokens`);
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    senders.map(async (s) => {
      const body = JSON.stringify({ to: s.to, amount: '1', coin: 'Q', memo: 'bench' });
      while (performance.now() < until) {
        const start = performance.now();
        const status = await post(agent, url, s.token, body);
        if (status === 200) latencies.push(performance.now() - start);
        else failures++;
      }
    }),
  );
  agent.destroy();
  return { latencies, failures };
}

/** CPU time (user + system, ms) the server process has used so far: a measure that other load does not skew. */
function cpuMs(pid: number | undefined, withReapedChildren = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime + stime (+ cutime + cstime: ended children, e.g. pgbench's backends), in 100 Hz clock ticks
    const ticks = [11, 12, ...(withReapedChildren ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of every PostgreSQL process, including backends that have ended (the server runs on this machine). */
function postgresCpuMs(): number {
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const database = await createTestDatabase('vault_bench');
const { server, base, stop } = await startServer(database.url, {
  nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
});
try {
  const senders = await prepareMembers(database.url, base);
  await runSends(base, senders, 2); // warm-up
  const cpuBefore = cpuMs(server.pid);
  const postgresBefore = postgresCpuMs();
  const clientBefore = process.cpuUsage();
  const { latencies, failures } = await runSends(base, senders, SECONDS);
  const serverCpuPerSend = (cpuMs(server.pid) - cpuBefore) / (latencies.length + failures);
  const postgresCpuPerSend = (postgresCpuMs() - postgresBefore) / (latencies.length + failures);
  const client = process.cpuUsage(clientBefore);
  const clientCpuPerSend = (client.user + client.system) / 1000 / (latencies.length + failures);
  const sendsPerSecond = latencies.length / SECONDS;
  pgbenchInit(database.url);
  const postgresBeforePgbench = postgresCpuMs();
  const { tps, transactions } = pgbenchTps(database.url);
  const postgresCpuPerTx = (postgresCpuMs() - postgresBeforePgbench) / transactions;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `\nsends over HTTP, ${CLIENTS} clients, ${SECONDS} s: ${sendsPerSecond.toFixed(1)} sends/s (${failures} failed)`,
  );
  console.log(`latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`);
  console.log(
    `CPU per send: server ${serverCpuPerSend.toFixed(3)} ms, PostgreSQL ${postgresCpuPerSend.toFixed(3)} ms, load generator ${clientCpuPerSend.toFixed(3)} ms`,
  );
  console.log(`pgbench tpcb-like, ${CLIENTS} clients, ${SECONDS} s, same database: ${tps.toFixed(1)} tps`);
  console.log(`CPU per pgbench transaction: PostgreSQL ${postgresCpuPerTx.toFixed(3)} ms`);
  console.log(`ratio sends / pgbench: ${(sendsPerSecond / tps).toFixed(2)} (aim ≥ 0.5)`);
} finally {
  await stop();
  await database.drop();
}
