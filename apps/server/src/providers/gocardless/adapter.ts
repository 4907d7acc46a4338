import { randomUUID } from 'node:crypto';
import { fromUnits, toUnits } from '@vault/contract/money';
import { z } from 'zod';
import { type Config, ConfigError } from '../../config.ts';

/**
 * GoCardless Pro API (https://developer.gocardless.com/api-reference), the subset we use, as the official
 * client (gocardless/gocardless-nodejs `src/api/api.ts`, `src/services/*`) speaks it:
 * - `Authorization: Bearer <access token>`, `GoCardless-Version: 2015-07-06`, JSON both ways;
 * - every POST carries an `Idempotency-Key`; a repeat of a creation answers 409 `invalid_state` with the
 *   reason `idempotent_creation_conflict` and `links.conflicting_resource_id`, and the client then fetches
 *   that resource: the same key gives the same resource;
 * - request bodies are wrapped in the resource's name (`{redirect_flows: {…}}`, `{payments: {…}}`), actions
 *   in `data` (`{data: {session_token}}`); answers are wrapped the same way;
 * - errors are `{error: {type, code, message, errors: [{reason | field, message, …}], request_id}}`.
 * Amounts are integers in the currency's minor unit (pence, cents).
 */
export const GOCARDLESS_VERSION = '2015-07-06';
export const LIVE_BASE_URL = 'https://api.gocardless.com';
export const SANDBOX_BASE_URL = 'https://api-sandbox.gocardless.com';
/** Where our own sandbox (sandbox.ts) is mounted, under PUBLIC_URL. */
export const SANDBOX_PREFIX = '/sandbox/gocardless';
/** The token and webhook secret our sandbox expects when no real credentials are configured. */
export const SANDBOX_ACCESS_TOKEN = 'sandbox_local_access_token';
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-local-webhook-secret';

export type GoCardlessSettings = {
  baseUrl: string;
  accessToken: string;
  webhookSecret: string;
  /** True when we talk to our own sandbox (no GOCARDLESS_ACCESS_TOKEN); its routes are then registered. */
  localSandbox: boolean;
  /** Where GoCardless (or our sandbox) posts webhooks. */
  webhookUrl: string;
};

/**
 * What the configuration says: real credentials (GOCARDLESS_ACCESS_TOKEN and GOCARDLESS_WEBHOOK_SECRET) talk
 * to GoCardless (`live_…` tokens to the live API, others to GoCardless' own sandbox, unless
 * GOCARDLESS_BASE_URL says otherwise); without a token, our sandbox under PUBLIC_URL. Production never
 * falls back to our sandbox, whose pages let anyone "pay": there, no token means GoCardless is off (null).
 */
export function gocardlessSettings(config: Config): GoCardlessSettings | null {
  const webhookUrl = `${config.publicUrl}/api/webhooks/gocardless`;
  const token = config.GOCARDLESS_ACCESS_TOKEN;
  if (token) {
    if (!config.GOCARDLESS_WEBHOOK_SECRET)
      throw new ConfigError('Invalid configuration: GOCARDLESS_WEBHOOK_SECRET: required with GOCARDLESS_ACCESS_TOKEN');
    const baseUrl = config.GOCARDLESS_BASE_URL ?? (token.startsWith('live_') ? LIVE_BASE_URL : SANDBOX_BASE_URL);
    return {
      baseUrl: baseUrl.replace(/\/$/, ''),
      accessToken: token,
      webhookSecret: config.GOCARDLESS_WEBHOOK_SECRET,
      localSandbox: false,
      webhookUrl,
    };
  }
  if (config.NODE_ENV === 'production') return null;
  return {
    baseUrl: (config.GOCARDLESS_BASE_URL ?? `${config.publicUrl}${SANDBOX_PREFIX}`).replace(/\/$/, ''),
    accessToken: SANDBOX_ACCESS_TOKEN,
    webhookSecret: config.GOCARDLESS_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET,
    localSandbox: true,
    webhookUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// Minor units: every GoCardless currency (AUD CAD DKK EUR GBP NZD SEK USD) has two decimals.
// ---------------------------------------------------------------------------------------------

const MINOR_DIGITS = 2;
/** 1e-8 units (money.ts) per minor unit. */
const UNITS_PER_MINOR = 10n ** BigInt(8 - MINOR_DIGITS);

/** '12.34' → 1234n, exactly (bigint); an amount with more than two decimals or not above zero throws. */
export function toMinorUnits(amount: string): bigint {
  const units = toUnits(amount);
  if (units % UNITS_PER_MINOR !== 0n) throw new RangeError(`not a whole number of cents: ${amount}`);
  const minor = units / UNITS_PER_MINOR;
  if (minor <= 0n) throw new RangeError(`not above zero: ${amount}`);
  return minor;
}

/** 1234n → '12.34' (money.ts canonical form). */
export const fromMinorUnits = (minor: bigint) => fromUnits(minor * UNITS_PER_MINOR);

/** A minor-unit amount as the API writes it: a JSON integer, or (some clients) its digits as a string. */
const minorAmount = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,18}$/)])
  .transform((v) => BigInt(v));

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

export type GoCardlessErrorDetail = {
  reason?: string;
  field?: string;
  message?: string;
  request_pointer?: string;
  links?: Record<string, string>;
};

/**
 * Every failure of a call: an error answer of the API (status, type such as `validation_failed`,
 * `invalid_state`, `invalid_api_usage`, `gocardless`; the details' reasons), a network failure or timeout
 * (status 0, type `network`), or an answer we cannot read (type `unreadable`).
 */
export class GoCardlessError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly errors: GoCardlessErrorDetail[] = [],
    readonly requestId?: string,
  ) {
    super(`GoCardless ${status} ${type}: ${message}`);
    this.name = 'GoCardlessError';
  }
  /** Whether one of the details has this reason (`idempotent_creation_conflict`, `redirect_flow_incomplete`…). */
  has(reason: string) {
    return this.errors.some((e) => e.reason === reason);
  }
}

const errorBody = z.object({
  error: z.object({
    type: z.string(),
    code: z.number().optional(),
    message: z.string(),
    request_id: z.string().optional(),
    errors: z
      .array(
        z.looseObject({
          reason: z.string().optional(),
          field: z.string().optional(),
          message: z.string().optional(),
          request_pointer: z.string().optional(),
          links: z.record(z.string(), z.string()).optional(),
        }),
      )
      .optional(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Resources (the fields we read; the API sends more)
// ---------------------------------------------------------------------------------------------

const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9A-Z]{1,60}$`));

const redirectFlow = z.object({
  id: id('RE'),
  description: z.string().nullish(),
  session_token: z.string().nullish(),
  success_redirect_url: z.string(),
  redirect_url: z.string().nullish(),
  confirmation_url: z.string().nullish(),
  created_at: z.string(),
  links: z
    .object({
      creditor: z.string().nullish(),
      customer: z.string().nullish(),
      customer_bank_account: z.string().nullish(),
      mandate: z.string().nullish(),
    })
    .default({}),
});
export type RedirectFlow = z.infer<typeof redirectFlow>;

export const PAYMENT_STATUSES = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'cancelled',
  'customer_approval_denied',
  'failed',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const payment = z.object({
  id: id('PM'),
  amount: minorAmount,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  charge_date: z.string().nullish(),
  created_at: z.string(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).default({}),
  links: z.object({ mandate: z.string(), creditor: z.string().nullish() }),
});
export type Payment = z.infer<typeof payment>;

/** The prefilled customer of a redirect flow (all optional; the payer may amend them on the page). */
export type PrefilledCustomer = Partial<
  Record<
    | 'given_name'
    | 'family_name'
    | 'email'
    | 'company_name'
    | 'address_line1'
    | 'address_line2'
    | 'city'
    | 'postal_code'
    | 'country_code'
    | 'phone_number'
    | 'language',
    string
  >
>;

export type GoCardlessClient = ReturnType<typeof createGoCardless>;

/**
 * The client. `fetch` and the timeout are injectable for tests. Each POST takes the caller's idempotency key
 * (a purchase id, a member's flow): a retry after a lost answer finds the resource made the first time.
 */
export function createGoCardless(
  settings: Pick<GoCardlessSettings, 'baseUrl' | 'accessToken'>,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
) {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${settings.accessToken}`,
      'GoCardless-Version': GOCARDLESS_VERSION,
    };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      headers['Idempotency-Key'] = idempotencyKey ?? randomUUID();
    }
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${settings.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (error) {
      throw new GoCardlessError(0, 'network', error instanceof Error ? error.message : String(error));
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new GoCardlessError(res.status, 'unreadable', `not JSON (${text.length} bytes)`);
    }
    if (!res.ok) {
      const parsed = errorBody.safeParse(json);
      if (!parsed.success) throw new GoCardlessError(res.status, 'unreadable', `HTTP ${res.status}`);
      const e = parsed.data.error;
      throw new GoCardlessError(res.status, e.type, e.message, e.errors ?? [], e.request_id);
    }
    return json;
  }

  /** Reads `{ [key]: resource }` with the resource's schema. */
  function unwrap<T>(json: unknown, key: string, schema: z.ZodType<T>): T {
    const parsed = z.object({ [key]: schema }).safeParse(json);
    if (!parsed.success) throw new GoCardlessError(200, 'unreadable', `unexpected ${key} answer`);
    return parsed.data[key] as T;
  }

  /** A creation: a repeat of its key answers 409 naming the first resource, which is then fetched. */
  async function create<T>(
    path: string,
    key: string,
    body: unknown,
    idempotencyKey: string | undefined,
    find: (id: string) => Promise<T>,
    schema: z.ZodType<T>,
  ) {
    try {
      return unwrap(await call('POST', path, body, idempotencyKey), key, schema);
    } catch (error) {
      if (error instanceof GoCardlessError && error.status === 409 && error.has('idempotent_creation_conflict')) {
        const first = error.errors.find((e) => e.reason === 'idempotent_creation_conflict')?.links
          ?.conflicting_resource_id;
        if (first) return find(first);
      }
      throw error;
    }
  }

  const getRedirectFlow = async (flowId: string) =>
    unwrap(await call('GET', `/redirect_flows/${encodeURIComponent(flowId)}`), 'redirect_flows', redirectFlow);
  const getPayment = async (paymentId: string) =>
    unwrap(await call('GET', `/payments/${encodeURIComponent(paymentId)}`), 'payments', payment);

  return {
    /** POST /redirect_flows → the flow, whose `redirect_url` the payer is sent to. */
    createRedirectFlow: (
      input: {
        description?: string;
        sessionToken: string;
        successRedirectUrl: string;
        prefilledCustomer?: PrefilledCustomer;
      },
      idempotencyKey?: string,
    ) =>
      create(
        '/redirect_flows',
        'redirect_flows',
        {
          redirect_flows: {
            description: input.description,
            session_token: input.sessionToken,
            success_redirect_url: input.successRedirectUrl,
            prefilled_customer: input.prefilledCustomer,
          },
        },
        idempotencyKey,
        getRedirectFlow,
        redirectFlow,
      ),
    getRedirectFlow,
    /**
     * POST /redirect_flows/{id}/actions/complete: after the payer came back; the same session token as at
     * creation. Answers the flow with `confirmation_url` and `links.customer`, `links.mandate`.
     */
    completeRedirectFlow: async (flowId: string, sessionToken: string) =>
      unwrap(
        await call('POST', `/redirect_flows/${encodeURIComponent(flowId)}/actions/complete`, {
          data: { session_token: sessionToken },
        }),
        'redirect_flows',
        redirectFlow,
      ),
    /** POST /payments against a mandate; `amount` is the decimal string ('12.34'), sent as minor units. */
    createPayment: (
      input: {
        amount: string;
        currency: string;
        mandateId: string;
        description?: string;
        metadata?: Record<string, string>;
      },
      idempotencyKey?: string,
    ) => {
      const minor = toMinorUnits(input.amount);
      if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount too large: ${input.amount}`);
      return create(
        '/payments',
        'payments',
        {
          payments: {
            // An exact integer (checked above): the API takes a JSON integer of minor units.
            amount: Number(minor),
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            links: { mandate: input.mandateId },
          },
        },
        idempotencyKey,
        getPayment,
        payment,
      );
    },
    getPayment,
  };
}
