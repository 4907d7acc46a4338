import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import {
  countRows,
  createLoggedInMember,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support.ts';

let server: TestServer;
let member: Awaited<ReturnType<typeof createLoggedInMember>>;
beforeAll(async () => {
  server = await startServer();
  member = await createLoggedInMember(server, { name: 'Original Name' });
});
afterAll(() => server.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const raw = (url: string, payload: string, headers: Record<string, string> = {}, ip = randomIp()) =>
  server.app.inject({ method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers }, remoteAddress: ip });
const memberName = async () => (await server.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.name;

/** Row counts that no bad request below may change. */
async function snapshot(email: string, ip: string) {
  return {
    users: await countRows(server, 'users', sql`email = ${email}`),
    messages: await countRows(server, 'site_messages', sql`email = ${email} or ip = ${ip}`),
    subscribers: await countRows(server, 'newsletter_subscribers', sql`email = ${email}`),
    attempts: await countRows(server, 'login_attempts', sql`email = ${email} or ip = ${ip}`),
    outbox: await countRows(server, 'outbox', sql`"to" = ${email}`),
    name: await memberName(),
  };
}

/** The shape of every error answer: a message for people, a code for programs, nothing else. */
function expectCleanError(res: { statusCode: number; body: string; json: () => Record<string, unknown> }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  const body = res.json();
  expect(Object.keys(body).every((k) => ['message', 'code', 'fields'].includes(k))).toBe(true);
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/\bstack\b|\n\s+at |node_modules|\.ts:\d+|\.js:\d+/);
  expect(res.body).not.toMatch(/postgres|invalid byte sequence|violates|relation "|select |insert into|update "/i);
  expect(res.body).not.toMatch(/FST_|ERR_|SyntaxError|TypeError|ZodError/);
}

const jsonRoutes = (email: string) =>
  [
    ['/api/auth/register', { name: 'Bad Input', email, password: PASSWORD, altcha: 'x' }, {}],
    ['/api/auth/login', { email, password: PASSWORD }, {}],
    ['/api/site/contact', { name: 'Bad Input', email, subject: 's', message: 'm' }, {}],
    ['/api/site/newsletter', { email }, {}],
    ['/api/user/edit', { name: 'Changed Name' }, member.headers],
  ] as const;

describe('malformed and oversize bodies', () => {
  it('answers malformed JSON with 400 "not valid JSON" and writes nothing', async () => {
    const email = uniqueEmail('malformed');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    for (const [url, body, headers] of jsonRoutes(email)) {
      const json = JSON.stringify(body);
      for (const broken of [json.slice(0, -1), `${json}}`, json.replace(/"/g, "'"), '{', '']) {
        const res = await raw(url, broken, headers, ip);
        expect(res.statusCode, `${url} ${broken}`).toBe(400);
        expect(res.json()).toEqual({ code: 'MALFORMED_JSON', message: messages.malformedJson });
        expectCleanError(res);
      }
    }
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('refuses prototype-polluting keys as malformed and writes nothing', async () => {
    const email = uniqueEmail('proto');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    for (const payload of [
      `{"email":"${email}","__proto__":{"isAdmin":true}}`,
      `{"email":"${email}","constructor":{"prototype":{"isAdmin":true}}}`,
    ]) {
      const res = await raw('/api/site/newsletter', payload, {}, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'MALFORMED_JSON', message: messages.malformedJson });
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('answers a body over 100 KB with 413 and writes nothing', async () => {
    const email = uniqueEmail('oversize');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    const pad = 'x'.repeat(101 * 1024);
    for (const [url, body, headers] of jsonRoutes(email)) {
      const res = await raw(url, JSON.stringify({ ...body, pad }), headers, ip);
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toEqual({ code: 'BODY_TOO_LARGE', message: messages.bodyTooLarge });
      expectCleanError(res);
    }
    // The same oversize value inside a real field.
    const res = await raw(
      '/api/site/contact',
      JSON.stringify({ name: 'Bad', email, subject: 's', message: pad }),
      {},
      ip,
    );
    expect(res.statusCode).toBe(413);
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('answers an unsupported content type with 415 and writes nothing', async () => {
    const email = uniqueEmail('ctype');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    for (const type of ['application/x-www-form-urlencoded', 'application/xml']) {
      const res = await raw('/api/site/newsletter', `email=${email}`, { 'content-type': type }, ip);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.invalidRequest });
    }
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('answers a JSON body that is not an object with 400 "The request is invalid"', async () => {
    const email = uniqueEmail('shape');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    for (const payload of ['[1,2]', '"text"', '42', 'null', 'true']) {
      const res = await raw('/api/site/newsletter', payload, {}, ip);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe(messages.invalidRequest);
      expectCleanError(res);
    }
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('refuses a NUL character in text fields with a 400, never a 500, and writes nothing', async () => {
    const email = uniqueEmail('nul');
    const ip = randomIp();
    const before = await snapshot(email, ip);
    const cases: [string, unknown, Record<string, string>][] = [
      ['/api/site/contact', { name: 'Jo\u0000Bad', email, subject: 's', message: 'm' }, {}],
      ['/api/site/inquiry', { name: 'Jo Bad', email, message: 'hello\u0000' }, {}],
      ['/api/auth/login', { email: `nul\u0000${email}`, password: PASSWORD }, {}],
      ['/api/auth/forgot-password', { email: `nul\u0000${email}` }, {}],
      ['/api/user/edit', { name: 'Evil\u0000Name' }, member.headers],
    ];
    for (const [url, body, headers] of cases) {
      const res = await raw(url, JSON.stringify(body), headers, ip);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).not.toBe(messages.internal);
      expectCleanError(res);
    }
    expect(await snapshot(email, ip)).toEqual(before);
  });

  it('ignores fields a member may not set (no mass assignment)', async () => {
    const target = await createLoggedInMember(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/edit',
      payload: {
        name: 'Plain Name',
        role: 'admin',
        isBlocked: true,
        email: uniqueEmail(),
        passwordHash: 'x',
        isWalletActivated: true,
      },
      headers: target.headers,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({
      name: 'Plain Name',
      role: 'member',
      isBlocked: false,
      email: target.email,
      passwordHash: target.user.passwordHash,
      isWalletActivated: false,
    });
  });
});

describe('errors never leak internals', () => {
  it('answers unknown API paths and methods with the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['PUT', '/api/site/newsletter'],
      ['DELETE', '/api/user/info'],
      ['GET', '/uploads/no-such-file.png'],
      ['GET', '/uploads/../package.json'],
      ['GET', '/uploads/%2e%2e/%2e%2e/package.json'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: messages.notFound });
    }
  });

  it('every error answer is {message, code[, fields]} without stack, SQL or framework codes', async () => {
    const answers = await Promise.all([
      raw('/api/auth/login', '{bad', {}),
      raw('/api/auth/login', JSON.stringify({ email: 'x', password: '' })),
      raw(
        '/api/site/contact',
        JSON.stringify({ name: 'Jo\u0000', email: 'jo@example.com', subject: 's', message: 'm' }),
      ),
      raw('/api/user/edit', JSON.stringify({ name: 'x\u0000y' }), member.headers),
      raw('/api/user/edit', '{"name":"x"}', { authorization: 'Bearer broken' }),
      raw('/api/admin/outbox', '{}', member.headers),
      server.app.inject({ url: '/api/auth/verify-email?token[]=a&token[]=b', remoteAddress: randomIp() }),
      server.app.inject({ url: '/api/notification?page=-1', headers: member.headers }),
      server.app.inject({ url: '/api/nothing' }),
    ]);
    for (const res of answers) {
      // verify-email redirects whatever it is given.
      if (res.statusCode === 302) continue;
      expectCleanError(res);
    }
  });

  it('a failure inside the server answers 500 with the generic message only', async () => {
    // A server whose database pool is gone: every query throws inside a handler.
    const broken = await startServer();
    // drizzle keeps its pg pool on $client (not part of our Db type).
    await (broken.db as unknown as { $client: { end(): Promise<void> } }).$client.end();
    try {
      const res = await broken.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: messages.internal });
      expectCleanError(res);
      const login = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: PASSWORD },
        remoteAddress: randomIp(),
      });
      expect(login.statusCode).toBe(500);
      expect(login.json()).toEqual({ code: 'INTERNAL', message: messages.internal });
    } finally {
      await broken.app.close();
    }
  });
});
