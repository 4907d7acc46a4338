import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Capture, Link, Order } from './adapter.ts';
import { SANDBOX_CLIENT, SANDBOX_PATH } from './adapter.ts';

/**
 * Our PayPal sandbox (issue 13, decision 0013): the subset of PayPal's REST API the adapter uses, with the
 * same paths, shapes and errors, served under /sandbox/paypal by this server when no PayPal credentials are
 * set (outside production). Orders live in this process's memory (a sandbox: restarting it forgets them, and
 * with several server processes each has its own; run one when using it). A person approves at the hosted
 * page (`/checkoutnow?token=…`: Approve, Decline card, Cancel); a capture sends the webhook
 * (PAYMENT.CAPTURE.COMPLETED or PAYMENT.CAPTURE.DENIED) to our webhook URL with the PAYPAL-TRANSMISSION-*
 * headers, retried until answered 2xx. Its verify-webhook-signature checks the signature it made: an HMAC of
 * PayPal's signed string (transmission id | time | webhook id | CRC32 of the body) under a key of this
 * process, where PayPal signs that string with RSA (SHA256withRSA) under its certificate.
 */

type SandboxOrder = {
  order: Order;
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  decline: boolean;
  captureRequestId?: string;
  createdAt: number;
};

export type Delivery = { eventId: string; eventType: string; headers: Record<string, string>; body: string };

/** Orders kept at most (the oldest forgotten first): a bound on what a sandbox holds. */
const MAX_ORDERS = 10_000;
/** Webhook retries: at once, then after these delays (ms) while not answered 2xx. */
const RETRY_DELAYS = [2_000, 10_000, 60_000, 300_000];
const TOKEN_SECONDS = 32_400;

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();
/** CRC32 of the body as a decimal, as PayPal puts it in the string it signs. */
export function crc32(text: string) {
  let crc = -1;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return String((crc ^ -1) >>> 0);
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () => [...randomBytes(17)].map((b) => ID_CHARS[b % 36]).join('');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const error = (reply: FastifyReply, status: number, name: string, issue?: string, description?: string) =>
  reply.code(status).send({
    name,
    message: description ?? name,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
  });

const sandboxes = new WeakMap<FastifyInstance, PaypalSandbox>();
/** The sandbox registered on `app` (tests replay its deliveries), if any. */
export const paypalSandboxOf = (app: FastifyInstance) => sandboxes.get(app);

export type PaypalSandbox = {
  /** Every webhook delivery made, first attempts (tests replay them). */
  deliveries: Delivery[];
  /** Delivers a signed event now (tests: an event PayPal would send, e.g. a denial). */
  deliver(eventType: string, resource: Record<string, unknown>): Promise<Delivery>;
  orders: Map<string, SandboxOrder>;
};

export async function registerPaypalSandbox(
  app: FastifyInstance,
  opts: { publicUrl: string; webhookUrl: string; log: Logger; retryDelays?: number[] },
) {
  const base = `${opts.publicUrl}${SANDBOX_PATH}`;
  const signingKey = randomBytes(32);
  const tokens = new Map<string, number>();
  const orders = new Map<string, SandboxOrder>();
  const byRequestId = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const deliveries: Delivery[] = [];
  const retryDelays = opts.retryDelays ?? RETRY_DELAYS;

  const signed = (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64');

  const links = (o: SandboxOrder): Link[] => {
    const self = { href: `${base}/v2/checkout/orders/${o.order.id}`, rel: 'self', method: 'GET' };
    if (o.order.status === 'PAYER_ACTION_REQUIRED' || o.order.status === 'CREATED')
      return [self, { href: `${base}/checkoutnow?token=${o.order.id}`, rel: 'payer-action', method: 'GET' }];
    if (o.order.status === 'APPROVED')
      return [self, { href: `${base}/v2/checkout/orders/${o.order.id}/capture`, rel: 'capture', method: 'POST' }];
    return [self];
  };
  const view = (o: SandboxOrder): Order => ({ ...o.order, links: links(o) });

  function bearer(req: FastifyRequest, reply: FastifyReply) {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const until = tokens.get(token);
    if (until === undefined || until < Date.now()) {
      reply.code(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return false;
    }
    return true;
  }

  async function attempt(delivery: Delivery, tries: number) {
    if (closed) return;
    let ok = false;
    try {
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      });
      ok = res.ok;
    } catch (err) {
      opts.log.warn({ err, eventId: delivery.eventId }, 'paypal sandbox: webhook delivery failed');
    }
    if (ok || closed || tries >= retryDelays.length) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(delivery, tries + 1);
    }, retryDelays[tries]);
    timer.unref();
    timers.add(timer);
  }

  async function deliver(eventType: string, resource: Record<string, unknown>) {
    const event = {
      id: `WH-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Payment ${eventType === 'PAYMENT.CAPTURE.COMPLETED' ? 'completed' : 'denied'}`,
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signed(transmissionId, time, SANDBOX_CLIENT.webhookId, body),
      'paypal-cert-url': `${base}/v1/notifications/certs/CERT-sandbox`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
    const delivery = { eventId: event.id, eventType, headers, body };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    await attempt(delivery, 0);
    return delivery;
  }

  const sandbox: PaypalSandbox = { deliveries, deliver, orders };
  sandboxes.set(app, sandbox);

  await app.register(
    async (s) => {
      s.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'public' };
        route.schema = { ...route.schema, hide: true };
      });
      // The token call and the hosted page's form are url-encoded; kept raw here.
      s.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      s.addHook('onClose', async () => {
        closed = true;
        for (const t of timers) clearTimeout(t);
      });

      s.post('/v1/oauth2/token', async (req, reply) => {
        const header = req.headers.authorization ?? '';
        const expected = `Basic ${Buffer.from(`${SANDBOX_CLIENT.id}:${SANDBOX_CLIENT.secret}`).toString('base64')}`;
        const form = (req.body ?? {}) as Record<string, string>;
        if (header !== expected)
          return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (form.grant_type !== 'client_credentials')
          return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        const token = `A21AA${randomBytes(24).toString('base64url')}`;
        tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
        return {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-SANDBOX',
          expires_in: TOKEN_SECONDS,
          nonce: randomBytes(8).toString('hex'),
        };
      });

      s.post('/v2/checkout/orders', async (req, reply) => {
        if (!bearer(req, reply)) return reply;
        const requestId = req.headers['paypal-request-id'];
        if (typeof requestId === 'string' && byRequestId.has(requestId)) {
          const known = orders.get(byRequestId.get(requestId)!);
          if (known) return reply.code(200).send(view(known));
        }
        const body = (req.body ?? {}) as {
          intent?: string;
          purchase_units?: {
            custom_id?: string;
            reference_id?: string;
            amount?: { currency_code?: string; value?: string };
          }[];
          payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
          application_context?: { return_url?: string; cancel_url?: string };
        };
        if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
          return error(reply, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/intent is required');
        const unit = body.purchase_units?.[0];
        const amount = unit?.amount;
        if (!amount?.currency_code || typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value))
          return error(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/purchase_units/0/amount is invalid');
        const context = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
        if (!context.return_url || !context.cancel_url)
          return error(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'MISSING_RETURN_URL',
            'return_url and cancel_url are required',
          );
        const id = paypalId();
        const o: SandboxOrder = {
          order: {
            id,
            intent: body.intent,
            status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
            purchase_units: [
              {
                reference_id: unit?.reference_id ?? 'default',
                custom_id: unit?.custom_id,
                amount: { currency_code: amount.currency_code, value: amount.value },
              },
            ],
          },
          requestId: typeof requestId === 'string' ? requestId : id,
          returnUrl: context.return_url,
          cancelUrl: context.cancel_url,
          decline: false,
          createdAt: Date.now(),
        };
        orders.set(id, o);
        byRequestId.set(o.requestId, id);
        if (orders.size > MAX_ORDERS) {
          const oldest = orders.keys().next().value!;
          byRequestId.delete(orders.get(oldest)!.requestId);
          orders.delete(oldest);
        }
        // PayPal's 'approve' link when the order was made the old way (application_context).
        const made = view(o);
        if (o.order.status === 'CREATED')
          made.links = made.links!.map((l) => (l.rel === 'payer-action' ? { ...l, rel: 'approve' } : l));
        return reply.code(201).send(made);
      });

      s.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (req, reply) => {
        if (!bearer(req, reply)) return reply;
        const o = orders.get(req.params.id);
        if (!o)
          return error(
            reply,
            404,
            'RESOURCE_NOT_FOUND',
            'INVALID_RESOURCE_ID',
            'Specified resource ID does not exist.',
          );
        return view(o);
      });

      s.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (req, reply) => {
        if (!bearer(req, reply)) return reply;
        const o = orders.get(req.params.id);
        if (!o)
          return error(
            reply,
            404,
            'RESOURCE_NOT_FOUND',
            'INVALID_RESOURCE_ID',
            'Specified resource ID does not exist.',
          );
        const requestId = req.headers['paypal-request-id'];
        if (o.order.status === 'COMPLETED') {
          // The same capture asked again (its PayPal-Request-Id) is answered as it was; another is refused.
          if (typeof requestId === 'string' && requestId === o.captureRequestId) return reply.code(200).send(view(o));
          return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        }
        if (o.order.status !== 'APPROVED')
          return error(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'ORDER_NOT_APPROVED',
            'Payer has not yet approved the Order for payment.',
          );
        const unit = o.order.purchase_units![0]!;
        const capture: Capture = {
          id: paypalId(),
          status: o.decline ? 'DECLINED' : 'COMPLETED',
          amount: unit.amount,
          custom_id: unit.custom_id,
          final_capture: true,
        };
        unit.payments = { captures: [capture] };
        o.order.status = 'COMPLETED';
        o.captureRequestId = typeof requestId === 'string' ? requestId : undefined;
        const resource = {
          ...capture,
          supplementary_data: { related_ids: { order_id: o.order.id } },
          create_time: new Date().toISOString(),
        };
        // The webhook goes out after the answer, as PayPal's does.
        setImmediate(() => {
          if (!closed)
            void deliver(o.decline ? 'PAYMENT.CAPTURE.DENIED' : 'PAYMENT.CAPTURE.COMPLETED', resource).catch(() => {});
        });
        return reply.code(201).send(view(o));
      });

      s.post('/v1/notifications/verify-webhook-signature', async (req, reply) => {
        if (!bearer(req, reply)) return reply;
        const b = (req.body ?? {}) as Record<string, unknown>;
        const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
        for (const k of [
          'auth_algo',
          'cert_url',
          'transmission_id',
          'transmission_sig',
          'transmission_time',
          'webhook_id',
        ])
          if (!text(k)) return error(reply, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${k} is required`);
        if (typeof b.webhook_event !== 'object' || b.webhook_event === null)
          return error(reply, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'webhook_event is required');
        const expected = Buffer.from(
          signed(
            text('transmission_id'),
            text('transmission_time'),
            text('webhook_id'),
            JSON.stringify(b.webhook_event),
          ),
        );
        const given = Buffer.from(text('transmission_sig'));
        const ok =
          text('webhook_id') === SANDBOX_CLIENT.webhookId &&
          given.length === expected.length &&
          timingSafeEqual(given, expected);
        return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
      });

      // The hosted approve page: what a payer sees at PayPal, reduced to three buttons.
      s.get<{ Querystring: { token?: string } }>('/checkoutnow', async (req, reply) => {
        const o = orders.get(req.query.token ?? '');
        reply.type('text/html; charset=utf-8');
        if (!o) return reply.code(404).send(page('Order not found', '<p>This PayPal order does not exist.</p>'));
        if (o.order.status !== 'PAYER_ACTION_REQUIRED' && o.order.status !== 'CREATED')
          return reply
            .code(409)
            .send(page('Order already decided', `<p>Order ${escapeHtml(o.order.id)} is ${o.order.status}.</p>`));
        const amount = o.order.purchase_units?.[0]?.amount;
        return page(
          'Pay with PayPal (sandbox)',
          `<p>PayPal sandbox: order <strong>${escapeHtml(o.order.id)}</strong></p>
<p>Amount: <strong>${escapeHtml(amount?.value ?? '')} ${escapeHtml(amount?.currency_code ?? '')}</strong></p>
<form method="post" action="${SANDBOX_PATH}/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(o.order.id)}">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="decline">Decline card</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
        );
      });

      s.post('/checkoutnow', async (req, reply) => {
        const form = (req.body ?? {}) as Record<string, string>;
        const o = orders.get(form.token ?? '');
        reply.type('text/html; charset=utf-8');
        if (!o) return reply.code(404).send(page('Order not found', '<p>This PayPal order does not exist.</p>'));
        if (o.order.status !== 'PAYER_ACTION_REQUIRED' && o.order.status !== 'CREATED')
          return reply
            .code(409)
            .send(page('Order already decided', `<p>Order ${escapeHtml(o.order.id)} is ${o.order.status}.</p>`));
        if (form.action === 'cancel') {
          const to = new URL(o.cancelUrl);
          to.searchParams.set('token', o.order.id);
          return reply.redirect(to.toString(), 302);
        }
        if (form.action !== 'approve' && form.action !== 'decline')
          return reply.code(400).send(page('Choose', '<p>Approve, decline or cancel.</p>'));
        o.order.status = 'APPROVED';
        o.decline = form.action === 'decline';
        const to = new URL(o.returnUrl);
        to.searchParams.set('token', o.order.id);
        to.searchParams.set('PayerID', `SANDBOX${paypalId().slice(0, 6)}`);
        return reply.redirect(to.toString(), 302);
      });
    },
    { prefix: SANDBOX_PATH },
  );
  return sandbox;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;margin:.25rem;padding:.5rem 1rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
