import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  createOrderBody,
  PaypalError,
  paypalAdapter,
  paypalSettings,
  SANDBOX_CLIENT,
  transmissionHeaders,
} from '../../src/providers/paypal/adapter.ts';
import { crc32 } from '../../src/providers/paypal/sandbox.ts';

/**
 * The PayPal adapter's requests against PayPal's published definitions (paypal-rest-api-specifications:
 * checkout_orders_v2.json, notifications verify-webhook-signature; the OAuth2 token call of the REST
 * authentication guide): paths, methods, headers and bodies, through a recording fetch.
 */
type Seen = { url: string; method: string; headers: Record<string, string>; body: string | undefined };

function recording(answers: ((seen: Seen) => Response)[]) {
  const seen: Seen[] = [];
  const fetcher = (async (url: string | URL, init?: RequestInit) => {
    const s = {
      url: String(url),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: init?.body as string | undefined,
    };
    seen.push(s);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer(s);
  }) as typeof fetch;
  return { seen, fetcher };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tokenAnswer = () => json(200, { access_token: 'A21AAtoken', token_type: 'Bearer', expires_in: 32400 });

const live = paypalSettings(
  loadConfig({
    NODE_ENV: 'test',
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_WEBHOOK_ID: 'WH1',
    PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
  }),
);

describe('settings', () => {
  it('uses our sandbox without credentials, PayPal with them, and nothing in production without', () => {
    const sandbox = paypalSettings(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }));
    expect(sandbox).toMatchObject({ mode: 'sandbox', baseUrl: 'http://localhost:3000/sandbox/paypal' });
    expect(sandbox.clientId).toBe(SANDBOX_CLIENT.id);
    expect(live).toMatchObject({ mode: 'live', baseUrl: 'https://api-m.sandbox.paypal.com', webhookId: 'WH1' });
    const prod = paypalSettings(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vault.example', JWT_SECRET: 'x'.repeat(40) }),
    );
    expect(prod.mode).toBe('off');
    expect(
      paypalSettings(loadConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' })).baseUrl,
    ).toBe('https://api-m.paypal.com');
  });
});

describe('requests', () => {
  it('gets a token by client credentials (Basic auth, form body) once, then creates an order', async () => {
    const { seen, fetcher } = recording([
      tokenAnswer,
      () => json(200, { id: '5O190127TN364715T', status: 'PAYER_ACTION_REQUIRED', links: [] }),
      () => json(200, { id: '5O190127TN364715T', status: 'APPROVED' }),
    ]);
    const pp = paypalAdapter(live, fetcher);
    await pp.createOrder({
      purchaseId: '0190a000-0000-7000-8000-000000000001',
      amount: '100.00',
      returnUrl: 'https://vault.example/paypal/return',
      cancelUrl: 'https://vault.example/paypal/cancel',
    });
    await pp.getOrder('5O190127TN364715T');
    expect(seen).toHaveLength(3);
    const [token, create, get] = seen;
    expect(token).toMatchObject({ url: 'https://api-m.sandbox.paypal.com/v1/oauth2/token', method: 'POST' });
    expect(token!.headers.Authorization).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(token!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(token!.body).toBe('grant_type=client_credentials');
    expect(create).toMatchObject({ url: 'https://api-m.sandbox.paypal.com/v2/checkout/orders', method: 'POST' });
    expect(create!.headers).toMatchObject({
      Authorization: 'Bearer A21AAtoken',
      'Content-Type': 'application/json',
      'PayPal-Request-Id': '0190a000-0000-7000-8000-000000000001',
    });
    // The published example's shape: intent CAPTURE, purchase_units[0].amount {currency_code, value}.
    const body = JSON.parse(create!.body!);
    expect(body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: '0190a000-0000-7000-8000-000000000001',
          amount: { currency_code: 'USD', value: '100.00' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://vault.example/paypal/return',
            cancel_url: 'https://vault.example/paypal/cancel',
          },
        },
      },
    });
    expect(get).toMatchObject({
      url: 'https://api-m.sandbox.paypal.com/v2/checkout/orders/5O190127TN364715T',
      method: 'GET',
    });
    expect(get!.body).toBeUndefined();
  });

  it('captures with PayPal-Request-Id and names PayPal refusals by their issue', async () => {
    const { seen, fetcher } = recording([
      tokenAnswer,
      () =>
        json(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' }],
          debug_id: 'abc',
        }),
    ]);
    const pp = paypalAdapter(live, fetcher);
    const error = await pp.captureOrder('8F783829JA718493L', 'req-1').catch((e) => e);
    expect(error).toBeInstanceOf(PaypalError);
    expect(error.status).toBe(422);
    expect(error.issue).toBe('ORDER_NOT_APPROVED');
    expect(seen[1]).toMatchObject({
      url: 'https://api-m.sandbox.paypal.com/v2/checkout/orders/8F783829JA718493L/capture',
      method: 'POST',
    });
    expect(seen[1]!.headers['PayPal-Request-Id']).toBe('req-1');
  });

  it('verifies a webhook with the published request body; SUCCESS only', async () => {
    const { seen, fetcher } = recording([
      tokenAnswer,
      () => json(200, { verification_status: 'SUCCESS' }),
      () => json(200, { verification_status: 'FAILURE' }),
    ]);
    const pp = paypalAdapter(live, fetcher);
    const headers = transmissionHeaders({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-sig':
        'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
      'paypal-transmission-time': '2016-02-18T20:01:35Z',
    });
    const event = { id: 'WH-0G2756385H040842W-5Y612302CV158622M', event_type: 'PAYMENT.CAPTURE.COMPLETED' };
    expect(await pp.verifyWebhook(headers, event)).toBe(true);
    expect(await pp.verifyWebhook(headers, event)).toBe(false);
    expect(seen[1]!.url).toBe('https://api-m.sandbox.paypal.com/v1/notifications/verify-webhook-signature');
    expect(JSON.parse(seen[1]!.body!)).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      transmission_sig: headers.transmission_sig,
      transmission_time: '2016-02-18T20:01:35Z',
      webhook_id: 'WH1',
      webhook_event: event,
    });
  });

  it('a network failure is a PaypalError with status 0', async () => {
    const fetcher = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const error = await paypalAdapter(live, fetcher)
      .getOrder('X')
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaypalError);
    expect(error.status).toBe(0);
  });

  it('createOrderBody and the sandbox CRC32 (the string PayPal signs ends with the CRC32 of the body)', () => {
    expect(createOrderBody({ purchaseId: 'p', amount: '1.00', returnUrl: 'r', cancelUrl: 'c' }).intent).toBe('CAPTURE');
    // The standard check value of CRC-32.
    expect(crc32('123456789')).toBe(String(0xcbf43926));
  });
});
