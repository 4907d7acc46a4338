import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { outbox, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/** The real server (every plugin and route) on the run's PostgreSQL database; call close() after. */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vault-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const log = pino({ level: 'silent' });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, log });
  const built = await buildApp({ config, db: database.db, log });
  await built.app.ready();
  return {
    ...built,
    db: database.db,
    config,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

/** An address on the loopback range, different per call, so tests do not share IP-based limits. */
export const randomIp = () => `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
export const uniqueEmail = (label = 'member') => `${label}-${randomBytes(5).toString('hex')}@example.com`;
export const PASSWORD = 'Passw0rd!x';

/** A member row as sign-up + verification would leave it (fixture; the sign-up path has its own tests). */
export async function createMember(
  server: TestServer,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = PASSWORD, ...rest } = values;
  const email = rest.email ?? uniqueEmail();
  const [user] = await server.db
    .insert(users)
    .values({
      id: newId(),
      name: 'Test Member',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: sql`now()`,
      ...rest,
      email,
    })
    .returning();
  return { user: user!, email, password };
}

/** Logs in over HTTP and returns the bearer header for later calls. */
export async function login(server: TestServer, email: string, password = PASSWORD, ip = randomIp()) {
  const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().accessToken as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** The newest mail sent to an address, read from the outbox table the mailer writes. */
export async function lastMail(server: TestServer, to: string, kind?: string) {
  const [mail] = await server.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.to, to), eq(outbox.kind, kind)) : eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}
