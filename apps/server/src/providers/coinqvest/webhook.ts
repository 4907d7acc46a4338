import { isAmount, normalize } from '@vault/contract/money';
import { z } from 'zod';
import { sameDigest, webhookAuth } from './signing.ts';

/**
 * COINQVEST webhooks: `X-Webhook-Auth` = hex SHA-256(API secret + raw body), checked in constant time
 * against the exact bytes received (before any parsing). The payload is `{ eventType, data }` (the
 * provider's plugins read `eventType` and `data.checkout`; a payload with `type` instead is the old format,
 * which they acknowledge and ignore, as we do). Event types: CHECKOUT_COMPLETED, CHECKOUT_UNDERPAID,
 * UNDERPAID_ACCEPTED, REFUND_COMPLETED (`data.refund`), DEPOSIT_COMPLETED (`data.deposit`).
 */
export const WEBHOOK_AUTH_HEADER = 'x-webhook-auth';

export function verifyWebhook(secret: string, rawBody: string | Buffer, header: unknown): boolean {
  return sameDigest(Array.isArray(header) ? header[0] : header, webhookAuth(secret, rawBody));
}

/** A JSON amount (number or string) as a normalized decimal string, or undefined. */
const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .refine((v) => isAmount(v) && /^\d{1,20}(\.\d{1,8})?$/.test(v), { message: 'not an amount' })
  .transform((v) => normalize(v));

const checkout = z.looseObject({
  id: z.string().min(1).max(200),
  state: z.string().max(100).optional(),
  settlementAmountRequired: amount.optional(),
  settlementAmountReceived: amount.optional(),
  sourceAmountReceived: amount.optional(),
});
const deposit = z.looseObject({
  id: z.string().min(1).max(200),
  address: z.string().max(300).optional(),
  /** A shared address's memo (Stellar), naming whose deposit it is. */
  memo: z.string().max(100).nullish(),
  network: z.string().max(50).optional(),
  assetCode: z.string().min(1).max(100),
  amount,
});
const refund = z.looseObject({ id: z.string().min(1).max(200), context: z.string().max(100).optional() });

export type CoinqvestEvent =
  | {
      kind: 'checkout';
      eventType: 'CHECKOUT_COMPLETED' | 'CHECKOUT_UNDERPAID' | 'UNDERPAID_ACCEPTED';
      /** Our idempotency key for it: one event of a type per checkout. */
      eventId: string;
      checkout: z.infer<typeof checkout>;
    }
  | { kind: 'deposit'; eventType: 'DEPOSIT_COMPLETED'; eventId: string; deposit: z.infer<typeof deposit> }
  | { kind: 'refund'; eventType: 'REFUND_COMPLETED'; eventId: string; refund: z.infer<typeof refund> }
  | { kind: 'ignored'; eventType: string; eventId: string | null };

/** The parsed event, or null when the body is not a COINQVEST webhook we understand (answer 400). */
export function parseWebhook(rawBody: string): CoinqvestEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const body = json as Record<string, unknown>;
  if (!('eventType' in body) && 'type' in body) return { kind: 'ignored', eventType: String(body.type), eventId: null };
  const eventType = body.eventType;
  const data = body.data;
  if (typeof eventType !== 'string' || eventType.length > 100 || !data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  switch (eventType) {
    case 'CHECKOUT_COMPLETED':
    case 'CHECKOUT_UNDERPAID':
    case 'UNDERPAID_ACCEPTED': {
      const c = checkout.safeParse(d.checkout);
      return c.success ? { kind: 'checkout', eventType, eventId: `${eventType}:${c.data.id}`, checkout: c.data } : null;
    }
    case 'DEPOSIT_COMPLETED': {
      const p = deposit.safeParse(d.deposit);
      return p.success ? { kind: 'deposit', eventType, eventId: `${eventType}:${p.data.id}`, deposit: p.data } : null;
    }
    case 'REFUND_COMPLETED': {
      const r = refund.safeParse(d.refund);
      return r.success ? { kind: 'refund', eventType, eventId: `${eventType}:${r.data.id}`, refund: r.data } : null;
    }
    default:
      return { kind: 'ignored', eventType, eventId: null };
  }
}
