import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { add, compare, isAmount, isPositive, multiply, normalize, round } from '@vault/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Access } from '../../http/auth.ts';
import { checkoutPage, depositPage, page } from './sandbox-pages.ts';
import {
  checkoutBody,
  customerBody,
  depositAddressBody,
  depositBody,
  freshAddress,
  NETWORKS,
  withdrawalBody,
} from './sandbox-requests.ts';
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
 *   POST /deposit-address        {network, customerId?} → {depositAddress:{id, network, address, memo}}
 *   POST /withdrawal             {sourceAsset, sourceAmount, targetNetwork, targetAccount} → {withdrawalId, state}
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
type Deposit = {
  id: string;
  network: string;
  address: string;
  memo: string;
  assetCode: string;
  amount: string;
  createdAt: string;
};
type Withdrawal = z.infer<typeof withdrawalBody> & {
  id: string;
  state: string;
  createdAt: string;
  idempotencyKey?: string;
};
type Address = { id: string; network: string; address: string; memo: string; customerId: string; createdAt: string };
type State = {
  customers: Record<string, Customer>;
  checkouts: Record<string, Checkout>;
  deposits: Record<string, Deposit>;
  addresses: Record<string, Address>;
  withdrawals: Record<string, Withdrawal>;
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
      if (s && typeof s === 'object' && s.customers && s.checkouts && s.deposits && s.outbound)
        return { ...s, addresses: s.addresses ?? {}, withdrawals: s.withdrawals ?? {} };
    } catch {
      // first start, or an unreadable file: a fresh provider
    }
    return { customers: {}, checkouts: {}, deposits: {}, addresses: {}, withdrawals: {}, outbound: {} };
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

  /** An address the sandbox gave out, by address and memo. */
  const issued = (address: string, memo: string) =>
    Object.values(state.addresses).find((a) => a.address === address && a.memo === memo);

  function deposit(input: z.infer<typeof depositBody>) {
    const memo = input.memo ?? '';
    const d: Deposit = {
      id: newId('dep_'),
      network: issued(input.address, memo)?.network ?? input.network ?? 'UNKNOWN',
      address: input.address,
      memo,
      assetCode: input.assetCode,
      amount: input.amount,
      createdAt: new Date(now()).toISOString(),
    };
    state.deposits[d.id] = d;
    save();
    const out = send(input.webhook ?? options.accountWebhook, {
      eventType: 'DEPOSIT_COMPLETED',
      timestamp: d.createdAt,
      data: { deposit: { ...d, timestamp: d.createdAt } },
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

  const addressList = () => Object.values(state.addresses).reverse();

  const refuse = (reply: FastifyReply, status: number, errors: string[]) => reply.code(status).send({ errors });

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

    // A deposit address of the account for a network, tagged with the customer it is for.
    app.post('/deposit-address', signed, async (request, reply) => {
      const parsed = depositAddressBody.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, errorsOf(parsed.error));
      const { network, customerId } = parsed.data;
      if (customerId && !own(state.customers, customerId))
        return refuse(reply, 400, ['customerId: customer not found']);
      const a: Address = {
        id: newId('da_'),
        network,
        address: freshAddress(network),
        memo: '',
        customerId: customerId ?? '',
        createdAt: new Date(now()).toISOString(),
      };
      state.addresses[a.id] = a;
      save();
      return { depositAddress: { id: a.id, network: a.network, address: a.address, memo: null } };
    });

    app.get('/networks', signed, async () => ({ networks: NETWORKS }));

    // A payout from the account's wallet to a target account; kept, answered PENDING as the API does. A
    // repeated Idempotency-Key gets the withdrawal it made (the same body) or 409 (another body): never two payouts.
    app.post('/withdrawal', signed, async (request, reply) => {
      const parsed = withdrawalBody.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, errorsOf(parsed.error));
      if (!NETWORKS.some((n) => n.code === parsed.data.targetNetwork))
        return refuse(reply, 400, ['targetNetwork: unknown network']);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' && header !== '' ? header.slice(0, 200) : undefined;
      const earlier = idempotencyKey
        ? Object.values(state.withdrawals).find((w) => w.idempotencyKey === idempotencyKey)
        : undefined;
      if (earlier) {
        const { id, state: st, createdAt, idempotencyKey: _, ...body } = earlier;
        if (JSON.stringify(body) !== JSON.stringify(parsed.data))
          return refuse(reply, 409, ['Idempotency-Key: used with another request']);
        return { withdrawalId: id, state: st };
      }
      const w: Withdrawal = {
        id: newId('wd_'),
        ...parsed.data,
        state: 'PENDING',
        createdAt: new Date(now()).toISOString(),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      };
      state.withdrawals[w.id] = w;
      save();
      return { withdrawalId: w.id, state: w.state };
    });

    app.get('/pay/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const c = own(state.checkouts, id);
      reply.type('text/html; charset=utf-8');
      if (!c) return reply.code(404).send(page('Not found', '<h1>This checkout does not exist.</h1>'));
      return checkoutPage(SANDBOX_PREFIX, c);
    });

    app.post('/pay/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const action = form.action;
      reply.type('text/html; charset=utf-8');
      const c = own(state.checkouts, id);
      if (!c) return reply.code(404).send(page('Not found', '<h1>This checkout does not exist.</h1>'));
      if (action !== 'pay' && action !== 'underpay' && action !== 'cancel')
        return reply.code(400).send(checkoutPage(SANDBOX_PREFIX, c));
      const decided = decide(id, action, typeof form.amount === 'string' ? form.amount.trim() : undefined);
      if (!decided) return reply.code(409).send(checkoutPage(SANDBOX_PREFIX, c));
      const to = decided.state === 'CANCELLED' ? decided.links.cancelUrl : decided.links.returnUrl;
      if (to) return reply.code(303).header('location', to).send('');
      return checkoutPage(SANDBOX_PREFIX, decided);
    });

    app.get('/deposits', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(depositPage(SANDBOX_PREFIX, addressList())),
    );

    app.post('/deposits', async (request, reply) => {
      const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const parsed = depositBody.safeParse(request.body);
      if (!parsed.success) {
        if (fromForm)
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(depositPage(SANDBOX_PREFIX, addressList(), 'Check the fields.'));
        return refuse(reply, 400, errorsOf(parsed.error));
      }
      const made = deposit(parsed.data);
      if (fromForm)
        return reply
          .type('text/html; charset=utf-8')
          .send(
            depositPage(
              SANDBOX_PREFIX,
              addressList(),
              `Deposit ${made.deposit.id} sent: ${made.deposit.amount} ${made.deposit.assetCode}.`,
            ),
          );
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
    withdrawals: () => Object.values(state.withdrawals),
    decide,
    deposit,
  };
}

export type CoinqvestSandbox = ReturnType<typeof createCoinqvestSandbox>;
