import { CLIENTS, percentiles, type Row, SECONDS } from './lib.ts';
import { load, type Request, warmedUp } from './load.ts';
import { members } from './members.ts';
import { type Bench, startHello } from './server.ts';

/** What the readers hold: several assets, asset tokens among them (their lots make the redemption figures). */
const HOLDINGS: [asset: string, amount: string][] = [
  ['Q', '12500.5'],
  ['XAG', '40'],
  ['XAU', '1.25'],
  ['LXAG', '3'],
  ['BTC', '0.5'],
  ['ETH', '2.75'],
];

/** One measured run of `request` at 16 connections, after a warm-up, as a table row. */
async function measure(bench: Bench, pid: number | undefined, name: string, request: (i: number) => Request) {
  const run = (seconds: number) => load(bench.base, { connections: CLIENTS, seconds, request });
  const { result, cpu } = await warmedUp(bench, run, pid);
  const row: Row = {
    name,
    rate: result.ok / SECONDS,
    unit: 'reads/s',
    ...percentiles(result.latencies),
    failed: result.failed,
    cpu,
  };
  return row;
}

/**
 * Reads per second against a bare Fastify hello-world started in its own process in the same run (same
 * Node, same machine, same load generator and 16 connections): the dashboard's `wallet/currency-info` for
 * 16 activated members with balances in several assets, and `user/info` and `health` for context.
 */
export async function reads(bench: Bench): Promise<Row[]> {
  const { base, server } = bench;
  const hello = await startHello();
  let helloRow: Row;
  try {
    helloRow = await measure({ ...bench, base: hello.base }, hello.child.pid, 'bare Fastify hello-world', () => ({
      path: '/',
    }));
  } finally {
    await hello.stop();
  }
  helloRow.key = 'hello';

  const readers = await members(bench, 'reader', CLIENTS, { member: true, holdings: HOLDINGS });
  const get = (path: string) => (i: number) => ({ path, headers: { authorization: `Bearer ${readers[i]!.token}` } });

  const sample = await fetch(`${base}/api/wallet/currency-info`, {
    headers: { authorization: `Bearer ${readers[0]!.token}` },
  });
  if (!sample.ok) throw new Error(`currency-info answered ${sample.status}: ${await sample.text()}`);
  const bytes = (await sample.arrayBuffer()).byteLength;

  const rows: Row[] = [helloRow];
  for (const [path, name, note] of [
    ['/api/wallet/currency-info', 'wallet/currency-info', `${(bytes / 1024).toFixed(1)} KB answer`],
    ['/api/user/info', 'user/info', undefined],
    ['/api/health', 'health (select 1)', undefined],
  ] as const) {
    const row = await measure(bench, server.pid, name, path === '/api/health' ? () => ({ path }) : get(path));
    rows.push({ ...row, baseline: 'hello', aim: path === '/api/wallet/currency-info' ? '≥ 0.1' : undefined, note });
  }
  return rows;
}
