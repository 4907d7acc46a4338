import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLedger } from '../../src/ledger/index.ts';
import { type AppProcess, startProcess, startServerProcess } from '../processes.ts';
import { createLoggedInMember, redisAnswers, startServer, TEST_REDIS_URL, type TestServer } from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * Issue 10 §3: two server processes, a worker process and the CLI on one database and one Redis. An event
 * written by a movement in one process reaches a socket held by another: the movement's transaction
 * writes it, a server process claims and delivers it, the Redis adapter carries it to the socket.
 */
const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisAnswers();

/** One of the app's entry points as its own process on the test database and Redis. */
const run = (script: string, opts: { env?: Record<string, string>; args?: string[] } = {}) =>
  startProcess(script, {
    ...opts,
    databaseUrl: inject('databaseUrl'),
    env: { REDIS_URL, ...opts.env },
    output: 'capture',
  });

/** A member's socket on one server, collecting what arrives on their e-mail channel. */
async function socketOf(url: string, member: { token: string; email: string }) {
  const socket: Socket = io(url, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const arrived: { type: string }[] = [];
  socket.on(member.email, (event: { type: string }) => arrived.push(event));
  return {
    arrived,
    /** Waits for an event of `type` (taking it out of what arrived). */
    async next(type: string, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const at = arrived.findIndex((e) => e.type === type);
        if (at >= 0) return arrived.splice(at, 1)[0]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${type} for ${member.email} within ${ms} ms (got ${JSON.stringify(arrived)})`);
    },
    close: () => socket.disconnect(),
  };
}

describe.skipIf(!redisUp)('durable events across processes (issue 10 §3)', () => {
  let fixtures: TestServer;
  let coin: string;
  const children: AppProcess[] = [];
  let a: AppProcess & { base: string };
  let b: AppProcess & { base: string };

  beforeAll(async () => {
    // In this test process, without Redis: only to write the fixtures (members, a token, balances).
    fixtures = await startServer();
    coin = (await createToken(fixtures, { type: 'liquidity', price: '1', decimals: 2, isVisibleOnWeb: false }))
      .coinSymbol;
    const server = () =>
      startServerProcess(inject('databaseUrl'), { env: { REDIS_URL, WORKER: 'off' }, output: 'capture' });
    [a, b] = await Promise.all([server(), server()]);
    children.push(a, b);
    // The worker works the jobs and delivers nothing (it holds no sockets): it must not take events away.
    children.push(await run('apps/server/src/worker.ts'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await fixtures?.close();
  });

  async function member(balance: string) {
    const m = await createLoggedInMember(fixtures, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    if (balance !== '0')
      await createLedger(fixtures.db).credit({ userId: m.user.id, asset: coin, amount: balance, by: null });
    return m;
  }
  const send = (server: string, from: { token: string }, to: string, amount: string) =>
    fetch(`${server}/api/native-wallet/send-tokens`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${from.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ to, amount, coin }),
    });

  it('a send through one server reaches the other party’s socket on the other server, both ways', async () => {
    const [alice, bob] = await Promise.all([member('50'), member('50')]);
    const onA = await socketOf(a.base, alice);
    const onB = await socketOf(b.base, bob);
    try {
      // Caused on A, heard on B (and by the sender on A).
      expect((await send(a.base, alice, bob.email, '5')).status).toBe(200);
      await onB.next('nativeWalletUpdate');
      expect(await onB.next('notification')).toMatchObject({ notification: { message: expect.stringContaining('5') } });
      await onA.next('nativeWalletUpdate');
      // Caused on B, heard on A.
      expect((await send(b.base, bob, alice.email, '2')).status).toBe(200);
      await onA.next('nativeWalletUpdate');
      await onB.next('nativeWalletUpdate');
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('a credit by the CLI, a process without sockets, reaches sockets on both servers', async () => {
    const carol = await member('1');
    const onA = await socketOf(a.base, carol);
    const onB = await socketOf(b.base, carol);
    try {
      const cli = await run('apps/server/src/cli/ledger.ts', {
        args: ['credit', '--email', carol.email, '--asset', coin, '--amount', '3'],
      });
      await new Promise<void>((resolve) => cli.child.once('exit', () => resolve()));
      expect(cli.child.exitCode, cli.output()).toBe(0);
      await cli.stop();
      await Promise.all([onA.next('nativeWalletUpdate'), onB.next('nativeWalletUpdate')]);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('each event is delivered once, by one process, and none is left behind', async () => {
    const [dan, erin] = await Promise.all([member('20'), member('0')]);
    const onA = await socketOf(a.base, erin);
    try {
      const sends = await Promise.all(
        Array.from({ length: 10 }, (_, i) => send(i % 2 ? a.base : b.base, dan, erin.email, '1')),
      );
      expect(sends.map((r) => r.status)).toEqual(Array(10).fill(200));
      for (let i = 0; i < 10; i++) await onA.next('nativeWalletUpdate');
      await new Promise((r) => setTimeout(r, 300));
      expect(onA.arrived.filter((e) => e.type === 'nativeWalletUpdate')).toEqual([]);
      const left = await fixtures.db.execute<{ n: number }>(
        sql`select count(*)::int as n from events where payload->>'email' in (${dan.email}, ${erin.email})`,
      );
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      onA.close();
    }
  });
});
