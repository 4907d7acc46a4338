import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { add, compare, isAmount, isPositive, multiply, normalize, round, toFixed } from '@vault/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Access } from '../../http/auth.ts';
import { digestSignature, sameDigest, webhookAuth } from './signing.ts';

/**
 * A local stand-in for the COINQVEST (Whalestack) API, served under /sandbox/coinqvest when no real
 * credentials are configured (never in production: its Pay button would issue tokens for nothing). It
 * serves the subset we use, checks our request signatures exactly as the API does, and answers in the
 * API's shape (`{ errors: [...] }` on a refusal; the exact wording of the real API's messages is not
 * published in the SDKs, ours are plain):
 *
 *   GET  /time                   {time} (unsigned, as on the API)
 *   POST /customer               {customer:{…}} → {customerId}
 *   POST /checkout/hosted        {charge:{customerId, billingCurrency, lineItems}, settlementAsset?, webhook, links} → {id, checkoutId, url}
 *   GET  /checkout?id=           {checkout:{id, state, …}}
 *   GET  /networks               {networks:[…]}
 *
 * plus what a person (or a test) does at the provider: the hosted checkout page (`/pay/:id`: Pay, Pay less,
 * Cancel; then a redirect to the checkout's returnUrl or cancelUrl) and "simulate deposit" (`/deposits`:
 * a deposit to an address, announced as DEPOSIT_COMPLETED). Each outcome is posted to the webhook URL as
 * the API posts it, `X-Webhook-Auth` = SHA-256(secret + body), retried with growing delays until a 2xx.
 *
 * State is the provider's, not ours: it is kept in memory and written to DATA_DIR/sandbox/coinqvest.json
 * (read back at start), which is enough for a development server and tests (one process; a crash loses at
 * most the last change of a fake provider). Our own records of every checkout stay in PostgreSQL.
 */

export const SANDBOX_PREFIX = '/sandbox/coinqvest';
/** The key the sandbox expects in X-Digest-Key (the secret is generated and kept in the secrets table). */
export const SANDBOX_KEY = 'sandbox-coinqvest';
/** How far X-Digest-Timestamp may be from the sandbox's clock, in seconds. */
const CLOCK_SKEW_S = 60;
/** Delays before each webhook delivery attempt (the first is immediate). */
const DEFAULT_RETRY_DELAYS_MS = [0, 2_000, 10_000, 60_000, 300_000, 1_800_000];

type Customer = Record<string, string> & { id: string };
type Delivery = { at: string; status: number | null };
type Outbound = { id: string; url: string; body: string; deliveries: Delivery[]; delivered: boolean };
type Checkout = {
  id: string;
  state: 'OPEN' | 'COMPLETED' | 'UNDERPAID' | 'CANCELLED';
  createdAt: string;
  customerId: string;
  billingCurrency: string;
  lineItems: { description: string; netAmount: string; quantity: number }[];
  total: string;
  settlementAsset: string | null;
  settlementAmountReceived: string;
  webhook: string | null;
  links: { returnUrl?: string; cancelUrl?: string };
};
type Deposit = { id: string; address: string; assetCode: string; amount: string; createdAt: string };
type State = {
  customers: Record<string, Customer>;
  checkouts: Record<string, Checkout>;
  deposits: Record<string, Deposit>;
  outbound: Record<string, Outbound>;
};

export type SandboxOptions = {
  secret: string;
  publicUrl: string;
  dataDir: string;
  log: Logger;
  /** Where DEPOSIT_COMPLETED goes (the account's webhook URL at the provider); a deposit may name another. */
  accountWebhook: string;
  retryDelaysMs?: number[];
  now?: () => number;
};

/** An own entry of a record ("__proto__" or "toString" as an id is simply unknown). */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A JSON amount (number or decimal string, at most 8 decimals, not negative) as a decimal string. */
const jsonAmount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,8})?$/.test(v) && isAmount(v), { message: 'must be a positive amount' })
  .transform((v) => normalize(v));

const customerBody = z.object({
  customer: z.object({
    email: z.email().max(200),
    firstname: z.string().max(200).optional(),
    lastname: z.string().max(200).optional(),
    company: z.string().max(200).optional(),
    adr1: z.string().max(200).optional(),
    adr2: z.string().max(200).optional(),
    zip: z.string().max(50).optional(),
    city: z.string().max(200).optional(),
    countrycode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    phonenumber: z.string().max(50).optional(),
    taxid: z.string().max(100).optional(),
  }),
});

const checkoutBody = z.object({
  charge: z.object({
    customerId: z.string().max(100).optional(),
    billingCurrency: z.string().min(3).max(12).optional(),
    currency: z.string().min(3).max(12).optional(),
    lineItems: z
      .array(
        z.object({
          description: z.string().min(1).max(200),
          netAmount: jsonAmount,
          quantity: z.number().int().min(1).max(1_000_000).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  settlementAsset: z.string().max(200).optional(),
  settlementCurrency: z.string().max(200).optional(),
  webhook: z.url().max(2000).optional(),
  links: z.object({ returnUrl: z.url().max(2000).optional(), cancelUrl: z.url().max(2000).optional() }).optional(),
});

const depositBody = z.object({
  address: z.string().trim().min(1).max(200),
  assetCode: z.string().trim().min(1).max(100),
  amount: jsonAmount.refine(isPositive, { message: 'must be a positive amount' }),
  webhook: z.url().max(2000).optional(),
});

const errorsOf = (error: z.ZodError) =>
  error.issues.slice(0, 10).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);

/** Every sandbox route is public: it stands in for COINQVEST's own API and pages. */
const PUBLIC: Access = 'public';

declare module 'fastify' {
  interface FastifyRequest {
    coinqvestRawBody?: string;
  }
}

export function createCoinqvestSandbox(options: SandboxOptions) {
  const now = options.now ?? Date.now;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const file = path.join(options.dataDir, 'sandbox', 'coinqvest.json');
  const state: State = load();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  function load(): State {
    try {
      const s = JSON.parse(readFileSync(file, 'utf8')) as State;
      if (s && typeof s === 'object' && s.customers && s.checkouts && s.deposits && s.outbound) return s;
    } catch {
      // first start, or an unreadable file: a fresh provider
    }
    return { customers: {}, checkouts: {}, deposits: {}, outbound: {} };
  }

  function save() {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, file);
    } catch (error) {
      options.log.warn({ err: error }, 'coinqvest sandbox: state not saved');
    }
  }

  /** Posts an event to a webhook URL, signed, retried after each delay until a 2xx or the delays run out. */
  function send(url: string, payload: object) {
    const body = JSON.stringify(payload);
    const out: Outbound = { id: newId('wh_'), url, body, deliveries: [], delivered: false };
    state.outbound[out.id] = out;
    save();
    attempt(out, 0);
    return out;
  }

  function attempt(out: Outbound, index: number) {
    if (closed || index >= delays.length) return;
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (closed) return;
      let status: number | null = null;
      try {
        const res = await fetch(out.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Webhook-Auth': webhookAuth(options.secret, out.body) },
          body: out.body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        status = null;
      }
      // Closed meanwhile: the data folder may be gone (a test server's), so nothing is written any more.
      if (closed) return;
      out.deliveries.push({ at: new Date(now()).toISOString(), status });
      out.delivered = status !== null && status >= 200 && status < 300;
      save();
      if (!out.delivered) attempt(out, index + 1);
    }, delays[index]);
    timers.add(timer);
  }

  function checkoutView(c: Checkout) {
    return {
      id: c.id,
      type: 'HOSTED',
      state: c.state,
      timestamp: c.createdAt,
      charge: {
        customerId: c.customerId,
        billingCurrency: c.billingCurrency,
        lineItems: c.lineItems,
        total: c.total,
      },
      settlementAsset: c.settlementAsset,
      settlementAmountRequired: c.total,
      settlementAmountReceived: c.settlementAmountReceived,
      sourceAmountReceived: c.settlementAmountReceived,
    };
  }

  /** What a person does on the hosted page; answers the state after, or null when it cannot happen now. */
  function decide(id: string, action: 'pay' | 'underpay' | 'cancel', paid?: string) {
    const c = own(state.checkouts, id);
    if (c?.state !== 'OPEN') return null;
    if (action === 'cancel') {
      c.state = 'CANCELLED';
      save();
      return c;
    }
    const received =
      action === 'pay'
        ? c.total
        : paid && isAmount(paid) && isPositive(paid) && compare(paid, c.total) < 0
          ? normalize(paid)
          : round(multiply(c.total, '0.5'), 2);
    c.state = action === 'pay' ? 'COMPLETED' : 'UNDERPAID';
    c.settlementAmountReceived = received;
    save();
    if (c.webhook) {
      send(c.webhook, {
        eventType: action === 'pay' ? 'CHECKOUT_COMPLETED' : 'CHECKOUT_UNDERPAID',
        timestamp: new Date(now()).toISOString(),
        data: { checkout: checkoutView(c) },
      });
    }
    return c;
  }

  function deposit(input: z.infer<typeof depositBody>) {
    const d: Deposit = {
      id: newId('dep_'),
      address: input.address,
      assetCode: input.assetCode,
      amount: input.amount,
      createdAt: new Date(now()).toISOString(),
    };
    state.deposits[d.id] = d;
    save();
    const out = send(input.webhook ?? options.accountWebhook, {
      eventType: 'DEPOSIT_COMPLETED',
      timestamp: d.createdAt,
      data: { deposit: { ...d, network: 'SANDBOX', timestamp: d.createdAt } },
    });
    return { deposit: d, webhookId: out.id };
  }

  /** The API's check of X-Digest-*: key, a fresh timestamp, and the HMAC of path + timestamp + METHOD + body. */
  function signatureProblem(request: FastifyRequest): string | null {
    const key = request.headers['x-digest-key'];
    const ts = request.headers['x-digest-timestamp'];
    const signature = request.headers['x-digest-signature'];
    if (typeof key !== 'string' || typeof ts !== 'string' || typeof signature !== 'string')
      return 'Missing authentication headers';
    if (key !== SANDBOX_KEY) return 'Invalid API key';
    if (!/^\d{1,12}$/.test(ts) || Math.abs(Number(ts) - Math.floor(now() / 1000)) > CLOCK_SKEW_S)
      return 'Invalid or expired timestamp';
    const pathOnly = request.url.split('?')[0]!.slice(SANDBOX_PREFIX.length) || '/';
    const body = request.method === 'GET' ? '' : (request.coinqvestRawBody ?? '');
    const expected = digestSignature(options.secret, pathOnly, ts, request.method, body);
    return sameDigest(signature, expected) ? null : 'Invalid signature';
  }

  const refuse = (reply: FastifyReply, status: number, errors: string[]) => reply.code(status).send({ errors });

  function page(title: string, body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}
.sandbox{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.35rem 0;border-bottom:1px solid #e5e7eb}td:last-child{text-align:right}
form{display:inline-block;margin:.25rem .5rem .25rem 0}button{font-size:1rem;padding:.6rem 1.1rem;border-radius:.5rem;border:1px solid #9ca3af;background:#fff;cursor:pointer}
button.primary{background:#2563eb;border-color:#2563eb;color:#fff}input{font-size:1rem;padding:.5rem;width:7rem}</style></head>
<body><p class="sandbox">COINQVEST sandbox: no real payment is made.</p>${body}</body></html>`;
  }

  function checkoutPage(c: Checkout) {
    const rows = c.lineItems
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.description)} × ${l.quantity}</td><td>${escapeHtml(toFixed(l.netAmount, 2))} ${escapeHtml(c.billingCurrency)}</td></tr>`,
      )
      .join('');
    const action = `${SANDBOX_PREFIX}/pay/${encodeURIComponent(c.id)}`;
    const suggested = toFixed(round(multiply(c.total, '0.5'), 2), 2);
    const buttons =
      c.state === 'OPEN'
        ? `<form method="post" action="${action}"><input type="hidden" name="action" value="pay"><button class="primary" type="submit">Pay ${escapeHtml(toFixed(c.total, 2))} ${escapeHtml(c.billingCurrency)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="underpay"><label>Amount <input name="amount" value="${escapeHtml(suggested)}" inputmode="decimal"></label> <button type="submit">Pay less</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`
        : `<p>This checkout is <strong>${escapeHtml(c.state)}</strong>.</p>`;
    return page(
      'COINQVEST checkout',
      `<h1>Checkout ${escapeHtml(c.id)}</h1><table>${rows}<tr><td><strong>Total</strong></td><td><strong>${escapeHtml(toFixed(c.total, 2))} ${escapeHtml(c.billingCurrency)}</strong></td></tr></table>${buttons}`,
    );
  }

  function depositPage(message = '') {
    return page(
      'COINQVEST sandbox: simulate a deposit',
      `<h1>Simulate a deposit</h1>${message ? `<p>${escapeHtml(message)}</p>` : ''}
<form method="post" action="${SANDBOX_PREFIX}/deposits"><p><label>Address <input name="address" style="width:20rem" required></label></p>
<p><label>Asset <input name="assetCode" value="USDC" required></label></p><p><label>Amount <input name="amount" value="100" required></label></p>
<button class="primary" type="submit">Send deposit</button></form>`,
    );
  }

  async function routes(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: PUBLIC };
      route.schema = { ...route.schema, hide: true };
    });
    // The signature covers the exact body text, so this context keeps it (parsed by Fastify's own parser).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.coinqvestRawBody = body;
      parseJson(request, body, done);
    });
    app.addContentTypeParser<string>(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 10_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body))),
    );
    const signed = {
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const problem = signatureProblem(request);
        if (problem) return refuse(reply, 401, [problem]);
      },
    };

    app.get('/time', async () => ({ time: Math.floor(now() / 1000) }));

    app.post('/customer', signed, async (request, reply) => {
      const parsed = customerBody.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, errorsOf(parsed.error));
      const customer: Customer = { ...(parsed.data.customer as Record<string, string>), id: newId('cus_') };
      state.customers[customer.id] = customer;
      save();
      return { customerId: customer.id };
    });

    app.post('/checkout/hosted', signed, async (request, reply) => {
      const parsed = checkoutBody.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, errorsOf(parsed.error));
      const { charge, webhook, links } = parsed.data;
      if (charge.customerId && !own(state.customers, charge.customerId))
        return refuse(reply, 400, ['charge.customerId: customer not found']);
      const lineItems = charge.lineItems.map((l) => ({ ...l, quantity: l.quantity ?? 1 }));
      const total = lineItems.reduce((sum, l) => add(sum, multiply(l.netAmount, String(l.quantity), 2)), '0');
      if (!isPositive(total)) return refuse(reply, 400, ['charge.lineItems: the total must be above zero']);
      const c: Checkout = {
        id: newId('chk_'),
        state: 'OPEN',
        createdAt: new Date(now()).toISOString(),
        customerId: charge.customerId ?? '',
        billingCurrency: (charge.billingCurrency ?? charge.currency ?? 'USD').toUpperCase(),
        lineItems,
        total,
        settlementAsset: parsed.data.settlementAsset ?? parsed.data.settlementCurrency ?? null,
        settlementAmountReceived: '0',
        webhook: webhook ?? null,
        links: links ?? {},
      };
      state.checkouts[c.id] = c;
      save();
      return { id: c.id, checkoutId: c.id, url: `${options.publicUrl}${SANDBOX_PREFIX}/pay/${c.id}` };
    });

    app.get('/checkout', signed, async (request, reply) => {
      const id = (request.query as Record<string, unknown>).id;
      const c = typeof id === 'string' ? own(state.checkouts, id) : undefined;
      if (!c) return refuse(reply, 404, ['Checkout not found']);
      return { checkout: checkoutView(c) };
    });

    app.get('/networks', signed, async () => ({
      networks: [
        { name: 'Bitcoin', code: 'BTC', assetCode: 'BTC' },
        { name: 'Ethereum', code: 'ETH', assetCode: 'ETH' },
        { name: 'Stellar', code: 'XLM', assetCode: 'XLM' },
        { name: 'Sandbox', code: 'SANDBOX', assetCode: 'USDC' },
      ],
    }));

    app.get('/pay/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const c = own(state.checkouts, id);
      reply.type('text/html; charset=utf-8');
      if (!c) return reply.code(404).send(page('Not found', '<h1>This checkout does not exist.</h1>'));
      return checkoutPage(c);
    });

    app.post('/pay/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const action = form.action;
      reply.type('text/html; charset=utf-8');
      const c = own(state.checkouts, id);
      if (!c) return reply.code(404).send(page('Not found', '<h1>This checkout does not exist.</h1>'));
      if (action !== 'pay' && action !== 'underpay' && action !== 'cancel')
        return reply.code(400).send(checkoutPage(c));
      const decided = decide(id, action, typeof form.amount === 'string' ? form.amount.trim() : undefined);
      if (!decided) return reply.code(409).send(checkoutPage(c));
      const to = decided.state === 'CANCELLED' ? decided.links.cancelUrl : decided.links.returnUrl;
      if (to) return reply.code(303).header('location', to).send('');
      return checkoutPage(decided);
    });

    app.get('/deposits', async (_request, reply) => reply.type('text/html; charset=utf-8').send(depositPage()));

    app.post('/deposits', async (request, reply) => {
      const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const parsed = depositBody.safeParse(request.body);
      if (!parsed.success) {
        if (fromForm) return reply.code(400).type('text/html; charset=utf-8').send(depositPage('Check the fields.'));
        return refuse(reply, 400, errorsOf(parsed.error));
      }
      const made = deposit(parsed.data);
      if (fromForm)
        return reply
          .type('text/html; charset=utf-8')
          .send(depositPage(`Deposit ${made.deposit.id} sent: ${made.deposit.amount} ${made.deposit.assetCode}.`));
      return made;
    });

    app.addHook('onClose', async () => close());
  }

  function close() {
    closed = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  }

  return {
    routes,
    close,
    /** For tests and the page: a checkout as the provider holds it. */
    checkout: (id: string) => own(state.checkouts, id),
    outbound: () => Object.values(state.outbound),
    decide,
    deposit,
  };
}

export type CoinqvestSandbox = ReturnType<typeof createCoinqvestSandbox>;
