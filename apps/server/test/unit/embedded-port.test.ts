import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePort, isPortFree } from '../../src/db/embedded-postgres.ts';

/** Real listening sockets holding ports, closed after each test. */
const held: net.Server[] = [];
const hold = (host: string, port = 0) =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host }, () => {
      held.push(server);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const ipv6 = await new Promise<boolean>((resolve) => {
  const probe = net.createServer();
  probe.once('error', () => resolve(false));
  probe.listen({ port: 0, host: '::1' }, () => probe.close(() => resolve(true)));
});

describe('the embedded PostgreSQL port', () => {
  it('is the kept one while nothing else listens on it', async () => {
    const port = await choosePort();
    expect(await isPortFree(port)).toBe(true);
    expect(await choosePort(port)).toBe(port);
  });

  it('is another, free one when something holds the kept one', async () => {
    const busy = await hold('127.0.0.1');
    expect(await isPortFree(busy)).toBe(false);
    const chosen = await choosePort(busy);
    expect(chosen).not.toBe(busy);
    expect(await isPortFree(chosen)).toBe(true);
    // Free indeed: PostgreSQL could bind it on both loopbacks.
    await hold('127.0.0.1', chosen);
  });

  it.skipIf(!ipv6)(
    'counts a port held on ::1 alone as taken (PostgreSQL would start on 127.0.0.1 beside it)',
    async () => {
      const busy = await hold('::1');
      expect(await isPortFree(busy)).toBe(false);
      expect(await choosePort(busy)).not.toBe(busy);
    },
  );

  it('never keeps a privileged or impossible port', async () => {
    for (const bad of [0, 80, 70000, Number.NaN]) expect(await choosePort(bad)).toBeGreaterThanOrEqual(1024);
  });
});
