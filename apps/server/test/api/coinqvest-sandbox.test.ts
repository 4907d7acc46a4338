import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinqvestClient, coinqvestSettings } from '../../src/providers/coinqvest/index.ts';
import { digestHeaders } from '../../src/providers/coinqvest/signing.ts';
import { parseWebhook, verifyWebhook } from '../../src/providers/coinqvest/webhook.ts';
import { startServer, type TestServer } from '../support.ts';

/**
 * The COINQVEST sandbox over HTTP, as the adapter and a person's browser use it: the server listens on the
 * port its PUBLIC_URL names, and the webhooks go to a receiver of our own on another port.
 */
type Received = { headers: IncomingHttpHeaders; body: string };

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startReceiver() {
  const received: Received[] = [];
  let refusals = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      if (refusals > 0) {
        refusals -= 1;
        res.statusCode = 500;
        res.end('busy');
        return;
      }
      received.push({ headers: req.headers, body });
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    refuseNext: (n: number) => {
      refusals = n;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function waitFor<T>(find: () => T | undefined, ms = 8_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let server: TestServer;
let base: string;
let secret: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let client: NonNullable<Awaited<ReturnType<typeof coinqvestClient>>>;
let customerId: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await server.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}/sandbox/coinqvest`;
  const settings = await coinqvestSettings(server.config, server.db);
  expect(settings?.mode).toBe('sandbox');
  expect(settings?.baseUrl).toBe(base);
  secret = settings!.secret;
  client = (await coinqvestClient(server.config, server.db))!;
  receiver = await startReceiver();
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const customer = {
  email: 'member@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Engines Ltd',
  adr1: '1 Analytical St',
  zip: '10001',
  city: 'London',
  countrycode: 'GB',
  phonenumber: '+44 20 0000 0000',
};

const signedPost = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

async function checkout(amount = '250.00') {
  return client.createHostedCheckout({
    customerId,
    billingCurrency: 'USD',
    lineItems: [{ description: 'Q tokens', netAmount: amount, quantity: 1 }],
    webhook: receiver.url,
    links: { returnUrl: 'http://127.0.0.1:1/return', cancelUrl: 'http://127.0.0.1:1/cancel' },
  });
}

const press = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

const eventFor = (checkoutId: string, type: string) =>
  waitFor(() =>
    receiver.received.find((r) => {
      const e = parseWebhook(r.body);
      return e?.kind === 'checkout' && e.checkout.id === checkoutId && e.eventType === type;
    }),
  );

describe('COINQVEST sandbox', () => {
  it('creates a customer for a signed request and refuses a bad signature as the API does', async () => {
    const made = await client.createCustomer(customer);
    expect(made.customerId).toMatch(/^cus_/);
    customerId = made.customerId;

    const body = JSON.stringify({ customer });
    const good = digestHeaders('sandbox-coinqvest', secret, '/customer', 'POST', body);
    expect((await signedPost('/customer', body, good)).status).toBe(200);

    const refusals: Record<string, string>[] = [
      { ...good, 'X-Digest-Signature': '0'.repeat(64) },
      digestHeaders('sandbox-coinqvest', 'wrong secret', '/customer', 'POST', body),
      digestHeaders('another-key', secret, '/customer', 'POST', body),
      digestHeaders('sandbox-coinqvest', secret, '/api/v1/customer', 'POST', body),
      digestHeaders('sandbox-coinqvest', secret, '/customer', 'POST', body, Date.now() - 10 * 60_000),
      digestHeaders('sandbox-coinqvest', secret, '/customer', 'POST', '{}'),
      {},
    ];
    for (const headers of refusals) {
      const res = await signedPost('/customer', body, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: [expect.any(String)] });
    }

    const invalid = JSON.stringify({ customer: { firstname: 'No email' } });
    const res = await signedPost(
      '/customer',
      invalid,
      digestHeaders('sandbox-coinqvest', secret, '/customer', 'POST', invalid),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    const broken = await signedPost('/customer', '{"customer":', good);
    expect(broken.status).toBe(400);
  });

  it('hosted checkout: the page, Pay, the redirect and a signed CHECKOUT_COMPLETED', async () => {
    const made = await checkout('250.00');
    expect(made.url).toBe(`${base}/pay/${made.id}`);
    expect((await client.getCheckout(made.id)).state).toBe('OPEN');

    const page = await fetch(made.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay 250.00 USD');
    expect(html).toContain('Pay less');
    expect(html).toContain('Cancel');

    const paid = await press(made.url, { action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://127.0.0.1:1/return');

    const hit = await eventFor(made.id, 'CHECKOUT_COMPLETED');
    expect(verifyWebhook(secret, hit.body, hit.headers['x-webhook-auth'])).toBe(true);
    expect(verifyWebhook('another secret', hit.body, hit.headers['x-webhook-auth'])).toBe(false);
    expect(parseWebhook(hit.body)).toMatchObject({
      checkout: { id: made.id, state: 'COMPLETED', settlementAmountRequired: '250', settlementAmountReceived: '250' },
    });
    const state = await client.getCheckout(made.id);
    expect(state.state).toBe('COMPLETED');

    const again = await press(made.url, { action: 'pay' });
    expect(again.status).toBe(409);
    expect(await (await fetch(made.url)).text()).toContain('COMPLETED');
  });

  it('Pay less sends CHECKOUT_UNDERPAID with what was paid', async () => {
    const made = await checkout('100.00');
    const res = await press(made.url, { action: 'underpay', amount: '40.25' });
    expect(res.status).toBe(303);
    const hit = await eventFor(made.id, 'CHECKOUT_UNDERPAID');
    expect(verifyWebhook(secret, hit.body, hit.headers['x-webhook-auth'])).toBe(true);
    expect(parseWebhook(hit.body)).toMatchObject({
      checkout: { state: 'UNDERPAID', settlementAmountRequired: '100', settlementAmountReceived: '40.25' },
    });
  });

  it('Cancel returns to the cancel URL and sends no event', async () => {
    const made = await checkout('10.00');
    const res = await press(made.url, { action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:1/cancel');
    expect((await client.getCheckout(made.id)).state).toBe('CANCELLED');
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.some((r) => r.body.includes(made.id))).toBe(false);
    expect((await press(made.url, { action: 'pay' })).status).toBe(409);
  });

  it('retries a webhook the receiver refused', async () => {
    receiver.refuseNext(1);
    const made = await checkout('5.00');
    await press(made.url, { action: 'pay' });
    const hit = await eventFor(made.id, 'CHECKOUT_COMPLETED');
    expect(verifyWebhook(secret, hit.body, hit.headers['x-webhook-auth'])).toBe(true);
  });

  it('simulates a deposit to an address as a signed DEPOSIT_COMPLETED', async () => {
    const res = await fetch(`${base}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'GMEMBERADDRESS', assetCode: 'USDC', amount: '12.5', webhook: receiver.url }),
    });
    expect(res.status).toBe(200);
    const { deposit } = (await res.json()) as { deposit: { id: string } };
    const hit = await waitFor(() => receiver.received.find((r) => r.body.includes(deposit.id)));
    expect(verifyWebhook(secret, hit.body, hit.headers['x-webhook-auth'])).toBe(true);
    expect(parseWebhook(hit.body)).toMatchObject({
      kind: 'deposit',
      eventId: `DEPOSIT_COMPLETED:${deposit.id}`,
      deposit: { address: 'GMEMBERADDRESS', assetCode: 'USDC', amount: '12.5' },
    });
    for (const bad of [
      {},
      { address: 'x', assetCode: 'USDC', amount: '-1' },
      { address: 'x', assetCode: 'U', amount: 'a' },
    ]) {
      const refused = await fetch(`${base}/deposits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bad),
      });
      expect(refused.status).toBe(400);
    }
    expect((await fetch(`${base}/deposits`)).status).toBe(200);
  });

  it('answers hostile requests without a server error', async () => {
    const answers = await Promise.all([
      fetch(`${base}/pay/unknown`),
      fetch(`${base}/pay/__proto__`),
      fetch(`${base}/pay/constructor`),
      press(`${base}/pay/__proto__`, { action: 'pay' }),
      press(`${base}/pay/toString`, { action: 'cancel' }),
      press(`${base}/pay/unknown`, { action: 'pay' }),
      fetch(`${base}/pay/%00`),
      fetch(`${base}/checkout?id=nope`),
      fetch(`${base}/checkout/hosted`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }),
      fetch(`${base}/deposits`, {
        method: 'POST',
        body: 'a=1&b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      fetch(`${base}/customer`, { method: 'POST' }),
      fetch(`${base}/time`),
    ]);
    for (const res of answers) expect(res.status).toBeLessThan(500);
  });
});
