import type { Config } from '../../config.ts';

/**
 * PayPal's REST API, the subset we use (issue 13, decision 0013), as published in
 * paypal/paypal-rest-api-specifications (openapi/checkout_orders_v2.json, notifications_webhooks_v1.json):
 * OAuth2 client credentials, Orders v2 (create, get, capture, each POST idempotent by PayPal-Request-Id) and
 * verify-webhook-signature. The same code speaks to PayPal and to our sandbox (sandbox.ts): only the base URL
 * and the credentials differ.
 */

/** Where PayPal is: real credentials, our sandbox (outside production, no credentials), or off. */
export type PaypalMode = 'live' | 'sandbox' | 'off';
export const SANDBOX_PATH = '/sandbox/paypal';
/** The sandbox's own client and webhook (known to both sides of this process; nothing secret). */
export const SANDBOX_CLIENT = { id: 'sandbox-client', secret: 'sandbox-secret', webhookId: 'SANDBOXWEBHOOK' };

export function paypalSettings(config: Config) {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET)
    return {
      mode: 'live' as PaypalMode,
      baseUrl: (config.PAYPAL_BASE_URL ?? 'https://api-m.paypal.com').replace(/\/$/, ''),
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      webhookId: config.PAYPAL_WEBHOOK_ID ?? '',
    };
  return {
    mode: (config.NODE_ENV === 'production' ? 'off' : 'sandbox') as PaypalMode,
    baseUrl: `${config.publicUrl}${SANDBOX_PATH}`,
    clientId: SANDBOX_CLIENT.id,
    clientSecret: SANDBOX_CLIENT.secret,
    webhookId: SANDBOX_CLIENT.webhookId,
  };
}
export type PaypalSettings = ReturnType<typeof paypalSettings>;

export type Money = { currency_code: string; value: string };
export type Link = { href: string; rel: string; method: string };
export type Capture = {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';
  amount?: Money;
  custom_id?: string;
  final_capture?: boolean;
  status_details?: { reason?: string };
};
export type Order = {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  intent?: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: Money;
    payments?: { captures?: Capture[] };
  }[];
  links?: Link[];
};
/** PayPal's error body: `name`, `message`, `debug_id`, and `details[].issue` (ORDER_NOT_APPROVED, …). */
export type PaypalErrorBody = {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string; field?: string }[];
  links?: Link[];
};

/** A refusal PayPal answered (4xx/5xx with its error body), or no answer at all (status 0). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody,
  ) {
    super(`PayPal ${status}: ${body.name ?? ''} ${body.details?.map((d) => d.issue).join(',') ?? ''}`.trim());
  }
  /** The first detail's issue: ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, … */
  get issue() {
    return this.body.details?.[0]?.issue;
  }
}

/** The PAYPAL-* headers a webhook arrives with, as verify-webhook-signature takes them. */
export type TransmissionHeaders = {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
};

export const transmissionHeaders = (headers: Record<string, string | string[] | undefined>) => {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : '';
  };
  return {
    auth_algo: one('paypal-auth-algo'),
    cert_url: one('paypal-cert-url'),
    transmission_id: one('paypal-transmission-id'),
    transmission_sig: one('paypal-transmission-sig'),
    transmission_time: one('paypal-transmission-time'),
  };
};

/** A PayPal call that never answers is given up after this long. */
const TIMEOUT_MS = 15_000;

export type CreateOrder = {
  /** Our purchase id: PayPal-Request-Id (a repeat answers the same order) and custom_id. */
  purchaseId: string;
  /** USD to the cent ("12.50"). */
  amount: string;
  returnUrl: string;
  cancelUrl: string;
  description?: string;
};

/** The request create-order sends (exported for the unit test of its shape). */
export const createOrderBody = (input: CreateOrder) => ({
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: input.purchaseId,
      custom_id: input.purchaseId,
      description: input.description,
      amount: { currency_code: 'USD', value: input.amount },
    },
  ],
  payment_source: {
    paypal: {
      experience_context: {
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    },
  },
});

export function paypalAdapter(settings: PaypalSettings, fetcher: typeof fetch = fetch) {
  let token: { value: string; until: number } | undefined;

  async function call<T>(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
    let res: Response;
    try {
      res = await fetcher(`${settings.baseUrl}${path}`, {
        method: init.method,
        headers: {
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaypalError(0, { name: 'NETWORK', message: (error as Error).message });
    }
    const text = await res.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { name: 'NOT_JSON', message: text.slice(0, 200) };
    }
    if (!res.ok) throw new PaypalError(res.status, body as PaypalErrorBody);
    return body as T;
  }

  /** POST /v1/oauth2/token (client credentials, Basic auth): the bearer, kept until a minute before it expires. */
  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetcher(`${settings.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaypalError(0, { name: 'NETWORK', message: (error as Error).message });
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new PaypalError(res.status, { name: 'AUTHENTICATION_FAILURE' });
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  const authed = async (headers: Record<string, string> = {}) => ({
    Authorization: `Bearer ${await accessToken()}`,
    ...headers,
  });

  return {
    settings,

    /** POST /v2/checkout/orders: intent CAPTURE, USD, custom_id our purchase, the return and cancel URLs. */
    async createOrder(input: CreateOrder) {
      return call<Order>('/v2/checkout/orders', {
        method: 'POST',
        headers: await authed({ 'PayPal-Request-Id': input.purchaseId, Prefer: 'return=representation' }),
        body: createOrderBody(input),
      });
    },

    /** GET /v2/checkout/orders/{id}. */
    async getOrder(orderId: string) {
      return call<Order>(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, {
        method: 'GET',
        headers: await authed(),
      });
    },

    /** POST /v2/checkout/orders/{id}/capture, idempotent by `requestId`. */
    async captureOrder(orderId: string, requestId: string) {
      return call<Order>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        method: 'POST',
        headers: await authed({ 'PayPal-Request-Id': requestId, Prefer: 'return=representation' }),
        body: {},
      });
    },

    /** POST /v1/notifications/verify-webhook-signature: true only for verification_status SUCCESS. */
    async verifyWebhook(headers: TransmissionHeaders, event: unknown) {
      const body = await call<{ verification_status?: string }>('/v1/notifications/verify-webhook-signature', {
        method: 'POST',
        headers: await authed(),
        body: { ...headers, webhook_id: settings.webhookId, webhook_event: event },
      });
      return body.verification_status === 'SUCCESS';
    },
  };
}

export type PaypalAdapter = ReturnType<typeof paypalAdapter>;

/** The capture an order's answer holds (the first purchase unit's first capture). */
export const captureOf = (order: Order): Capture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];
