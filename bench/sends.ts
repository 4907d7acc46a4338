import { randomUUID } from 'node:crypto';
import { CLIENTS, percentiles, type Row, SECONDS } from './lib.ts';
import { load, warmedUp } from './load.ts';
import { members } from './members.ts';
import type { Bench } from './server.ts';

/**
 * Authenticated `native-wallet/send-tokens` calls over HTTP: 16 activated senders, one connection each,
 * each sending 1 Q to its own recipient with a fresh Idempotency-Key per send (as the web app sends them).
 */
export async function sends(bench: Bench): Promise<Row[]> {
  const { base } = bench;
  const senders = await members(bench, 'sender', CLIENTS, { member: true, holdings: [['Q', '10000000']] });
  const recipients = await members(bench, 'recipient', CLIENTS, { member: false });
  const request = (i: number) => ({
    method: 'POST' as const,
    path: '/api/native-wallet/send-tokens',
    headers: {
      authorization: `Bearer ${senders[i]!.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ to: recipients[i]!.email, amount: '1', coin: 'Q', memo: 'bench' }),
  });
  const { result, cpu } = await warmedUp(bench, (seconds) => load(base, { connections: CLIENTS, seconds, request }));
  return [
    {
      name: 'sends (native-wallet/send-tokens)',
      rate: result.ok / SECONDS,
      unit: 'sends/s',
      ...percentiles(result.latencies),
      failed: result.failed,
      cpu,
      baseline: 'pgbench',
      aim: '≥ 0.5',
    },
  ];
}
