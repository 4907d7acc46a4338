/**
 * `npm run bench`: the server's figures beside baselines measured in the same run on the same machine,
 * printed as one table of figures and ratios at the end (issue 4 item 11, issue 10 item 6). Not a test.
 * Uses DATABASE_URL's server (a fresh database, dropped afterwards) or an embedded PostgreSQL, and starts
 * the server as its own process (BENCH_NODE_ARGS: extra node flags for it, e.g. --cpu-prof).
 *
 * BENCH_SECONDS: length of each measured run (default 10). BENCH_ONLY: the sections to run, by name,
 * comma-separated (e.g. BENCH_ONLY=reads,realtime); a section whose ratio needs a baseline brings it.
 */
import os from 'node:os';
import { createTestDatabase } from '../apps/server/test/test-database.ts';
import { chat } from './chat.ts';
import { CLIENTS, loadAverage, type Row, SECONDS } from './lib.ts';
import { pgbenchBaseline } from './pgbench.ts';
import { reads } from './reads.ts';
import { realtime } from './realtime.ts';
import { sends } from './sends.ts';
import { type Bench, startServer } from './server.ts';
import { swaps } from './swaps.ts';

type Section = { run: (bench: Bench) => Promise<Row[]>; needs?: string[] };

/**
 * In the order they run, each one file and one function returning its rows. Reads come first: the writes
 * of the others (pgbench's 1.6 million rows, then autovacuum) would slow them.
 */
const SECTIONS: Record<string, Section> = {
  reads: { run: reads },
  realtime: { run: realtime },
  chat: { run: chat },
  sends: { run: sends, needs: ['pgbench'] },
  swaps: { run: swaps, needs: ['pgbench'] },
  pgbench: { run: ({ url }) => pgbenchBaseline(url).then((row) => [row]) },
};

function chosen(): string[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only) return Object.keys(SECTIONS);
  const unknown = only.filter((name) => !SECTIONS[name]);
  if (unknown.length) throw new Error(`unknown section ${unknown.join(', ')}: ${Object.keys(SECTIONS).join(', ')}`);
  const wanted = new Set(only.flatMap((name) => [name, ...(SECTIONS[name]!.needs ?? [])]));
  return Object.keys(SECTIONS).filter((name) => wanted.has(name));
}

const fixed = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n)
    ? ''
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: Row[]) {
  const byKey = new Map(rows.filter((r) => r.key).map((r) => [r.key!, r]));
  const lines = rows.map((r) => {
    const base = r.baseline ? byKey.get(r.baseline) : undefined;
    // Latency rows (no rate) with a baseline: their p95 ÷ the baseline's.
    const ratio =
      base?.rate && r.rate !== undefined
        ? (r.rate / base.rate).toFixed(r.rate / base.rate < 0.1 ? 3 : 2)
        : r.rate === undefined && base?.p95 && r.p95 !== undefined
          ? `${(r.p95 / base.p95).toFixed(2)} p95`
          : '';
    // CPU per operation of the baseline ÷ ours, all processes counted: the ratio each would have with the
    // machine to itself (both are CPU-bound here), which others' load on the machine barely moves.
    const total = (row?: Row) =>
      row?.cpu?.server === undefined ? undefined : row.cpu.server + (row.cpu.postgres ?? 0) + (row.cpu.generator ?? 0);
    const [ours, theirs] = [total(r), total(base)];
    const cpuRatio = ours && theirs ? (theirs / ours).toFixed(theirs / ours < 0.1 ? 3 : 2) : '';
    const cpu = r.cpu
      ? [r.cpu.server, r.cpu.postgres, r.cpu.generator].map((v) => (v === undefined ? '-' : v.toFixed(3))).join(' / ')
      : '';
    return [
      r.name,
      r.rate === undefined ? '' : `${fixed(r.rate)} ${r.unit ?? ''}`,
      fixed(r.p50),
      fixed(r.p95),
      fixed(r.p99),
      ratio && `${ratio} ÷ ${r.baseline}${r.aim ? ` (aim ${r.aim})` : ''}`,
      !ratio && r.aim ? `aim ${r.aim}` : '',
      cpu,
      cpuRatio,
      r.failed ? String(r.failed) : '',
      r.note ?? '',
    ];
  });
  const head = [
    'measure',
    'rate',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'ratio',
    'aim',
    'CPU ms/op srv/pg/gen',
    'CPU ratio',
    'failed',
    '',
  ];
  // 'aim' without a ratio (latency rows) goes in the ratio column.
  const merged = [head, ...lines].map((l) => [l[0], l[1], l[2], l[3], l[4], l[5] || l[6], l[7], l[8], l[9], l[10]]);
  const widths = merged[0]!.map((_, i) => Math.max(...merged.map((l) => l[i]!.length)));
  for (const [n, l] of merged.entries()) {
    console.log(
      l
        .map((cell, i) => (i === 0 || i >= 5 ? cell!.padEnd(widths[i]!) : cell!.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

const names = chosen();
console.log(
  `bench: ${names.join(', ')}; ${CLIENTS} clients, ${SECONDS} s runs; Node ${process.version}, ${os.cpus().length} cores; load ${loadAverage()}`,
);
const database = await createTestDatabase('vault_bench');
const launched = await startServer(database.url, {
  nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
}).catch(async (error) => {
  await database.drop();
  throw error;
});
const { server, base, stop } = launched;
const rows: Row[] = [];
try {
  for (const name of names) {
    const started = performance.now();
    const got = await SECTIONS[name]!.run({ url: database.url, base, server });
    rows.push(...got);
    console.log(`  ${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadAverage()}`);
  }
} finally {
  await stop();
  await database.drop();
}
console.log(`\nload average at the end (this run included): ${loadAverage()}\n`);
table(rows);
