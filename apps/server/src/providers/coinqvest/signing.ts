import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * COINQVEST (now Whalestack) request and webhook signatures, as the provider's own SDKs compute them
 * (whalestackhq/nodejs-sdk `src/lib/index.js` buildConfig; the PHP merchant client's buildAuthHeaders):
 *
 *   X-Digest-Signature = hex HMAC-SHA256(secret, path + timestamp + METHOD + body)
 *
 * `path` is the endpoint as the SDK is given it, relative to the API root and without the query string
 * ("/customer", "/checkout/hosted", "/checkout" for GET /checkout?id=…), not "/api/v1/customer";
 * `timestamp` is Unix seconds; METHOD is upper case; `body` is the exact JSON text sent, and empty for GET.
 *
 * Webhooks carry `X-Webhook-Auth` = hex SHA-256(secret + raw body) (the provider's WooCommerce and
 * WordPress plugins check exactly this), the secret being the API secret.
 */
export function digestSignature(
  secret: string,
  path: string,
  timestamp: string | number,
  method: string,
  body: string,
) {
  return createHmac('sha256', secret)
    .update(path + String(timestamp) + method.toUpperCase() + body)
    .digest('hex');
}

export function webhookAuth(secret: string, rawBody: string | Buffer) {
  return createHash('sha256')
    .update(
      Buffer.concat([Buffer.from(secret, 'utf8'), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8')]),
    )
    .digest('hex');
}

/** Constant-time comparison of two hex digests; anything not a 64-digit hex string is simply unequal. */
export function sameDigest(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const a = Buffer.from(given.toLowerCase(), 'hex');
  const b = Buffer.from(expected.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The headers a signed request carries (the SDK's `X-Digest-*`). */
export function digestHeaders(
  key: string,
  secret: string,
  path: string,
  method: string,
  body: string,
  now = Date.now(),
) {
  const timestamp = Math.floor(now / 1000);
  return {
    'X-Digest-Key': key,
    'X-Digest-Timestamp': String(timestamp),
    'X-Digest-Signature': digestSignature(secret, path, timestamp, method, body),
  };
}
