import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.ts';
import {
  createGoCardless,
  GOCARDLESS_VERSION,
  gocardlessSettings,
  SANDBOX_ACCESS_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
} from '../../src/providers/gocardless/adapter.ts';
import { gocardlessSandbox } from '../../src/providers/gocardless/sandbox.ts';
import { type GoCardlessEvent, signWebhookBody, verifiedEvents } from '../../src/providers/gocardless/webhook.ts';

/**
 * The GoCardless sandbox (providers/gocardless/sandbox.ts) driven over real HTTP: a server with the sandbox
 * listens on the port its PUBLIC_URL names, the adapter calls it there, a person's clicks on the hosted page
 * are plain form posts, and the sandbox's signed webhooks arrive at /api/webhooks/gocardless, here a
 * receiver of the test's own (checking the signature as GoCardless asks: 498 when it does not match) that
 * can fail on purpose. gocardless.test.ts runs the same sandbox inside the real server, against the member
 * routes and their webhook.
 */

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Received = { status: number; signature: string | undefined; body: string; events: GoCardlessEvent[] | null };

let app: FastifyInstance;
let config: Config;
let base: string;
const received: Received[] = [];
/** Answers the receiver gives before its normal 200 (to see retries): taken one per delivery attempt. */
const scripted: number[] = [];

function receiver(app: FastifyInstance) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(
      '/api/webhooks/gocardless',
      { config: { auth: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const body = String(request.body ?? '');
        const signature = request.headers['webhook-signature'] as string | undefined;
        const events = verifiedEvents(body, SANDBOX_WEBHOOK_SECRET, signature);
        const status = events === null ? 498 : (scripted.shift() ?? 200);
        received.push({ status, signature, body, events });
        return reply.status(status).send(status === 498 ? { error: 'invalid signature' } : {});
      },
    );
  });
}

async function until<T>(what: () => T | undefined, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const apiHeaders = {
  authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`,
  'gocardless-version': GOCARDLESS_VERSION,
  'content-type': 'application/json',
};

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: base, LOG_LEVEL: 'silent' });
  app = Fastify();
  await app.register(gocardlessSandbox(config, { retryDelaysMs: [0, 300, 1000] }));
  receiver(app);
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => app?.close());

/** A mandate as a member gets one: flow, the hosted page's button, back to us, complete. */
async function mandate(client: ReturnType<typeof createGoCardless>, sessionToken = 'session-token') {
  const flow = await client.createRedirectFlow({
    description: 'Vault: direct debit',
    sessionToken,
    successRedirectUrl: `${base}/direct-debit`,
    prefilledCustomer: { given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com', city: 'Arlington' },
  });
  const hosted = await fetch(flow.redirect_url!);
  expect(hosted.status).toBe(200);
  const html = await hosted.text();
  expect(html).toContain('Set up direct debit');
  expect(html).toContain('Cancel');
  expect(html).toContain('Grace Hopper');
  const confirm = /action="([^"]+\/confirm)"/.exec(html)![1]!;
  const back = await fetch(`${base}${confirm}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toBe(`${base}/direct-debit?redirect_flow_id=${flow.id}`);
  return client.completeRedirectFlow(flow.id, sessionToken);
}

describe('GoCardless sandbox over HTTP', () => {
  it('redirect flow → hosted page → complete → mandate and confirmation page', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const done = await mandate(client);
    expect(done.links.mandate).toMatch(/^MD[0-9A-Z]+$/);
    expect(done.links.customer).toMatch(/^CU[0-9A-Z]+$/);
    const confirmation = await fetch(done.confirmation_url!);
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain(done.links.mandate!);
    // The page is done with: a second visit says so, a second completion is refused.
    expect(await (await fetch(`${base}/sandbox/gocardless/flow/${done.id}`)).text()).toContain('already');
    await expect(client.completeRedirectFlow(done.id, 'session-token')).rejects.toMatchObject({ status: 422 });
  });

  it('Cancel on the hosted page sends the payer back, and the flow cannot be completed', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const flow = await client.createRedirectFlow({ sessionToken: 's2', successRedirectUrl: `${base}/direct-debit` });
    const back = await fetch(`${base}/sandbox/gocardless/flow/${flow.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${base}/direct-debit?redirect_flow_id=${flow.id}`);
    const refused = await client.completeRedirectFlow(flow.id, 's2').catch((e) => e);
    expect(refused).toMatchObject({ status: 422, type: 'invalid_state' });
    expect(refused.has('redirect_flow_incomplete')).toBe(true);
  });

  it('payment → simulated confirmed → signed webhooks arrive, several events per delivery', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const done = await mandate(client);
    const payment = await client.createPayment(
      { amount: '250.75', currency: 'USD', mandateId: done.links.mandate!, metadata: { purchaseId: 'purchase-1' } },
      'purchase-1',
    );
    expect(payment.amount).toBe(25075n);
    const created = await until(() => received.find((r) => r.events?.some((e) => e.links.payment === payment.id)));
    expect(created.events!.map((e) => e.action)).toEqual(['created']);

    const sim = await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'confirmed' }),
    });
    expect(sim.status).toBe(200);
    const delivery = await until(() =>
      received.find((r) => r.events?.some((e) => e.links.payment === payment.id && e.action === 'confirmed')),
    );
    expect(delivery.status).toBe(200);
    expect(delivery.signature).toBe(signWebhookBody(delivery.body, SANDBOX_WEBHOOK_SECRET));
    expect(delivery.events!.map((e) => [e.resource_type, e.action])).toEqual([
      ['payments', 'submitted'],
      ['payments', 'confirmed'],
    ]);
    expect(delivery.events!.every((e) => /^EV[0-9A-Z]+$/.test(e.id))).toBe(true);
    expect((await client.getPayment(payment.id)).status).toBe('confirmed');

    // A charge-back after confirmation is one more delivery; an impossible move is refused.
    const back = await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'charged_back' }),
    });
    expect(back.status).toBe(200);
    await until(() =>
      received.find((r) => r.events?.some((e) => e.links.payment === payment.id && e.action === 'charged_back')),
    );
    const impossible = await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'confirmed' }),
    });
    expect(impossible.status).toBe(422);
  });

  it('out of order on request, and retried with backoff when the receiver fails', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const done = await mandate(client);
    const payment = await client.createPayment({ amount: '10', currency: 'USD', mandateId: done.links.mandate! });
    await until(() => received.find((r) => r.events?.some((e) => e.links.payment === payment.id)));
    scripted.push(500);
    await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'paid_out', delivery: 'reversed' }),
    });
    const attempts = await until(() => {
      const seen = received.filter((r) =>
        r.events?.some((e) => e.links.payment === payment.id && e.action === 'paid_out'),
      );
      return seen.length >= 2 ? seen : undefined;
    }, 10_000);
    expect(attempts.map((a) => a.status)).toEqual([500, 200]);
    // The same delivery, byte for byte, both times; its events newest first as asked.
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    expect(attempts[0]!.events!.map((e) => e.action)).toEqual(['paid_out', 'confirmed', 'submitted']);
    const log = (await (await fetch(`${base}/sandbox/gocardless/webhooks`)).json()) as {
      deliveries: { events: string[]; attempts: { status: number }[]; outcome: string }[];
    };
    const mine = log.deliveries.find((d) => d.events.includes(attempts[0]!.events![0]!.id))!;
    expect(mine.outcome).toBe('delivered');
    expect(mine.attempts.map((a) => a.status)).toEqual([500, 200]);
  }, 20_000);

  it('a delivery answered 498 is not retried', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const done = await mandate(client);
    const payment = await client.createPayment({ amount: '3', currency: 'USD', mandateId: done.links.mandate! });
    await until(() => received.find((r) => r.events?.some((e) => e.links.payment === payment.id)));
    scripted.push(498);
    await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'cancelled' }),
    });
    const cancelled = () =>
      received.filter((r) => r.events?.some((e) => e.links.payment === payment.id && e.action === 'cancelled'));
    await until(() => (cancelled().length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 800)); // past the first retry's delay
    expect(cancelled().map((r) => r.status)).toEqual([498]);
    const log = (await (await fetch(`${base}/sandbox/gocardless/webhooks`)).json()) as {
      deliveries: { events: string[]; outcome: string }[];
    };
    expect(log.deliveries.find((d) => d.events.includes(cancelled()[0]!.events![0]!.id))?.outcome).toBe('refused');
  });

  it('the payments page moves a payment with a click', async () => {
    const client = createGoCardless(gocardlessSettings(config)!);
    const done = await mandate(client);
    const payment = await client.createPayment({ amount: '1.5', currency: 'USD', mandateId: done.links.mandate! });
    const html = await (await fetch(`${base}/sandbox/gocardless`)).text();
    expect(html).toContain(payment.id);
    expect(html).toContain('1.50 USD');
    const click = await fetch(`${base}/sandbox/gocardless/payments/${payment.id}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'to=failed',
      redirect: 'manual',
    });
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe('/sandbox/gocardless');
    expect((await client.getPayment(payment.id)).status).toBe('failed');
  });

  it('a forged signature is answered 498', async () => {
    const body = JSON.stringify({
      events: [
        {
          id: 'EV0FORGED',
          created_at: new Date().toISOString(),
          resource_type: 'payments',
          action: 'confirmed',
          links: { payment: 'PM1' },
        },
      ],
    });
    for (const signature of [signWebhookBody(body, 'not the secret'), 'f'.repeat(64), undefined]) {
      const res = await fetch(`${base}/api/webhooks/gocardless`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'webhook-signature': signature } : {}) },
        body,
      });
      expect(res.status).toBe(498);
    }
  });

  it('the same Idempotency-Key gives the same resource (the API’s 409 naming it)', async () => {
    const body = JSON.stringify({
      redirect_flows: { session_token: 'k', success_redirect_url: `${base}/direct-debit` },
    });
    const post = () =>
      fetch(`${base}/sandbox/gocardless/redirect_flows`, {
        method: 'POST',
        headers: { ...apiHeaders, 'idempotency-key': 'same-key-1' },
        body,
      });
    const first = await post();
    expect(first.status).toBe(201);
    const flow = ((await first.json()) as { redirect_flows: { id: string } }).redirect_flows;
    const second = await post();
    expect(second.status).toBe(409);
    const error = (
      (await second.json()) as { error: { type: string; errors: { reason: string; links: Record<string, string> }[] } }
    ).error;
    expect(error.type).toBe('invalid_state');
    expect(error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: flow.id },
    });
    // Through the adapter the repeat is simply the first flow.
    const client = createGoCardless(gocardlessSettings(config)!);
    const a = await client.createRedirectFlow(
      { sessionToken: 'k2', successRedirectUrl: `${base}/direct-debit` },
      'same-key-2',
    );
    const b = await client.createRedirectFlow(
      { sessionToken: 'k2', successRedirectUrl: `${base}/direct-debit` },
      'same-key-2',
    );
    expect(b.id).toBe(a.id);
  });

  it('checks the bearer token and the version header; sends people to this site only', async () => {
    const noToken = await fetch(`${base}/sandbox/gocardless/payments/PM1`, {
      headers: { 'gocardless-version': GOCARDLESS_VERSION },
    });
    expect(noToken.status).toBe(401);
    const noVersion = await fetch(`${base}/sandbox/gocardless/payments/PM1`, {
      headers: { authorization: apiHeaders.authorization },
    });
    expect(noVersion.status).toBe(400);
    const elsewhere = await fetch(`${base}/sandbox/gocardless/redirect_flows`, {
      method: 'POST',
      headers: apiHeaders,
      body: JSON.stringify({ redirect_flows: { session_token: 'x', success_redirect_url: 'https://evil.example/' } }),
    });
    expect(elsewhere.status).toBe(422);
  });

  it('never answers 5xx to garbage', async () => {
    const paths = [
      '/sandbox/gocardless',
      '/sandbox/gocardless/redirect_flows',
      '/sandbox/gocardless/redirect_flows/RE0000',
      '/sandbox/gocardless/redirect_flows/%ED%A0%80/actions/complete',
      '/sandbox/gocardless/redirect_flows/RE0000/actions/complete',
      '/sandbox/gocardless/payments',
      '/sandbox/gocardless/payments/PM0000',
      '/sandbox/gocardless/payments/PM0000/actions/simulate',
      `/sandbox/gocardless/payments/${'P'.repeat(90)}/actions/simulate`,
      '/sandbox/gocardless/flow/RE0000',
      '/sandbox/gocardless/flow/RE0000/confirm',
      '/sandbox/gocardless/flow/RE0000/cancel',
      '/sandbox/gocardless/confirmation/RE0000',
      '/sandbox/gocardless/webhooks',
    ];
    const bodies: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['application/json', '{'],
      ['application/json', 'null'],
      ['application/json', '[1,2]'],
      ['application/json', '"text"'],
      ['application/json', '{"__proto__":{"x":1}}'],
      [
        'application/json',
        '{"redirect_flows":{"session_token":["a"],"success_redirect_url":{},"prefilled_customer":"x"}}',
      ],
      ['application/json', '{"redirect_flows":{"session_token":"a","success_redirect_url":"http://[::1"}}'],
      ['application/json', '{"payments":{"amount":1e400,"currency":"USD","links":{"mandate":{}},"metadata":[1]}}'],
      [
        'application/json',
        '{"payments":{"amount":"100","currency":null,"links":null,"metadata":{"a":1,"b":2,"c":3,"d":4}}}',
      ],
      ['application/json', '{"data":{"session_token":123}}'],
      ['application/json', '{"to":{"toString":1},"delivery":[]}'],
      ['application/x-www-form-urlencoded', 'to=%ZZ&&=='],
      ['text/plain', 'hello'],
      ['application/octet-stream', '\u0000\u0001'],
    ];
    for (const path of paths)
      for (const method of ['GET', 'POST'])
        for (const [type, body] of method === 'GET' ? [[undefined, undefined] as const] : bodies)
          for (const headers of [{}, apiHeaders]) {
            const res = await fetch(`${base}${path}`, {
              method,
              headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
              body,
              redirect: 'manual',
            });
            expect(res.status, `${method} ${path} ${type} ${body}`).toBeLessThan(500);
            await res.arrayBuffer();
          }
  }, 60_000);
});
