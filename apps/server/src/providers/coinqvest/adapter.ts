import { z } from 'zod';
import { digestHeaders } from './signing.ts';

/**
 * A client of the COINQVEST (Whalestack) API: the requests the SDKs make, signed the same way (signing.ts),
 * over fetch. `baseUrl` is the API root: https://www.whalestack.com/api/v1 with real credentials, our own
 * sandbox (`${publicUrl}/sandbox/coinqvest`, sandbox.ts) without. Nothing else differs between the two.
 */
export type CoinqvestOptions = {
  baseUrl: string;
  key: string;
  secret: string;
  /** Milliseconds before a call is abandoned as unavailable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/** The API's real root; COINQVEST_BASE_URL overrides it. */
export const COINQVEST_API_ROOT = 'https://www.whalestack.com/api/v1';

/** POST /customer's `customer` (the SDK's example fields); adr2 and taxid are optional. */
export type CoinqvestCustomer = {
  email: string;
  firstname: string;
  lastname: string;
  company: string;
  adr1: string;
  adr2?: string;
  zip: string;
  city: string;
  countrycode: string;
  phonenumber: string;
  taxid?: string;
};

export type HostedCheckoutInput = {
  customerId: string;
  /** ISO currency of the charge; we bill in USD. */
  billingCurrency: string;
  /** netAmount as a decimal string with at most 2 decimals (sent as a JSON number, never computed). */
  lineItems: { description: string; netAmount: string; quantity: number }[];
  settlementAsset?: string;
  /** Where the provider posts this checkout's events. */
  webhook: string;
  links: { returnUrl: string; cancelUrl: string };
};

/** What went wrong, for the caller to decide what the member hears (never the provider's own words). */
export type CoinqvestErrorKind = 'unauthorized' | 'invalid' | 'not_found' | 'unavailable';

export class CoinqvestError extends Error {
  constructor(
    readonly kind: CoinqvestErrorKind,
    readonly status: number,
    readonly errors: string[] = [],
  ) {
    super(`COINQVEST ${kind} (${status})${errors.length ? `: ${errors.join('; ')}` : ''}`);
    this.name = 'CoinqvestError';
  }
}

const customerAnswer = z.object({ customerId: z.string().min(1) });
/** The SDK's examples read `checkoutId`; later API versions answer `id`. Either is accepted. */
const checkoutAnswer = z
  .object({ id: z.string().min(1).optional(), checkoutId: z.string().min(1).optional(), url: z.url() })
  .refine((a) => a.id ?? a.checkoutId, { message: 'no checkout id' })
  .transform((a) => ({ id: (a.id ?? a.checkoutId)!, url: a.url }));
const checkoutState = z.object({
  checkout: z.looseObject({
    id: z.string(),
    state: z.string(),
    settlementAmountRequired: z.union([z.string(), z.number()]).optional(),
    settlementAmountReceived: z.union([z.string(), z.number()]).optional(),
  }),
});
/**
 * POST /deposit-address: the published guides name the call (GET /wallets and POST /deposit-address give the
 * account's blockchain addresses) but not its fields; we read the address under `depositAddress` or at the
 * top, with an optional memo (a shared Stellar account) and id.
 */
const depositAddressFields = z.looseObject({
  id: z.string().min(1).max(200).optional(),
  address: z.string().trim().min(1).max(200),
  memo: z.string().max(100).nullish(),
});
const depositAddressAnswer = z
  .union([z.looseObject({ depositAddress: depositAddressFields }), depositAddressFields])
  .transform((a) => {
    const d = ('depositAddress' in a ? a.depositAddress : a) as z.infer<typeof depositAddressFields>;
    return { id: d.id ?? null, address: d.address, memo: d.memo ?? '' };
  });
/** POST /withdrawal: the SDK's examples read nothing back; we keep the id (`withdrawalId` or `id`) and state. */
const withdrawalAnswer = z
  .looseObject({
    withdrawalId: z.string().min(1).optional(),
    id: z.string().min(1).optional(),
    state: z.string().optional(),
  })
  .refine((a) => a.withdrawalId ?? a.id, { message: 'no withdrawal id' })
  .transform((a) => ({ id: (a.withdrawalId ?? a.id)!, state: a.state ?? 'PENDING' }));
const networksAnswer = z.looseObject({ networks: z.array(z.looseObject({})) });

/** A decimal money string as a JSON number literal: a conversion of at most 15 significant digits, no arithmetic. */
function moneyNumber(amount: string): number {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount)) throw new Error(`not a money amount with at most 2 decimals: ${amount}`);
  return Number(amount);
}

const errorList = (body: unknown): string[] => {
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors))
    return body.errors.filter((e): e is string => typeof e === 'string').slice(0, 10);
  return [];
};

export function createCoinqvestClient(options: CoinqvestOptions) {
  const root = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    params?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const body = method === 'GET' || params === undefined ? '' : JSON.stringify(params);
    const query =
      method === 'GET' && params ? `?${new URLSearchParams(params as Record<string, string>).toString()}` : '';
    let res: Response;
    try {
      res = await doFetch(`${root}${path}${query}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}),
          ...digestHeaders(options.key, options.secret, path, method, body, now()),
          ...extraHeaders,
        },
        body: body || undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new CoinqvestError('unavailable', 0);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status === 401 || res.status === 403) throw new CoinqvestError('unauthorized', res.status, errorList(json));
    if (res.status === 404) throw new CoinqvestError('not_found', res.status, errorList(json));
    if (res.status >= 400 && res.status < 500) throw new CoinqvestError('invalid', res.status, errorList(json));
    if (res.status !== 200) throw new CoinqvestError('unavailable', res.status, errorList(json));
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CoinqvestError('unavailable', res.status, ['unexpected answer']);
    return parsed.data;
  }

  return {
    /** POST /customer → the new customer's id. */
    async createCustomer(customer: CoinqvestCustomer): Promise<{ customerId: string }> {
      const clean = Object.fromEntries(Object.entries(customer).filter(([, v]) => v !== undefined && v !== ''));
      return call('POST', '/customer', customerAnswer, { customer: clean });
    },
    /** POST /checkout/hosted → the checkout's id and the URL the payer opens. */
    async createHostedCheckout(input: HostedCheckoutInput): Promise<{ id: string; url: string }> {
      return call('POST', '/checkout/hosted', checkoutAnswer, {
        charge: {
          customerId: input.customerId,
          billingCurrency: input.billingCurrency,
          lineItems: input.lineItems.map((l) => ({
            description: l.description,
            netAmount: moneyNumber(l.netAmount),
            quantity: l.quantity,
          })),
        },
        ...(input.settlementAsset ? { settlementAsset: input.settlementAsset } : {}),
        webhook: input.webhook,
        links: input.links,
      });
    },
    /** GET /checkout?id= → its state (COMPLETED, DELAYED_COMPLETED, RESOLVED mean paid, per the SDK). */
    async getCheckout(id: string) {
      const answer = await call('GET', '/checkout', checkoutState, { id });
      return answer.checkout;
    },
    /** POST /deposit-address → a deposit address of the account on `network`, for the customer named. */
    async createDepositAddress(input: { network: string; customerId?: string }) {
      return call('POST', '/deposit-address', depositAddressAnswer, input);
    },
    /**
     * POST /withdrawal (the SDKs' examples): `sourceAmount` of `sourceAsset` from our account at COINQVEST to
     * the target network's account (a decimal string, as the Ruby SDK sends it). `idempotencyKey`, the same on
     * every retry of one payout, goes in an Idempotency-Key header: the sandbox answers a repeated key with the
     * withdrawal it already made, and the desk never retries with a new one.
     */
    async createWithdrawal(
      input: {
        sourceAsset: string;
        sourceAmount: string;
        targetNetwork: string;
        targetAccount: Record<string, unknown>;
      },
      idempotencyKey: string,
    ) {
      return call('POST', '/withdrawal', withdrawalAnswer, input, { 'Idempotency-Key': idempotencyKey });
    },
    /** GET /networks: where a withdrawal can go. */
    async networks() {
      return (await call('GET', '/networks', networksAnswer)).networks;
    },
  };
}

export type CoinqvestClient = ReturnType<typeof createCoinqvestClient>;
