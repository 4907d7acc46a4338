import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAmount } from '@vault/contract/money';
import { SWAP_FLOWS } from '@vault/contract/schemas/swap';
import { z } from 'zod';

/**
 * Stateless swap quotes (decision 0007): what a quote promises is in the quote itself, signed with a key
 * derived from the shared `hmac` secret (one per database, so every process agrees), so no table holds
 * quotes and any process can honour one. A quote id is `<payload>.<signature>`, both base64url; the
 * payload is JSON of the fields below. Whoever holds a quote can read it (it says nothing the member was
 * not shown) but cannot alter it: the signature covers every byte and is compared in constant time.
 */

const decimal = z.string().refine(isAmount);

/** What a quote binds: the member, the flow, both assets, the amount, the prices, the spread, the amounts, the expiry. */
const payload = z.strictObject({
  v: z.literal(1),
  /** The member it was made for. */
  u: z.string(),
  fl: z.enum(SWAP_FLOWS),
  /** Given and received assets. */
  f: z.string(),
  t: z.string(),
  /** Amount given, canonical. */
  a: decimal,
  /** Catalogue prices at the quote (USD per unit of f and of t). */
  pf: decimal,
  pt: decimal,
  /** Spread, basis points. */
  s: z.number().int().min(0).max(10_000),
  /** Gross, spread and received amounts of t. */
  g: decimal,
  fe: decimal,
  r: decimal,
  /** Net rate (units of t per unit of f, 8 decimals). */
  rt: decimal,
  /** Expiry, ms since the epoch. */
  x: z.number().int(),
});
export type QuotePayload = z.infer<typeof payload>;

export function quoteSigner(secret: string) {
  const key = createHmac('sha256', secret).update('swap quotes v1').digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    sign(quote: QuotePayload): string {
      const data = Buffer.from(JSON.stringify(quote)).toString('base64url');
      return `${data}.${mac(data).toString('base64url')}`;
    },

    /** The payload of a quote this server signed, or null for anything else (altered, forged, malformed). */
    verify(quoteId: string): QuotePayload | null {
      const parts = quoteId.split('.');
      if (parts.length !== 2) return null;
      const [data, signature] = parts as [string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(data);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = payload.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

/** A short, stable name of a quote for the journal (its signature's first 22 characters). */
export const quoteName = (quoteId: string) => quoteId.slice(quoteId.indexOf('.') + 1).slice(0, 22);
