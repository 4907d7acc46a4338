import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validGpa } from '../../../../packages/contract/test/fixtures.ts';
import { memberRequests, users } from '../../src/db/schema.ts';
import { createLedger } from '../../src/ledger/index.ts';
import { expectCleanError } from '../fuzz/clean-error.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  IMAGES,
  multipartBody,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';

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

describe('text PostgreSQL cannot store (lone UTF-16 surrogates, NUL)', () => {
  const BAD_TEXT = { code: 'BAD_TEXT', message: messages.textNotStorable };
  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    server.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...JSON_TYPE, ...headers } });

  it('refuses them in every JSON text field, key and nested value with 400 BAD_TEXT, and writes nothing', async () => {
    const admin = await createAdmin(server);
    const target = await createLoggedInMember(server);
    const ledger = createLedger(server.db);
    const token = await createToken(server, { type: 'sdira', price: '1', decimals: 2, isVisibleOnWeb: false });
    // A pending sdira send request, so the reject reason reaches the service it used to break.
    const legacy = await createLoggedInMember(server, {
      type: 'sdira',
      isWalletActivated: true,
      gpaData: { displayName: 'x' },
    });
    await ledger.credit({ userId: legacy.user.id, asset: token.coinSymbol, amount: '10', by: null });
    const created = await post(
      '/api/request/create-legacy-send-request',
      { to: target.email, amount: '1', coin: token.coinSymbol },
      legacy.headers,
    );
    expect(created.statusCode, created.body).toBe(200);
    const requestId = created.json().data.requestId as string;
    // A signature of the member's own, so a whole application reaches the database.
    const upload = await multipartBody([
      { name: 'type', value: 'signature' },
      { name: 'file', value: `data:image/png;base64,${IMAGES.png.toString('base64')}` },
    ]);
    const signed = await server.app.inject({
      method: 'POST',
      url: '/api/storage/upload/base64',
      payload: upload.payload,
      headers: { ...target.headers, 'content-type': upload.contentType },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const wholeForm = { ...validGpa, sponsor: { name: 'SA-02' }, signatureUrl: signed.json().url as string };
    const auditRows = () => countRows(server, 'audit_log', sql`actor_id = ${admin.user.id}`);
    const auditBefore = await auditRows();
    const balanceBefore = await ledger.balances(target.user.id, [token.coinSymbol]);

    const cases: [string, unknown, Record<string, string>, string][] = [
      ['/api/gpalevel/draft', { step: 1, form: { note: 'abc\ud800' } }, target.headers, 'form.note'],
      ['/api/gpalevel/draft', { step: 1, form: { note: '\udc00' } }, target.headers, 'form.note'],
      [
        '/api/gpalevel/draft',
        { step: 1, form: { name: { firstName: 'Ada\ud83d' } } },
        target.headers,
        'form.name.firstName',
      ],
      ['/api/gpalevel/draft', { step: 1, form: { 'bad\ud800key': 'x' } }, target.headers, 'form'],
      ['/api/gpalevel/draft', { step: 1, form: { name: { '\udc00': 'x' } } }, target.headers, 'form.name'],
      ['/api/gpalevel/draft', { step: 1, form: {}, extra: [['ok', ['\ud800']]] }, target.headers, 'extra.0.1.0'],
      ['/api/gpalevel/draft', { step: 1, form: { note: 'nul\u0000' } }, target.headers, 'form.note'],
      ['/api/gpalevel/draft', { step: 1, form: { 'nul\u0000key': 'x' } }, target.headers, 'form'],
      [
        '/api/gpalevel/save',
        { ...wholeForm, name: { ...validGpa.name, firstName: 'Ada\ud800' } },
        target.headers,
        'name.firstName',
      ],
      ['/api/user/edit', { name: 'Ada \udfff' }, target.headers, 'name'],
      [
        '/api/admin/ledger/credit',
        { email: target.email, asset: token.coinSymbol, amount: '1', memo: 'memo\udc00', reason: 'Test credit' },
        admin.headers,
        'memo',
      ],
      ['/api/admin/notifications', { userId: target.user.id, message: 'hello \ud800 there' }, admin.headers, 'message'],
      [`/api/admin/requests/${requestId}/reject`, { reason: 'no\ud800' }, admin.headers, 'reason'],
      [`/api/admin/users/${target.user.id}/block`, { reason: '\ud800' }, admin.headers, 'reason'],
      [`/api/admin/users/${target.user.id}/block`, { reason: 'Spam\udbff' }, admin.headers, 'reason'],
    ];
    for (const [url, payload, headers, field] of cases) {
      const res = await post(url, payload, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual({ ...BAD_TEXT, fields: { [field]: messages.textNotStorable } });
      expectCleanError(res);
    }

    const [row] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ isBlocked: false, blockReason: null, savedFormData: null, gpaData: null });
    expect(row!.name).toBe(target.user.name);
    expect((await server.app.inject({ url: '/api/user/info', headers: target.headers })).statusCode).toBe(200);
    expect(await countRows(server, 'notifications', sql`user_id = ${target.user.id}`)).toBe(0);
    expect(await auditRows()).toBe(auditBefore);
    expect(await ledger.balances(target.user.id, [token.coinSymbol])).toEqual(balanceBefore);
    const [request] = await server.db.select().from(memberRequests).where(eq(memberRequests.id, requestId));
    expect(request).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('keeps well-formed text: surrogate pairs (emoji), other scripts and escapes are stored as sent', async () => {
    const m = await createLoggedInMember(server);
    const form = { note: 'Ada 😀 \u00e9\u0301 中文 \u202e \\ud800 "quoted"', '😀key': 'ok' };
    const res = await post('/api/gpalevel/draft', { step: 1, form }, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row!.savedFormData).toMatchObject(form);
  });

  it('refuses them in raw JSON text whatever the escape spelling; malformed and polluting bodies keep their answer', async () => {
    const ip = randomIp();
    for (const payload of [
      '{"email":"a\\ud800@example.com"}',
      '{"email":"a@example.com","\\uDC00":1}',
      '["\\uD83D"]',
    ]) {
      const res = await raw('/api/site/newsletter', payload, {}, ip);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe('BAD_TEXT');
    }
    // Malformed JSON and prototype keys keep their own answer.
    for (const payload of ['{"email":"\\ud800"', '{"__proto__":{"x":"\\ud800"}}']) {
      const res = await raw('/api/site/newsletter', payload, {}, ip);
      expect(res.json(), payload).toEqual({ code: 'MALFORMED_JSON', message: messages.malformedJson });
    }
  });

  it('never answers 5xx to query strings and path parameters that decode to odd text', async () => {
    const admin = await createAdmin(server);
    const odd = [
      '%ED%A0%80',
      '%ED%B0%80x',
      'a%F0%9F',
      '%00',
      'x%00y',
      '%FF%FE',
      '%C0%AF',
      '%E2%80%AE',
      '%25',
      '%',
      'Q'.repeat(150),
    ];
    for (const value of odd) {
      const answers = [
        await server.app.inject({ url: `/api/admin/outbox?to=${value}`, headers: admin.headers }),
        await server.app.inject({ url: `/api/transaction-log/user/logs?coinId=${value}`, headers: member.headers }),
        await server.app.inject({ url: `/api/notification?page=${value}`, headers: member.headers }),
        await server.app.inject({ url: `/api/admin/requests?status=${value}`, headers: admin.headers }),
        await server.app.inject({ url: `/api/auth/verify-email?token=${value}`, remoteAddress: randomIp() }),
        await server.app.inject({ url: `/api/native-token/get-rate/${value}`, headers: member.headers }),
        await server.app.inject({ url: `/api/coin/sparklines/${value}`, headers: member.headers }),
        await server.app.inject({ method: 'POST', url: `/api/admin/users/${value}/unblock`, headers: admin.headers }),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${value} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectCleanError(res);
      }
    }
  });
});
