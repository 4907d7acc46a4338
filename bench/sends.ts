import { randomUUID } from 'node:crypto';
import { CLIENTS, percentiles, type Row, SECONDS, WARM_UP_SECONDS, withCpu } from './lib.ts';
import { load } from './load.ts';
import { adminLogin, createMembers, credit, loginAll } from './members.ts';
import type { Bench } from './server.ts';

/**
 * Authenticated `native-wallet/send-tokens` calls over HTTP: 16 activated senders, one connection each,
 * each sending 1 Q to its own recipient with a fresh Idempotency-Key per send (as the web app sends them).
 */
export async function sends({ url, base, server }: Bench): Promise<Row[]> {
  const admin = await adminLogin(base);
  const emails = await createMembers(url, 'sender', CLIENTS, { member: true });
  const recipients = await createMembers(url, 'recipient', CLIENTS, { member: false });
  for (const email of emails) await credit(base, admin, email, 'Q', '10000000');
  const senders = await loginAll(base, emails);
  const request = (i: number) => ({
    method: 'POST' as const,
    path: '/api/native-wallet/send-tokens',
    headers: {
      authorization: `Bearer ${senders[i]!.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ to: recipients[i], amount: '1', coin: 'Q', memo: 'bench' }),
  });
  await load(base, { connections: CLIENTS, seconds: WARM_UP_SECONDS, request });
  const { result, cpu } = await withCpu(
    server.pid,
    url,
    () => load(base, { connections: CLIENTS, seconds: SECONDS, request }),
    (r) => r.ok + r.failed,
  );
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
