import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CoinqvestError, createCoinqvestClient } from '../../src/providers/coinqvest/adapter.ts';
import { digestHeaders, digestSignature, sameDigest, webhookAuth } from '../../src/providers/coinqvest/signing.ts';
import { parseWebhook, verifyWebhook } from '../../src/providers/coinqvest/webhook.ts';

/**
 * The SDKs publish no signature with concrete values, so the vectors below were computed with openssl
 * (`printf '%s' '/customer1700000000POST{…}' | openssl dgst -sha256 -hmac SECRET`; `printf '%s' SECRET{…} |
 * sha256sum`), and the SDK's own expression (whalestackhq/nodejs-sdk src/lib/index.js buildConfig) is
 * reproduced below as `sdkSignature` to check the adapter against it on real requests.
 */
const SECRET = 'test-secret-29-characters-xx';

/** whalestackhq/nodejs-sdk: HMAC(secret, url + timestamp + METHOD + (get ? '' : JSON.stringify(data))). */
function sdkSignature(secret: string, method: 'get' | 'post', url: string, timestamp: number, data?: unknown) {
  return createHmac('sha256', secret)
    .update(url + timestamp.toString() + method.toUpperCase() + (method === 'get' ? '' : JSON.stringify(data)))
    .digest('hex');
}

describe('COINQVEST request signature', () => {
  it('matches the openssl vectors', () => {
    expect(
      digestSignature(
        SECRET,
        '/customer',
        1700000000,
        'POST',
        '{"customer":{"email":"john@doe.com","firstname":"John"}}',
      ),
    ).toBe('4183cb5fba68b6b0644359bf7b54d7d3ee7940a8ce560a8eaed81a7841b150c1');
    expect(digestSignature(SECRET, '/checkout', '1700000000', 'get', '')).toBe(
      '248f88ba106de4003c1ec664e3f6e1c1e79caf70c85fa7fbc942edb16a8ef041',
    );
  });

  it('headers carry the key, the Unix-seconds timestamp and the signature', () => {
    const h = digestHeaders('KEY', SECRET, '/customer', 'POST', '{}', 1700000000999);
    expect(h).toEqual({
      'X-Digest-Key': 'KEY',
      'X-Digest-Timestamp': '1700000000',
      'X-Digest-Signature': sdkSignature(SECRET, 'post', '/customer', 1700000000, {}),
    });
  });

  it('the adapter signs exactly what it sends, the path without /api/v1 and without the query', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const body = url.includes('/customer')
        ? { customerId: 'cus_1' }
        : url.includes('/checkout/hosted')
          ? { checkoutId: 'chk_1', url: 'https://pay.example/chk_1' }
          : { checkout: { id: 'chk_1', state: 'COMPLETED' } };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as unknown as typeof fetch;
    const client = createCoinqvestClient({
      baseUrl: 'https://www.whalestack.com/api/v1/',
      key: 'KEY',
      secret: SECRET,
      fetch: fakeFetch,
      now: () => 1700000000000,
    });
    const customer = {
      email: 'john@doe.com',
      firstname: 'John',
      lastname: 'Doe',
      company: 'ACME Inc.',
      adr1: '810 Beach St',
      zip: 'CA 94133',
      city: 'San Francisco',
      countrycode: 'US',
      phonenumber: '+1 555 0100',
    };
    expect(await client.createCustomer({ ...customer, adr2: '', taxid: undefined })).toEqual({ customerId: 'cus_1' });
    expect(
      await client.createHostedCheckout({
        customerId: 'cus_1',
        billingCurrency: 'USD',
        lineItems: [{ description: '10 Q', netAmount: '100.50', quantity: 1 }],
        webhook: 'https://vault.example/api/webhooks/coinqvest',
        links: { returnUrl: 'https://vault.example/r', cancelUrl: 'https://vault.example/c' },
      }),
    ).toEqual({ id: 'chk_1', url: 'https://pay.example/chk_1' });
    expect((await client.getCheckout('chk_1')).state).toBe('COMPLETED');

    const [post, hosted, get] = seen;
    expect(post!.url).toBe('https://www.whalestack.com/api/v1/customer');
    expect(JSON.parse(post!.init.body as string)).toEqual({ customer });
    const postHeaders = post!.init.headers as Record<string, string>;
    expect(postHeaders['X-Digest-Signature']).toBe(
      sdkSignature(SECRET, 'post', '/customer', 1700000000, JSON.parse(post!.init.body as string)),
    );
    expect(hosted!.init.body).toContain('"netAmount":100.5');
    expect((hosted!.init.headers as Record<string, string>)['X-Digest-Signature']).toBe(
      sdkSignature(SECRET, 'post', '/checkout/hosted', 1700000000, JSON.parse(hosted!.init.body as string)),
    );
    expect(get!.url).toBe('https://www.whalestack.com/api/v1/checkout?id=chk_1');
    expect(get!.init.body).toBeUndefined();
    expect((get!.init.headers as Record<string, string>)['X-Digest-Signature']).toBe(
      sdkSignature(SECRET, 'get', '/checkout', 1700000000),
    );
  });

  it('maps refusals and outages to errors without the provider in charge of our words', async () => {
    const answering = (status: number, body: string) =>
      createCoinqvestClient({
        baseUrl: 'https://x.test/api/v1',
        key: 'k',
        secret: 's',
        fetch: (async () => new Response(body, { status })) as unknown as typeof fetch,
      });
    await expect(answering(401, '{"errors":["Invalid signature"]}').getCheckout('x')).rejects.toMatchObject({
      kind: 'unauthorized',
      errors: ['Invalid signature'],
    });
    await expect(answering(400, '{"errors":["bad"]}').getCheckout('x')).rejects.toMatchObject({ kind: 'invalid' });
    await expect(answering(404, '').getCheckout('x')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(answering(502, '<html>').getCheckout('x')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(answering(200, '{"nope":1}').getCheckout('x')).rejects.toBeInstanceOf(CoinqvestError);
    const down = createCoinqvestClient({
      baseUrl: 'https://x.test',
      key: 'k',
      secret: 's',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.networks()).rejects.toMatchObject({ kind: 'unavailable', status: 0 });
  });
});

describe('COINQVEST webhooks', () => {
  const body = '{"eventType":"CHECKOUT_COMPLETED","data":{"checkout":{"id":"chk_1","state":"COMPLETED"}}}';

  it('X-Webhook-Auth is SHA-256 of secret + raw body (openssl vector) and is compared exactly', () => {
    const expected = '65fe18b9a932d72329808ff07c43112d312cccc8acd6c8f9ea7da7ed04e608cd';
    expect(webhookAuth(SECRET, body)).toBe(expected);
    expect(webhookAuth(SECRET, Buffer.from(body))).toBe(
      createHash('sha256')
        .update(SECRET + body)
        .digest('hex'),
    );
    expect(verifyWebhook(SECRET, body, expected)).toBe(true);
    expect(verifyWebhook(SECRET, body, expected.toUpperCase())).toBe(true);
    expect(verifyWebhook(SECRET, `${body} `, expected)).toBe(false);
    expect(verifyWebhook('other', body, expected)).toBe(false);
    expect(verifyWebhook(SECRET, body, undefined)).toBe(false);
    expect(verifyWebhook(SECRET, body, [expected])).toBe(true);
    expect(sameDigest('zz', expected)).toBe(false);
    expect(sameDigest(`${expected}00`, expected)).toBe(false);
  });

  it('parses the events we act on, with amounts as decimal strings', () => {
    expect(parseWebhook(body)).toMatchObject({
      kind: 'checkout',
      eventType: 'CHECKOUT_COMPLETED',
      eventId: 'CHECKOUT_COMPLETED:chk_1',
      checkout: { id: 'chk_1' },
    });
    const under = parseWebhook(
      JSON.stringify({
        eventType: 'CHECKOUT_UNDERPAID',
        data: { checkout: { id: 'c2', settlementAmountRequired: 100.5, settlementAmountReceived: '40.25' } },
      }),
    );
    expect(under).toMatchObject({
      checkout: { settlementAmountRequired: '100.5', settlementAmountReceived: '40.25' },
    });
    expect(
      parseWebhook(
        JSON.stringify({
          eventType: 'DEPOSIT_COMPLETED',
          data: { deposit: { id: 'd1', address: 'GABC', assetCode: 'USDC', amount: '12.5' } },
        }),
      ),
    ).toMatchObject({ kind: 'deposit', eventId: 'DEPOSIT_COMPLETED:d1', deposit: { amount: '12.5' } });
    expect(parseWebhook('{"type":"old"}')).toMatchObject({ kind: 'ignored', eventId: null });
    expect(parseWebhook('{"eventType":"SOMETHING_NEW","data":{}}')).toMatchObject({ kind: 'ignored' });
    for (const bad of [
      'not json',
      '[]',
      'null',
      '{"eventType":"CHECKOUT_COMPLETED","data":{}}',
      '{"eventType":"CHECKOUT_COMPLETED","data":{"checkout":{"id":"x","settlementAmountReceived":"-1"}}}',
      '{"eventType":"DEPOSIT_COMPLETED","data":{"deposit":{"id":"d","assetCode":"X","amount":1e-9}}}',
    ])
      expect(parseWebhook(bad)).toBeNull();
  });
});
