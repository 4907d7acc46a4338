import { readFileSync } from 'node:fs';
import { CHAT_ADD_MESSAGE, CHAT_NEW_MESSAGE, type ChatAck } from '@vault/contract/realtime';
import { CHAT_LIMITS, type ChatMessage } from '@vault/contract/schemas/chat';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import * as schema from '../apps/server/src/db/schema.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { directPairKey } from '../apps/server/src/modules/chat/rooms.ts';
import { CLIENTS, cpuMs, percentiles, type Row, SECONDS, WARM_UP_SECONDS, withCpu } from './lib.ts';
import { type Member, members } from './members.ts';
import type { Bench } from './server.ts';

/**
 * Chat over socket.io (issue 15 item 7): SOCKETS members, one socket each, every one of them in a direct room
 * with one partner (SOCKETS / 2 pairs; the measured pairs' rooms made through POST chat/room/create, the rest
 * written straight to the database as that route writes them). Sessions are opened straight in the database
 * too (members.ts).
 *
 * - Delivery latency: one message at a time, round MEASURED_PAIRS pairs, timed from just before the sender's
 *   `add-message` emit to `new-message` on the recipient's socket (and to the sender's acknowledgement).
 *   Baseline, in the same run: the same messages with only those pairs' sockets connected (2 × MEASURED_PAIRS),
 *   DELIVERIES before the others connect and DELIVERIES after they have left, pooled, so the ratio (p95 ÷ p95)
 *   is what the other ~1,900 connected sockets cost a message's delivery (1.0: nothing), not what changed on
 *   the machine meanwhile.
 * - Throughput: CLIENTS (16) messages in flight at any time, closed loop (each waits for its acknowledgement,
 *   then the next goes), written by every member in turn to their partner, for SECONDS. A member may write
 *   CHAT_LIMITS.messagesPerWindow (20) messages in any CHAT_LIMITS.rateWindowSeconds (10 s); round SOCKETS
 *   members each writes once every SOCKETS ÷ rate seconds (every 16 s at 125 messages/s), far below it, and a
 *   member that has written PER_WINDOW within the window (plus a second) is skipped until it may write
 *   again, so no refusal is the limit's (the `paced` count in the note says whether that ever happened).
 *   Baseline: the same 16-in-flight loop on the same sockets with an `add-message` the server refuses by its
 *   schema before any database work (VALIDATION): a socket.io round trip through the same server, process and
 *   event handler, so the ratio is the share of the server's bare socket.io round-trip rate a stored,
 *   delivered message keeps. Delivery to the recipient is timed for every message of the run too.
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const MEASURED_PAIRS = 40;
/** Messages timed one at a time, in each of the two latency runs. */
const DELIVERIES = Number(process.env.BENCH_CHAT_DELIVERIES ?? 200);
const WARM_UP_DELIVERIES = 10;
const TIMEOUT_MS = 5_000;
/** The most a member writes in any window of the rate limit plus a second: two below the limit. */
const PER_WINDOW = CHAT_LIMITS.messagesPerWindow - 2;
const WINDOW_MS = CHAT_LIMITS.rateWindowSeconds * 1000 + 1000;

type Peer = Member & { socket?: Socket; room: string; partner: Peer; busy: boolean; written: number[] };
type Ack = ChatAck<ChatMessage>;

/** Open files allowed to this process (the server, its child, inherits the limit). */
function openFilesLimit() {
  const line = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1] ?? 1024);
}

function connect(base: string, token: string) {
  return new Promise<Socket>((resolve, reject) => {
    // forceNew: one connection per socket, as separate devices make, not one multiplexed.
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server's process uses under a tenth of a core (its work on what we did is done), at most 15 s. */
async function settled(pid: number | undefined) {
  let last = cpuMs(pid);
  for (let i = 0; i < 60; i++) {
    await sleep(250);
    const now = cpuMs(pid);
    if (Number.isNaN(now) || now - last < 25) return;
    last = now;
  }
}

/** `a`'s room with its partner through POST chat/room/create, as the web app makes it; its id. */
async function createRoom(base: string, a: Peer) {
  const res = await fetch(`${base}/api/chat/room/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ otherUserId: a.partner.id }),
  });
  if (!res.ok) throw new Error(`room create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/**
 * The rooms of these members with their partners in two statements, the rows `roomForPair` writes (the route
 * takes ~15 ms a room on this busy machine: 1,000 of them would be half this section's time). Their ids are
 * set on both members. One of them is then asked for through the API, which must answer the same room.
 */
async function bulkRooms(url: string, firsts: Peer[]) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const db = drizzle(pool, { schema });
    for (const a of firsts) a.room = a.partner.room = newId();
    for (let i = 0; i < firsts.length; i += 1000) {
      const part = firsts.slice(i, i + 1000);
      await db
        .insert(schema.chatRooms)
        .values(part.map((a) => ({ id: a.room, kind: 'direct' as const, pairKey: directPairKey(a.id, a.partner.id) })));
      await db
        .insert(schema.chatRoomMembers)
        .values(part.flatMap((a) => [a, a.partner].map((m) => ({ roomId: a.room, userId: m.id }))));
    }
  } finally {
    await pool.end();
  }
}

/** What autovacuum would do at some moment of a measure, done before it instead. */
async function vacuumAnalyze(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze').finally(() => client.end());
}

export async function chat(bench: Bench): Promise<Row[]> {
  const { base, server } = bench;
  const limit = openFilesLimit();
  if (limit < SOCKETS + 512)
    throw new Error(`open files limit ${limit} is too low for ${SOCKETS} sockets: raise it (ulimit -n 20000)`);
  const setUp = performance.now();
  const made = await members(bench, 'chat', SOCKETS - (SOCKETS % 2), { member: true, sessions: 'direct' });
  const membersSeconds = (performance.now() - setUp) / 1000;

  // Pairs (2k, 2k+1): each member writes to its partner.
  const peers: Peer[] = made.map((m) => ({ ...m, room: '', busy: false, written: [] }) as unknown as Peer);
  for (let k = 0; k < peers.length; k += 2) {
    peers[k]!.partner = peers[k + 1]!;
    peers[k + 1]!.partner = peers[k]!;
  }
  const measured = peers.filter((_, i) => i % 2 === 0).slice(0, MEASURED_PAIRS);
  await bulkRooms(bench.url, peers.filter((_, i) => i % 2 === 0).slice(MEASURED_PAIRS));
  // The measured pairs' rooms through the API, CLIENTS at a time; the others' straight in the database.
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < measured.length) {
        const a = measured[next++]!;
        a.room = a.partner.room = await createRoom(base, a);
      }
    }),
  );
  const check = peers[2 * MEASURED_PAIRS];
  if (check && (await createRoom(base, check)) !== check.room)
    throw new Error('chat/room/create answered another room');
  const roomsSeconds = (performance.now() - setUp) / 1000 - membersSeconds;
  // 2,000 users, sessions and rooms just written: autovacuum's analyze of them would land in the baseline.
  await vacuumAnalyze(bench.url);

  /** Arrival time of each message (by its text, unique in the run) at its recipient's socket. */
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const listen = (p: Peer) =>
    p.socket!.on(CHAT_NEW_MESSAGE, (m: ChatMessage) => {
      if (m.user === p.id) return; // the sender's own copy (for their other tabs)
      arrivals.set(m.text, performance.now());
      waiting.get(m.text)?.();
    });
  const open = async (list: Peer[]) => {
    // In batches, so the handshakes (a session lookup and presence each) do not all wait at once.
    for (let i = 0; i < list.length; i += 100) {
      const batch = list.slice(i, i + 100);
      const sockets = await Promise.all(batch.map((p) => connect(base, p.token)));
      for (const [j, p] of batch.entries()) {
        p.socket = sockets[j]!;
        listen(p);
      }
    }
  };

  let seq = 0;
  let paced = 0;
  const mayWrite = (p: Peer, now: number) => {
    while (p.written.length && p.written[0]! < now - WINDOW_MS) p.written.shift();
    return !p.busy && p.written.length < PER_WINDOW;
  };
  /** add-message from `p` to its room, resolved with the acknowledgement (or 'timeout'). */
  const write = (p: Peer, payload: object) =>
    new Promise<Ack | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
      p.socket!.emit(CHAT_ADD_MESSAGE, payload, (ack: Ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
  const firstRefusal = new Map<string, string>();
  const refused = (ack: Ack | 'timeout') => {
    const key = ack === 'timeout' ? 'timeout' : ack.ok ? 'ok' : ack.code;
    if (!firstRefusal.has(key)) firstRefusal.set(key, ack === 'timeout' ? '' : JSON.stringify(ack).slice(0, 200));
  };

  /** DELIVERIES messages one at a time round `pairs`' first members (after a few not counted). */
  const oneAtATime = async (pairs: Peer[]) => {
    const delivered: number[] = [];
    const acked: number[] = [];
    let missed = 0;
    for (let k = -WARM_UP_DELIVERIES; k < DELIVERIES; k++) {
      const p = pairs[(k + WARM_UP_DELIVERIES) % pairs.length]!;
      while (!mayWrite(p, performance.now())) {
        paced++;
        await sleep(50);
      }
      const text = `bench ${seq++}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(text, resolve);
        timer = setTimeout(resolve, TIMEOUT_MS);
      });
      p.busy = true;
      const start = performance.now();
      const ack = await write(p, { chatRoom: p.room, text });
      const ackAt = performance.now();
      p.busy = false;
      p.written.push(ackAt);
      await arrived;
      clearTimeout(timer);
      waiting.delete(text);
      if (k < 0) continue;
      if (ack === 'timeout' || !ack.ok) {
        refused(ack);
        missed++;
        continue;
      }
      acked.push(ackAt - start);
      const at = arrivals.get(text);
      if (at === undefined) missed++;
      else delivered.push(at - start);
    }
    return { delivered, acked, missed };
  };

  /**
   * CLIENTS writers, closed loop, for `seconds`: each takes the next member round `writers` who may write
   * and sends `payload(p, text)`. Returns acknowledged ok (`ok(ack)`), failed, latencies to the ack, and the
   * emit time of each message counted.
   */
  const loop = async (
    writers: Peer[],
    seconds: number,
    payload: (p: Peer, text: string) => object,
    ok: (ack: Ack) => boolean,
  ) => {
    const latencies: number[] = [];
    const sent = new Map<string, number>();
    let [okCount, failed] = [0, 0];
    const end = performance.now() + seconds * 1000;
    let cursor = 0;
    const pick = () => {
      const now = performance.now();
      for (let tries = 0; tries < writers.length; tries++) {
        const p = writers[cursor]!;
        cursor = (cursor + 1) % writers.length;
        if (mayWrite(p, now)) return p;
      }
      return undefined;
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const p = pick();
          if (!p) {
            paced++;
            await sleep(5);
            continue;
          }
          const text = `bench ${seq++}`;
          p.busy = true;
          const start = performance.now();
          const ack = await write(p, payload(p, text));
          const at = performance.now();
          p.busy = false;
          if (ack !== 'timeout' && ack.ok) p.written.push(at);
          if (ack !== 'timeout' && ok(ack)) {
            okCount++;
            latencies.push(at - start);
            sent.set(text, start);
          } else {
            refused(ack);
            failed++;
          }
        }
      }),
    );
    return { ok: okCount, failed, latencies, sent };
  };

  try {
    // 1. Only the measured pairs connected: the latency baseline.
    const pairPeers = measured.flatMap((p) => [p, p.partner]);
    await open(pairPeers);
    // The first messages the server stores: its message path is cold (JIT, pools, plans) until a few hundred
    // have gone through, which would count against the baseline only.
    await loop(
      pairPeers,
      WARM_UP_SECONDS,
      (p, text) => ({ chatRoom: p.room, text }),
      (ack) => ack.ok,
    );
    await settled(server.pid);
    const alone = await oneAtATime(measured);

    // 2. Everyone connected.
    const connecting = performance.now();
    const rest = peers.filter((p) => !p.socket);
    const handshakes = await withCpu(
      server.pid,
      bench.url,
      () => open(rest),
      () => rest.length,
    );
    const connectSeconds = (performance.now() - connecting) / 1000;
    await settled(server.pid);
    const crowded = await oneAtATime(measured);
    const pacedBefore = paced;
    paced = 0;

    // 3. The socket.io round trip: add-message refused by its schema (no chatRoom), no database work.
    const echoRun = (seconds: number) =>
      loop(
        peers,
        seconds,
        () => ({}),
        (ack) => !ack.ok && ack.code === 'VALIDATION',
      );
    await echoRun(WARM_UP_SECONDS);
    const echo = await withCpu(
      server.pid,
      bench.url,
      () => echoRun(SECONDS),
      (r) => r.ok + r.failed,
    );

    // 4. Messages, every member writing to their partner in turn.
    const messageRun = (seconds: number) =>
      loop(
        peers,
        seconds,
        (p, text) => ({ chatRoom: p.room, text }),
        (ack) => ack.ok,
      );
    await messageRun(WARM_UP_SECONDS);
    const load = await withCpu(
      server.pid,
      bench.url,
      () => messageRun(SECONDS),
      (r) => r.ok + r.failed,
    );
    // Deliveries still on their way when the run ended.
    const drainEnd = performance.now() + TIMEOUT_MS;
    const pending = () => [...load.result.sent.keys()].some((text) => !arrivals.has(text));
    while (pending() && performance.now() < drainEnd) await sleep(50);
    const underLoad: number[] = [];
    let lost = 0;
    for (const [text, start] of load.result.sent) {
      const at = arrivals.get(text);
      if (at === undefined) lost++;
      else underLoad.push(at - start);
    }

    // 5. The baseline once more, the others gone: with the first, it brackets the 2,000-socket measure, so
    // what drifts meanwhile (JIT, the database's caches, the machine's other work) weighs on both alike.
    for (const p of peers) if (!pairPeers.includes(p)) p.socket?.disconnect();
    await vacuumAnalyze(bench.url); // the run's ~10,000 delivered (deleted) events and new messages
    await settled(server.pid);
    const aloneAgain = await oneAtATime(measured);

    const p50p95 = (l: number[]) => {
      const { p50, p95 } = percentiles([...l]);
      return `${p50.toFixed(1)}/${p95.toFixed(1)}`;
    };
    console.log(
      `  chat: p50/p95 ms, measured pairs only: before ${p50p95(alone.delivered)}, after ${p50p95(aloneAgain.delivered)}; ` +
        `${peers.length} sockets: ${p50p95(crowded.delivered)}`,
    );
    for (const [key, body] of firstRefusal) console.log(`  chat: first ${key}: ${body}`);
    console.log(
      `  chat: ${peers.length} members with sessions made in ${membersSeconds.toFixed(1)} s, ` +
        `${peers.length / 2} rooms in ${roomsSeconds.toFixed(1)} s, ` +
        `${rest.length} more sockets connected in ${connectSeconds.toFixed(1)} s ` +
        `(CPU ms per socket: server ${handshakes.cpu.server?.toFixed(2)}, PostgreSQL ${handshakes.cpu.postgres.toFixed(2)}, ` +
        `this process ${handshakes.cpu.generator.toFixed(2)}); ` +
        `waits for the rate limit before the throughput runs: ${pacedBefore}`,
    );
    const pairNote = `${pairPeers.length} sockets (only the ${MEASURED_PAIRS} measured pairs); ${DELIVERIES} messages one at a time before the others connect, ${DELIVERIES} after they left`;
    const crowdNote = `${peers.length} sockets, 1 per member; same ${DELIVERIES} messages; ratio: p95 ÷ pairs-only`;
    const paceNote = paced ? `; waited for the rate limit ${paced}×` : '; rate limit never neared';
    return [
      {
        name: 'chat emit → new-message, measured pairs only',
        key: 'chat-pairs',
        ...percentiles([...alone.delivered, ...aloneAgain.delivered]),
        failed: alone.missed + aloneAgain.missed,
        note: pairNote,
      },
      {
        name: `chat emit → new-message, ${peers.length} sockets`,
        ...percentiles(crowded.delivered),
        failed: crowded.missed,
        baseline: 'chat-pairs',
        aim: 'p95 ≤ 50 ms',
        note: crowdNote,
      },
      { name: 'chat emit → its ack (same messages)', ...percentiles(crowded.acked) },
      {
        name: 'socket.io round trip (add-message refused by schema)',
        key: 'chat-echo',
        rate: echo.result.ok / SECONDS,
        unit: 'acks/s',
        ...percentiles(echo.result.latencies),
        failed: echo.result.failed,
        cpu: echo.cpu,
        note: `${CLIENTS} in flight, no database work`,
      },
      {
        name: 'chat messages (add-message acked)',
        rate: load.result.ok / SECONDS,
        unit: 'msgs/s',
        ...percentiles(load.result.latencies),
        failed: load.result.failed,
        cpu: load.cpu,
        baseline: 'chat-echo',
        note: `${CLIENTS} in flight round ${peers.length} members → partner${paceNote}`,
      },
      {
        name: 'chat emit → new-message, during that run',
        ...percentiles(underLoad),
        failed: lost,
        note: `${load.result.sent.size} messages`,
      },
    ];
  } finally {
    for (const p of peers) p.socket?.disconnect();
    // Each socket's end is presence work for the server (and a partner to tell): let it finish before the next section.
    await settled(server.pid);
  }
}
