import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * GoCardless webhooks (gocardless/gocardless-nodejs `src/webhooks.ts`): a POST whose `Webhook-Signature`
 * header is the hex HMAC-SHA256 of the raw body under the webhook endpoint's secret, and whose body is
 * `{events: [...]}` (up to 250 events, in no promised order; the same event may come again). An endpoint
 * answers 498 to a signature that does not match, and 2xx once it has recorded the events.
 */
export const SIGNATURE_HEADER = 'webhook-signature';
/** "Invalid token": what GoCardless expects for a bad signature; it does not retry it. */
export const INVALID_SIGNATURE_STATUS = 498;

export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of the header against the body; anything but 64 hex digits is simply false. */
export function verifyWebhookSignature(rawBody: string | Buffer, secret: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const event = z.looseObject({
  id: z.string().regex(/^EV[0-9A-Z]{1,60}$/),
  created_at: z.string().max(64),
  resource_type: z.string().max(64),
  action: z.string().max(64),
  links: z.record(z.string(), z.string().max(100)).default({}),
  details: z
    .looseObject({
      origin: z.string().max(100).optional(),
      cause: z.string().max(100).optional(),
      description: z.string().max(1000).optional(),
      reason_code: z.string().max(100).nullish(),
      scheme: z.string().max(100).nullish(),
    })
    .default({}),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type GoCardlessEvent = z.infer<typeof event>;

const body = z.object({ events: z.array(event).max(1000) });

/** A signed body we cannot read as events (after a good signature: GoCardless' fault or a forgery's). */
export class WebhookBodyError extends Error {}

/** The events of a verified body, in the order sent (callers must not rely on it). */
export function parseWebhookEvents(rawBody: string | Buffer): GoCardlessEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new WebhookBodyError('webhook body is not JSON');
  }
  const parsed = body.safeParse(json);
  if (!parsed.success) throw new WebhookBodyError('webhook body is not a list of events');
  return parsed.data.events;
}

/** Verifies, then parses: null when the signature is wrong (answer 498). */
export function verifiedEvents(rawBody: string | Buffer, secret: string, header: unknown): GoCardlessEvent[] | null {
  if (!verifyWebhookSignature(rawBody, secret, header)) return null;
  return parseWebhookEvents(rawBody);
}
