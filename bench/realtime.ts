import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MemberEvent } from '@vault/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { percentiles, type Row } from './lib.ts';
import { members } from './members.ts';
import type { Bench } from './server.ts';

/** Sockets connected during the measure, shared by RECIPIENTS members (several tabs and devices each). */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const RECIPIENTS = 40;
/** Sends measured, one at a time, round the recipients. */
const SENDS = Number(process.env.BENCH_REALTIME_SENDS ?? 200);
const TIMEOUT_MS = 5_000;

/** Open files allowed to this process (the server, its child, inherits the limit). */
function openFilesLimit() {
  const line = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1] ?? 1024);
}

function connect(base: string, token: string) {
  return new Promise<Socket>((resolve, reject) => {
    // forceNew: one connection per socket, as separate tabs and devices make, not one multiplexed.
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * A balance event's latency at the recipient with SOCKETS sockets connected: a member sends 1 Q
 * (POST native-wallet/send-tokens) to a recipient whose sockets listen, and the time is taken from just
 * before the POST to the `nativeWalletUpdate` event on the recipient's channel (their e-mail): on the
 * first of their sockets, and on the last (every open tab updated). Sends go one at a time.
 */
export async function realtime({ url, base }: Bench): Promise<Row[]> {
  const limit = openFilesLimit();
  if (limit < SOCKETS + 512)
    throw new Error(`open files limit ${limit} is too low for ${SOCKETS} sockets: raise it (ulimit -n 20000)`);
  const [sender] = await members({ url, base }, 'rt-sender', 1, { member: true, holdings: [['Q', '10000000']] });
  const recipients = await members({ url, base }, 'rt-recipient', RECIPIENTS, { member: false });

  const sockets: Socket[][] = recipients.map(() => []);
  try {
    // Connected in batches, so the handshakes (a session lookup each) do not all wait at once.
    for (let i = 0; i < SOCKETS; i += 100) {
      const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => (i + j) % RECIPIENTS);
      const opened = await Promise.all(batch.map((r) => connect(base, recipients[r]!.token)));
      for (const [j, s] of opened.entries()) sockets[batch[j]!]!.push(s);
    }

    const first: number[] = [];
    const last: number[] = [];
    const answered: number[] = [];
    let missed = 0;
    const send = (to: string) =>
      fetch(`${base}/api/native-wallet/send-tokens`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sender!.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ to, amount: '1', coin: 'Q', memo: 'bench' }),
      });
    for (let k = -10; k < SENDS; k++) {
      const r = ((k % RECIPIENTS) + RECIPIENTS) % RECIPIENTS;
      const { email } = recipients[r]!;
      const arrivals: number[] = [];
      const everyone = Promise.all(
        sockets[r]!.map(
          (s) =>
            new Promise<void>((resolve) => {
              const on = (event: MemberEvent) => {
                if (event.type !== 'nativeWalletUpdate') return;
                arrivals.push(performance.now());
                s.off(email, on);
                resolve();
              };
              s.on(email, on);
            }),
        ),
      );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
      });
      const start = performance.now();
      const res = await send(email);
      const answeredAt = performance.now();
      if (!res.ok) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      const outcome = await Promise.race([everyone, timeout]);
      clearTimeout(timer);
      for (const s of sockets[r]!) s.off(email);
      if (k < 0) continue; // warm-up
      answered.push(answeredAt - start);
      if (outcome === 'timeout') missed++;
      else {
        first.push(Math.min(...arrivals) - start);
        last.push(Math.max(...arrivals) - start);
      }
    }
    const note = `${SOCKETS} sockets, ${RECIPIENTS} members × ${SOCKETS / RECIPIENTS}; ${SENDS} sends`;
    return [
      {
        name: 'send → nativeWalletUpdate, first socket',
        ...percentiles(first),
        failed: missed,
        aim: 'p95 ≤ 50 ms',
        note,
      },
      { name: "send → nativeWalletUpdate, member's last socket", ...percentiles(last), failed: missed },
      { name: 'send → its HTTP answer (same sends)', ...percentiles(answered) },
    ];
  } finally {
    for (const list of sockets) for (const s of list) s.disconnect();
  }
}
