import net from 'node:net';
import { SECONDS, WARM_UP_SECONDS, withCpu } from './lib.ts';
import type { Bench } from './server.ts';

/**
 * The load generator of every HTTP measure: `connections` kept-alive TCP connections, each sending one
 * request, reading its whole answer, then sending the next (closed loop, no pipelining), for `seconds`.
 * It writes raw HTTP/1.1 and reads only the status line and Content-Length, so its cost per request is a
 * small part of the server's even for a bare hello-world (node:http's client, or fetch, would cost the
 * 2-core machine as much as the server it measures).
 */
export type Request = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
export type LoadResult = { ok: number; failed: number; latencies: number[]; statuses: Record<number, number> };
/** An answer read whole (status and body), for operations whose next request needs what the last said. */
export type Answer = { status: number; body: Buffer };

const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

function encode(host: string, r: Request): Buffer {
  const body = r.body ?? '';
  const lines = [`${r.method ?? 'GET'} ${r.path} HTTP/1.1`, `host: ${host}`];
  for (const [k, v] of Object.entries(r.headers ?? {})) lines.push(`${k}: ${v}`);
  if (r.body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** One connection that answers requests one at a time. */
function connection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
  let pending: { resolve: (status: number, body: Buffer) => void; reject: (e: Error) => void; body: boolean } | null =
    null;
  let chunks: Buffer[] = [];
  let length = 0;
  let expected = -1; // header end + body length, once the header is in
  let bodyStart = 0;
  let status = 0;
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const fail = (e: Error) => {
    const p = pending;
    pending = null;
    p?.reject(e);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (data: Buffer) => {
    chunks.push(data);
    length += data.length;
    if (expected < 0) {
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      chunks = [all];
      const end = all.indexOf(HEADER_END);
      if (end < 0) return;
      const head = all.subarray(0, end).toString('latin1');
      status = Number(head.slice(9, 12));
      const cl = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!cl) return fail(new Error(`no content-length in answer:\n${head}`));
      bodyStart = end + 4;
      expected = bodyStart + Number(cl[1]);
    }
    if (length < expected) return;
    if (length > expected) return fail(new Error('more bytes than asked for'));
    const p = pending;
    // The body is copied out only when asked for: the plain measures read the status alone.
    const body = p?.body ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).subarray(bodyStart) : EMPTY;
    chunks = [];
    length = 0;
    expected = -1;
    pending = null;
    p?.resolve(status, body);
  });
  return {
    ready,
    /** The answer's status (the body is read past, not kept). */
    send(request: Buffer) {
      return new Promise<number>((resolve, reject) => {
        pending = { resolve: (s) => resolve(s), reject, body: false };
        socket.write(request);
      });
    },
    /** The whole answer. */
    answer(request: Buffer) {
      return new Promise<Answer>((resolve, reject) => {
        pending = { resolve: (s, body) => resolve({ status: s, body }), reject, body: true };
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

/**
 * Runs operations on every connection for `seconds`, closed loop: `op(i, send, status)` makes connection
 * i's next operation of one or more requests and says whether it succeeded; `send` gives a request's whole
 * answer (for an operation whose next request needs what the last said: a quote, then the swap that pays
 * it), `status` only its status (the body is read past, not copied). Latencies and counts are per operation.
 */
export async function loadOps(
  base: string,
  opts: {
    connections: number;
    seconds: number;
    op: (
      connection: number,
      send: (request: Request) => Promise<Answer>,
      status: (request: Request) => Promise<number>,
    ) => Promise<boolean>;
  },
): Promise<LoadResult> {
  const url = new URL(base);
  const port = Number(url.port);
  const conns = Array.from({ length: opts.connections }, () => connection(port));
  await Promise.all(conns.map((c) => c.ready));
  const result: LoadResult = { ok: 0, failed: 0, latencies: [], statuses: {} };
  const count = (status: number) => {
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    return status;
  };
  const until = performance.now() + opts.seconds * 1000;
  try {
    await Promise.all(
      conns.map(async (c, i) => {
        const send = async (request: Request) => {
          const answer = await c.answer(encode(url.host, request));
          count(answer.status);
          return answer;
        };
        const status = async (request: Request) => count(await c.send(encode(url.host, request)));
        while (performance.now() < until) {
          const start = performance.now();
          if (await opts.op(i, send, status)) {
            result.ok++;
            result.latencies.push(performance.now() - start);
          } else result.failed++;
        }
      }),
    );
  } finally {
    for (const c of conns) c.close();
  }
  return result;
}

/**
 * One request per operation: `request(i)` gives connection i's next one (a fresh Idempotency-Key per send,
 * a member's token per connection); answers other than 200 count as failed.
 */
export const load = (
  base: string,
  opts: { connections: number; seconds: number; request: (connection: number) => Request },
): Promise<LoadResult> =>
  loadOps(base, { ...opts, op: async (i, _send, status) => (await status(opts.request(i))) === 200 });

/**
 * A warm-up run (JIT, pools, prepared statements), then the measured run with the CPU each process spent
 * per operation: the shape of every throughput section. `run(seconds)` is one run at 16 connections.
 */
export async function warmedUp(
  bench: Bench,
  run: (seconds: number) => Promise<LoadResult>,
  serverPid = bench.server.pid,
) {
  await run(WARM_UP_SECONDS);
  return withCpu(
    serverPid,
    bench.url,
    () => run(SECONDS),
    (r) => r.ok + r.failed,
  );
}
