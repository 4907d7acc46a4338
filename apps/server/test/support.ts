import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminRole } from '@vault/contract/schemas/admin-auth';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { io } from 'socket.io-client';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { outbox, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { totpCode } from '../src/modules/admins/totp.ts';

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The real server (every plugin and route) on the run's PostgreSQL database; call close() after, which also
 * removes the temporary DATA_DIR made for it (not one given in env: that belongs to the caller). Logs go
 * nowhere unless a logger is given.
 */
export async function startServer(
  env: Record<string, string> = {},
  extraRoutes?: (app: FastifyInstance) => void,
  log: Logger = pino({ level: 'silent' }),
) {
  const ownDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'vault-data-'));
  const dataDir = env.DATA_DIR ?? ownDir!;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ADMIN_DIST: path.join(dataDir, 'no-admin'),
    ...env,
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, log });
  const built = await buildApp({ config, db: database.db, log });
  extraRoutes?.(built.app);
  await built.app.ready();
  return {
    ...built,
    db: database.db,
    config,
    /** Resolves once every event committed so far has reached this server's listeners (ctx.events.on). */
    eventsDelivered: () => built.delivery.drain(),
    async close() {
      await built.app.close();
      await database.close();
      if (ownDir) await rm(ownDir, { recursive: true, force: true });
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
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
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

// ---------------------------------------------------------------------------------------------
// Helpers for the API tests (test/api). Added after the fixtures above; nothing above changes.
// ---------------------------------------------------------------------------------------------

/** Small, genuine image files (made with ffmpeg; the GIF is the classic 1x1 GIF89a). */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARAwQCgAfrgP19hgqWQAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIAAgDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCLAFF/f//Z',
    'base64',
  ),
} as const;

export type FormPart =
  | { name: string; value: string }
  | { name: string; data: Uint8Array; filename: string; type: string };

/** A multipart/form-data body as a browser would send it, for app.inject. */
export async function multipartBody(parts: FormPart[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, contentType: request.headers.get('content-type')! };
}

/**
 * Solves the sign-up ALTCHA challenge as the browser widget does (the same library, in process) and returns
 * the payload string the widget puts in the form: base64 of {challenge, solution}. Takes a second or two.
 */
export async function solveHumanCheck(server: TestServer, ip = randomIp()) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const res = await server.app.inject({ method: 'GET', url: '/api/auth/altcha-challenge', remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge could not be solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Administrators' passphrase in fixtures (at least 12 characters). */
export const ADMIN_PASSWORD = 'Admin passphrase 2026';

/**
 * An administrator fixture (default: an owner), made as `npm run admin -- create` makes one and enrolled
 * over HTTP with a TOTP code of their secret: signed in with a back-office session (kind 'admin'). Their
 * enrolment used the current TOTP step: a sign-in right after needs the next one (`totpCode(secret, +30 s)`).
 */
export async function createAdmin(server: TestServer, role: AdminRole = 'owner', email = uniqueEmail('admin')) {
  const made = await server.container.services.admins.create({ email, role }, null);
  const ip = randomIp();
  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const start = await post('/api/admin/auth/enrol/start', { token: made.token });
  if (start.statusCode !== 200) throw new Error(`enrolment start failed: ${start.statusCode} ${start.body}`);
  const secret = start.json().secret as string;
  const finish = await post('/api/admin/auth/enrol/finish', {
    token: made.token,
    name: 'Test Admin',
    password: ADMIN_PASSWORD,
    code: await totpCode(secret),
  });
  if (finish.statusCode !== 200) throw new Error(`enrolment finish failed: ${finish.statusCode} ${finish.body}`);
  const { token, recoveryCodes } = finish.json() as { token: string; recoveryCodes: string[] };
  const [user] = await server.db.select().from(users).where(eq(users.id, made.id));
  return {
    user: user!,
    email,
    password: ADMIN_PASSWORD,
    role,
    secret,
    recoveryCodes,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Signs an administrator in at /api/admin/auth/login (the raw answer). */
export const adminLogin = (
  server: TestServer,
  body: { email: string; password?: string; code: string },
  ip = randomIp(),
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { password: ADMIN_PASSWORD, ...body },
    remoteAddress: ip,
  });

/** A member fixture, logged in. */
export async function createLoggedInMember(
  server: TestServer,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const member = await createMember(server, values);
  return { ...member, ...(await login(server, member.email, member.password)) };
}

/** Asks for a reset code over HTTP and reads it from the mail it was sent in. */
export async function requestResetCode(server: TestServer, email: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`forgot-password failed: ${res.statusCode} ${res.body}`);
  const mail = await lastMail(server, email, 'reset-code');
  const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no reset code in the mail');
  return code;
}

/** A number of rows in a table, optionally filtered by a raw SQL condition. */
export async function countRows(server: TestServer, table: string, where?: ReturnType<typeof sql>) {
  const result = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} ${where ? sql`where ${where}` : sql``}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * A member's socket.io connection to the test server (listening on a free port once asked), connected;
 * `next()` resolves with the next event on `channel` (the member's e-mail channel unless said), or fails
 * after `ms`.
 */
export async function memberSocket(
  server: TestServer,
  member: { token: string; email: string },
  channel = member.email,
) {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    forceNew: true,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  const arrived: unknown[] = [];
  const waiting: ((event: unknown) => void)[] = [];
  socket.on(channel, (event: unknown) => {
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else arrived.push(event);
  });
  return {
    next: (ms = 5000) =>
      new Promise<{ type: string } & Record<string, unknown>>((resolve, reject) => {
        if (arrived.length > 0) return resolve(arrived.shift() as { type: string });
        const timer = setTimeout(() => reject(new Error(`no event for ${member.email}`)), ms);
        waiting.push((event) => {
          clearTimeout(timer);
          resolve(event as { type: string });
        });
      }),
    close: () => socket.disconnect(),
  };
}

/** The Redis the multi-process tests share (they are skipped when nothing answers there). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether something answers PING on the Redis port. */
export async function redisAnswers(redisUrl = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const conn = createConnection({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      conn.destroy();
      resolve(ok);
    };
    conn.setTimeout(1000, () => done(false));
    conn.once('error', () => done(false));
    conn.once('connect', () => conn.write('PING\r\n'));
    conn.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
