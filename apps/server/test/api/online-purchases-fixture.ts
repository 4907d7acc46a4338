import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { purchases, type users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * The setup the online-purchase API tests share (PayPal, GoCardless, COINQVEST): a database of the file's own,
 * the server listening on PUBLIC_URL (so each adapter reaches its sandbox over HTTP and the sandbox delivers
 * its webhooks back), XAG (asset, 30 USD, 4 decimals) and Q (liquidity, 1 USD, 2 decimals), and the helpers
 * every such file uses. Call it at the top of the file: it registers the file's beforeAll and afterAll; the
 * fields are there once beforeAll has run.
 */
export function onlinePurchasesFixture(databaseName: string, options: { log?: Logger } = {}) {
  const fixture = {
    database: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    server: undefined as unknown as TestServer,
    ledger: undefined as unknown as Ledger,
    /** The server's own address, PUBLIC_URL. */
    base: '',

    /** A logged-in member with an activated wallet and a profile. */
    member: (values: Partial<typeof users.$inferInsert> = {}) =>
      createLoggedInMember(fixture.server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values }),
    post: (as: { headers: Record<string, string> }, url: string, payload: object, headers = {}) =>
      fixture.server.app.inject({ method: 'POST', url, headers: { ...as.headers, ...headers }, payload }),
    balanceOf: async (userId: string, asset: string) => (await fixture.ledger.balances(userId, [asset]))[asset] ?? '0',
    purchaseOf: async (id: string) =>
      (await fixture.server.db.select().from(purchases).where(eq(purchases.id, id)))[0]!,
    /** Waits (50 ms a try) until `check` holds; fails naming `what`. */
    until: async (check: () => Promise<boolean> | boolean, what: string, tries = 160) => {
      for (let i = 0; i < tries; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out waiting for ${what}`);
    },
  };

  beforeAll(async () => {
    fixture.database = await createTestDatabase(databaseName);
    const port = await freePort();
    fixture.base = `http://127.0.0.1:${port}`;
    fixture.server = await startServer(
      { DATABASE_URL: fixture.database.url, PUBLIC_URL: fixture.base },
      undefined,
      options.log,
    );
    await fixture.server.app.listen({ port, host: '127.0.0.1' });
    fixture.ledger = createLedger(fixture.server.db);
    await createToken(fixture.server, { coinSymbol: 'XAG', type: 'asset', price: '30', decimals: 4 });
    await createToken(fixture.server, { coinSymbol: 'Q', type: 'liquidity', price: '1', decimals: 2 });
  }, 120_000);
  // As long as the set-up may take: on a loaded machine (CI beside other work) closing the listening server
  // and dropping the database once took longer than the default 60 s.
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.database?.drop();
  }, 120_000);

  return fixture;
}

/** A member as `member()` makes them. */
export type Member = Awaited<ReturnType<ReturnType<typeof onlinePurchasesFixture>['member']>>;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
