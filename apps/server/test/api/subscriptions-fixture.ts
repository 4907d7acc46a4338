import { randomBytes } from 'node:crypto';
import { normalize } from '@vault/contract/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { notifications, type users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * The setup of the subscription API tests (issue 16): a database of the file's own (Q, the vault currency, is
 * a fixed symbol), the server, an owner, Q as a liquidity token (1 USD, 2 decimals), and helpers. Call it at
 * the top of the file: the fields are there once beforeAll has run.
 */
export function subscriptionsFixture(databaseName: string) {
  const fx = {
    database: undefined as unknown as Awaited<ReturnType<typeof createTestDatabase>>,
    server: undefined as unknown as TestServer,
    ledger: undefined as unknown as Ledger,
    owner: undefined as unknown as Awaited<ReturnType<typeof createAdmin>>,

    /** A logged-in member with an activated vault and membership data, with `q` Q when given. */
    async member(q?: string, values: Partial<typeof users.$inferInsert> = {}) {
      const m = await createLoggedInMember(fx.server, {
        isWalletActivated: true,
        gpaData: { displayName: 'x' },
        ...values,
      });
      if (q) await fx.ledger.credit({ userId: m.user.id, asset: 'Q', amount: q, by: null });
      return m;
    },
    get: (as: { headers: Record<string, string> }, url: string) =>
      fx.server.app.inject({ method: 'GET', url, headers: as.headers }),
    post: (as: { headers: Record<string, string> }, url: string, payload: object = {}, headers = {}) =>
      fx.server.app.inject({ method: 'POST', url, headers: { ...as.headers, ...headers }, payload }),
    /** A plan made by the owner through the back office. */
    async plan(priceUSD: string, duration: 'month' | 'quarter' | 'year' | 'lifetime') {
      const title = `Plan ${randomBytes(3).toString('hex')}`;
      const res = await fx.post(fx.owner, '/api/admin/subscription-plans', {
        title,
        logo: '/tokens/q.svg',
        priceUSD,
        duration,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { _id: string; title: string; priceUSD: string };
    },
    q: async (userId: string) => normalize((await fx.ledger.balances(userId, ['Q'])).Q ?? '0'),
    revenue: async () =>
      normalize(
        (
          await fx.server.db.execute<{ b: string }>(
            sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = 'revenue' and asset = 'Q'`,
          )
        ).rows[0]!.b,
      ),
    messagesOf: async (userId: string) =>
      (await fx.server.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message),
    /** Moves a subscription's paid period end `ms` into the past (the clock stays real). */
    due: (id: string, ms = 60_000) =>
      fx.server.db.execute(
        sql`update user_subscriptions set renew_on = now() - make_interval(secs => ${ms / 1000}) where id = ${id}`,
      ),
    payments: async (id: string) =>
      (
        await fx.server.db.execute<{ period: number; amount: string; kind: string }>(
          sql`select period, amount::text, kind from subscription_payments where subscription_id = ${id} order by period`,
        )
      ).rows,
    row: async (id: string) =>
      (
        await fx.server.db.execute<{
          // Timestamps as the driver gives raw rows: text.
          renew_on: string | null;
          periods_paid: number;
          is_cancelled: boolean;
          ended_at: string | null;
          end_reason: string | null;
          renewal_failed_at: string | null;
        }>(sql`select * from user_subscriptions where id = ${id}`)
      ).rows[0]!,
    isSubscriber: async (userId: string) =>
      (await fx.server.db.execute<{ s: boolean }>(sql`select is_subscriber as s from users where id = ${userId}`))
        .rows[0]!.s,
  };

  beforeAll(async () => {
    fx.database = await createTestDatabase(databaseName);
    fx.server = await startServer({ DATABASE_URL: fx.database.url });
    fx.ledger = createLedger(fx.server.db);
    await createToken(fx.server, { coinSymbol: 'Q', type: 'liquidity', price: '1', decimals: 2 });
    fx.owner = await createAdmin(fx.server, 'owner');
  }, 120_000);
  afterAll(async () => {
    await fx.server?.close();
    await fx.database?.drop();
  });

  return fx;
}

export type Member = Awaited<ReturnType<ReturnType<typeof subscriptionsFixture>['member']>>;
