import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  createGoCardless,
  fromMinorUnits,
  GOCARDLESS_VERSION,
  GoCardlessError,
  gocardlessSettings,
  SANDBOX_ACCESS_TOKEN,
  toMinorUnits,
} from '../../src/providers/gocardless/adapter.ts';
import { gocardlessSandbox } from '../../src/providers/gocardless/sandbox.ts';
import {
  parseWebhookEvents,
  signWebhookBody,
  verifiedEvents,
  verifyWebhookSignature,
} from '../../src/providers/gocardless/webhook.ts';

/**
 * The published example of gocardless/gocardless-nodejs (src/__tests__/webhooks.test.ts with
 * src/fixtures/webhook_body.json): the fixture's JSON, serialised compactly, signed with this secret.
 */
const PUBLISHED_SECRET = 'ED7D658C-D8EB-4941-948B-3973214F2D49';
const PUBLISHED_SIGNATURE = '2693754819d3e32d7e8fcb13c729631f316c6de8dc1cf634d6527f1c07276e7e';
const PUBLISHED_BODY = JSON.stringify({
  events: [
    {
      id: 'EV00BD05S5VM2T',
      created_at: '2018-07-05T09:13:51.404Z',
      resource_type: 'subscriptions',
      action: 'created',
      links: { subscription: 'SB0003JJQ2MR06' },
      details: { origin: 'api', cause: 'subscription_created', description: 'Subscription created via the API.' },
      metadata: {},
    },
    {
      id: 'EV00BD05TB8K63',
      created_at: '2018-07-05T09:13:56.893Z',
      resource_type: 'mandates',
      action: 'created',
      links: { mandate: 'MD000AMA19XGEC' },
      details: { origin: 'api', cause: 'mandate_created', description: 'Mandate created via the API.' },
      metadata: {},
    },
  ],
});

describe('GoCardless webhook signatures', () => {
  it('computes the published example’s signature', () => {
    expect(signWebhookBody(PUBLISHED_BODY, PUBLISHED_SECRET)).toBe(PUBLISHED_SIGNATURE);
    expect(verifyWebhookSignature(PUBLISHED_BODY, PUBLISHED_SECRET, PUBLISHED_SIGNATURE)).toBe(true);
    expect(
      verifyWebhookSignature(Buffer.from(PUBLISHED_BODY), PUBLISHED_SECRET, PUBLISHED_SIGNATURE.toUpperCase()),
    ).toBe(true);
  });

  it('refuses another secret, a changed body, and headers that are not a digest', () => {
    expect(verifyWebhookSignature(PUBLISHED_BODY, 'another secret', PUBLISHED_SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(`${PUBLISHED_BODY} `, PUBLISHED_SECRET, PUBLISHED_SIGNATURE)).toBe(false);
    for (const header of [
      undefined,
      '',
      'NOTVERYCONVINCING',
      PUBLISHED_SIGNATURE.slice(2),
      `${PUBLISHED_SIGNATURE}00`,
      ['x'],
      42,
    ])
      expect(verifyWebhookSignature(PUBLISHED_BODY, PUBLISHED_SECRET, header)).toBe(false);
  });

  it('parses every event of a delivery, and only after a good signature', () => {
    const events = verifiedEvents(PUBLISHED_BODY, PUBLISHED_SECRET, PUBLISHED_SIGNATURE);
    expect(events?.map((e) => [e.id, e.resource_type, e.action])).toEqual([
      ['EV00BD05S5VM2T', 'subscriptions', 'created'],
      ['EV00BD05TB8K63', 'mandates', 'created'],
    ]);
    expect(events?.[1]?.links.mandate).toBe('MD000AMA19XGEC');
    expect(verifiedEvents(PUBLISHED_BODY, PUBLISHED_SECRET, 'bad')).toBeNull();
    expect(() => parseWebhookEvents('not json')).toThrow(/not JSON/);
    expect(() => parseWebhookEvents('{"events":[{"id":"nope"}]}')).toThrow(/not a list of events/);
  });
});

describe('minor units', () => {
  it('converts exactly on bigint, whatever floating point would do', () => {
    expect(toMinorUnits('0.01')).toBe(1n);
    expect(toMinorUnits('1')).toBe(100n);
    expect(toMinorUnits('4999.99')).toBe(499_999n);
    expect(toMinorUnits('1.10')).toBe(110n);
    // 0.1 + 0.2 and 1.005 * 100 are the classic floating point traps.
    expect(toMinorUnits('0.30')).toBe(30n);
    expect(toMinorUnits('1.15')).toBe(115n);
    expect(toMinorUnits('12345678901234567.89')).toBe(1234567890123456789n);
    expect(fromMinorUnits(115n)).toBe('1.15');
    expect(fromMinorUnits(100n)).toBe('1');
    expect(fromMinorUnits(1234567890123456789n)).toBe('12345678901234567.89');
  });

  it('refuses fractions of a cent, zero, negatives and non-amounts', () => {
    for (const bad of ['0.001', '1.005', '0', '-1', '1e3', 'abc', '']) expect(() => toMinorUnits(bad), bad).toThrow();
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://example.test:3000' } as const;
  it('uses our sandbox without a token, GoCardless with one, and nothing in production without one', () => {
    const sandbox = gocardlessSettings(loadConfig(base));
    expect(sandbox).toMatchObject({
      baseUrl: 'http://example.test:3000/sandbox/gocardless',
      accessToken: SANDBOX_ACCESS_TOKEN,
      localSandbox: true,
      webhookUrl: 'http://example.test:3000/api/webhooks/gocardless',
    });
    const real = gocardlessSettings(
      loadConfig({ ...base, GOCARDLESS_ACCESS_TOKEN: 'sandbox_abc', GOCARDLESS_WEBHOOK_SECRET: 'whs' }),
    );
    expect(real).toMatchObject({
      baseUrl: 'https://api-sandbox.gocardless.com',
      localSandbox: false,
      webhookSecret: 'whs',
    });
    const live = gocardlessSettings(
      loadConfig({ ...base, GOCARDLESS_ACCESS_TOKEN: 'live_abc', GOCARDLESS_WEBHOOK_SECRET: 'whs' }),
    );
    expect(live?.baseUrl).toBe('https://api.gocardless.com');
    expect(() => gocardlessSettings(loadConfig({ ...base, GOCARDLESS_ACCESS_TOKEN: 'live_abc' }))).toThrow(
      /GOCARDLESS_WEBHOOK_SECRET/,
    );
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://vault.example', JWT_SECRET: 'x'.repeat(32) };
    expect(gocardlessSettings(loadConfig(production))).toBeNull();
  });
});

describe('the adapter against the sandbox (in process)', () => {
  const PUBLIC_URL = 'http://sandbox.test';
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL });
  let app: FastifyInstance;
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  /** fetch through app.inject, recording each request as the adapter made it. */
  const viaInject: typeof fetch = async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      body: body ? JSON.parse(body) : undefined,
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: String(input).slice(PUBLIC_URL.length),
      headers,
      payload: body,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const settings = gocardlessSettings(config)!;
  const client = createGoCardless(settings, { fetch: viaInject });

  beforeAll(async () => {
    app = Fastify();
    await app.register(gocardlessSandbox(config, { retryDelaysMs: [] }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the headers and wrapped bodies of the API, and reads its answers', async () => {
    const flow = await client.createRedirectFlow(
      {
        description: 'Vault purchase',
        sessionToken: 'session-1',
        successRedirectUrl: `${PUBLIC_URL}/direct-debit`,
        prefilledCustomer: { given_name: 'Ada', family_name: 'Lovelace', email: 'ada@example.com' },
      },
      'flow-key-1',
    );
    expect(flow.id).toMatch(/^RE[0-9A-Z]+$/);
    expect(flow.redirect_url).toBe(`${PUBLIC_URL}/sandbox/gocardless/flow/${flow.id}`);
    const request = sent.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${PUBLIC_URL}/sandbox/gocardless/redirect_flows`);
    expect(request.headers).toMatchObject({
      authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`,
      'gocardless-version': GOCARDLESS_VERSION,
      'idempotency-key': 'flow-key-1',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(request.body).toEqual({
      redirect_flows: {
        description: 'Vault purchase',
        session_token: 'session-1',
        success_redirect_url: `${PUBLIC_URL}/direct-debit`,
        prefilled_customer: { given_name: 'Ada', family_name: 'Lovelace', email: 'ada@example.com' },
      },
    });

    // Completing before the payer has been through the page is the API's redirect_flow_incomplete.
    const early = await client.completeRedirectFlow(flow.id, 'session-1').catch((e) => e);
    expect(early).toBeInstanceOf(GoCardlessError);
    expect(early).toMatchObject({ status: 422, type: 'invalid_state' });
    expect(early.has('redirect_flow_incomplete')).toBe(true);

    const approve = await app.inject({ method: 'POST', url: `/sandbox/gocardless/flow/${flow.id}/confirm` });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`${PUBLIC_URL}/direct-debit?redirect_flow_id=${flow.id}`);

    const wrongSession = await client.completeRedirectFlow(flow.id, 'session-2').catch((e) => e);
    expect(wrongSession).toMatchObject({ status: 400, type: 'invalid_api_usage' });
    const done = await client.completeRedirectFlow(flow.id, 'session-1');
    expect(sent.at(-1)!.body).toEqual({ data: { session_token: 'session-1' } });
    expect(sent.at(-1)!.headers['idempotency-key']).toBeTruthy();
    expect(done.confirmation_url).toBe(`${PUBLIC_URL}/sandbox/gocardless/confirmation/${flow.id}`);
    expect(done.links.mandate).toMatch(/^MD/);
    expect(done.links.customer).toMatch(/^CU/);

    const payment = await client.createPayment(
      { amount: '1234.56', currency: 'USD', mandateId: done.links.mandate!, metadata: { purchaseId: 'p-1' } },
      'payment-key-1',
    );
    expect(sent.at(-1)!.body).toEqual({
      payments: {
        amount: 123456,
        currency: 'USD',
        metadata: { purchaseId: 'p-1' },
        links: { mandate: done.links.mandate },
      },
    });
    expect(payment).toMatchObject({ amount: 123456n, currency: 'USD', status: 'pending_submission' });

    // The same key again: the API's 409 idempotent_creation_conflict, and the adapter fetches the first.
    const again = await client.createPayment(
      { amount: '1234.56', currency: 'USD', mandateId: done.links.mandate!, metadata: { purchaseId: 'p-1' } },
      'payment-key-1',
    );
    expect(again.id).toBe(payment.id);
    expect(sent.slice(-2).map((r) => `${r.method} ${r.url.slice(PUBLIC_URL.length)}`)).toEqual([
      'POST /sandbox/gocardless/payments',
      `GET /sandbox/gocardless/payments/${payment.id}`,
    ]);
    expect((await client.getPayment(payment.id)).id).toBe(payment.id);
  });

  it('maps the API’s errors to one type', async () => {
    const noMandate = await client
      .createPayment({ amount: '1', currency: 'USD', mandateId: 'MD000NOPE' })
      .catch((e) => e);
    expect(noMandate).toBeInstanceOf(GoCardlessError);
    expect(noMandate).toMatchObject({ status: 422, type: 'validation_failed' });
    expect(noMandate.errors[0]).toMatchObject({ field: 'links.mandate' });

    const wrongToken = createGoCardless({ ...settings, accessToken: 'nope' }, { fetch: viaInject });
    await expect(wrongToken.getPayment('PM123')).rejects.toMatchObject({ status: 401, type: 'invalid_api_usage' });
    await expect(client.getPayment('PM0000000')).rejects.toMatchObject({ status: 404 });
    const offline = createGoCardless(settings, { fetch: async () => Promise.reject(new Error('ECONNREFUSED')) });
    await expect(offline.getPayment('PM1')).rejects.toMatchObject({ status: 0, type: 'network' });
    const garbled = createGoCardless(settings, { fetch: async () => new Response('<html>', { status: 502 }) });
    await expect(garbled.getPayment('PM1')).rejects.toMatchObject({ status: 502, type: 'unreadable' });
  });

  it('checks the version header and the wrapping', async () => {
    const headers = { authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`, 'content-type': 'application/json' };
    const noVersion = await app.inject({ method: 'POST', url: '/sandbox/gocardless/payments', headers, payload: '{}' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.errors[0].reason).toBe('missing_version_header');
    const oldVersion = await app.inject({
      method: 'GET',
      url: '/sandbox/gocardless/payments/PM1',
      headers: { ...headers, 'gocardless-version': '2014-11-03' },
    });
    expect(oldVersion.json().error.errors[0].reason).toBe('version_not_found');
    const unwrapped = await app.inject({
      method: 'POST',
      url: '/sandbox/gocardless/payments',
      headers: { ...headers, 'gocardless-version': GOCARDLESS_VERSION },
      payload: { amount: 100, currency: 'USD' },
    });
    expect(unwrapped.statusCode).toBe(400);
    expect(unwrapped.json().error).toMatchObject({ type: 'invalid_api_usage', code: 400 });
  });
});
