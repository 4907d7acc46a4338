import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GOCARDLESS_VERSION, type GoCardlessSettings, SANDBOX_PREFIX } from './adapter.ts';
import { apiError, type ErrorDetail } from './sandbox-errors.ts';
import { eventFor, pathTo } from './sandbox-payments.ts';
import {
  CURRENCIES,
  type Flow,
  isObject,
  newId,
  type Payment,
  param,
  SANDBOX_ROUTE,
  type SandboxEvent,
  type SandboxState,
  shortString,
} from './sandbox-store.ts';

/**
 * The GoCardless sandbox's API: the subset adapter.ts calls, with the API's shapes and checks (bearer token,
 * GoCardless-Version, Idempotency-Key: a repeated key answers 409 idempotent_creation_conflict naming the first
 * resource, as the API does), and the sandbox's own actions (a payment's simulate, the deliveries' list).
 */
export function sandboxApiRoutes(
  app: FastifyInstance,
  state: SandboxState,
  settings: GoCardlessSettings,
  deliver: (events: SandboxEvent[]) => unknown,
) {
  const { flows, payments, mandates, keys, deliveries, creditor, ownOrigin, at } = state;

  /** The API's own checks before any resource work: bearer token and version header. */
  function refused(request: FastifyRequest, reply: FastifyReply) {
    const auth = request.headers.authorization;
    if (!auth)
      return apiError(reply, 401, 'Authorization header missing', [
        { reason: 'missing_authorization_header', message: 'Authorization header missing' },
      ]);
    if (auth !== `Bearer ${settings.accessToken}`)
      return apiError(reply, 401, 'Access token not found', [
        { reason: 'access_token_not_found', message: 'Access token not found' },
      ]);
    const version = request.headers['gocardless-version'];
    if (!version)
      return apiError(reply, 400, 'GoCardless-Version header missing', [
        { reason: 'missing_version_header', message: 'GoCardless-Version header missing' },
      ]);
    if (version !== GOCARDLESS_VERSION)
      return apiError(reply, 400, 'Version not found', [{ reason: 'version_not_found', message: 'Version not found' }]);
    return null;
  }

  /** A POST's key seen before on this endpoint: the 409 naming the first resource. */
  function repeated(request: FastifyRequest, reply: FastifyReply, endpoint: string) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return null;
    const first = keys.get(`${endpoint} ${key}`);
    if (!first) return null;
    const message = 'A resource has already been created with this idempotency key';
    return apiError(
      reply,
      409,
      message,
      [{ reason: 'idempotent_creation_conflict', message, links: { conflicting_resource_id: first } }],
      'invalid_state',
    );
  }
  function remember(request: FastifyRequest, endpoint: string, resourceId: string) {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && key !== '' && key.length <= 128) keys.set(`${endpoint} ${key}`, resourceId);
  }

  const invalid = (reply: FastifyReply, errors: ErrorDetail[]) => apiError(reply, 422, 'Validation failed', errors);
  const notFound = (reply: FastifyReply) =>
    apiError(reply, 404, 'Resource not found', [{ reason: 'resource_not_found', message: 'Resource not found' }]);

  const flowJson = (f: Flow) => ({
    id: f.id,
    description: f.description,
    session_token: f.sessionToken,
    scheme: null,
    success_redirect_url: f.successRedirectUrl,
    redirect_url: f.state === 'completed' ? null : at(`/flow/${f.id}`),
    confirmation_url: f.state === 'completed' ? at(`/confirmation/${f.id}`) : null,
    created_at: f.createdAt,
    links: {
      creditor: f.creditor,
      ...(f.customer ? { customer: f.customer, customer_bank_account: f.bankAccount, mandate: f.mandate } : {}),
    },
  });
  const paymentJson = (p: Payment) => ({
    id: p.id,
    created_at: p.createdAt,
    charge_date: p.chargeDate,
    amount: p.amount,
    amount_refunded: 0,
    description: p.description,
    currency: p.currency,
    status: p.status,
    reference: null,
    metadata: p.metadata,
    retry_if_possible: false,
    links: { mandate: p.mandate, creditor: p.creditor },
  });

  // -- The API subset ---------------------------------------------------------------------------

  const opts_ = SANDBOX_ROUTE;

  app.post(`${SANDBOX_PREFIX}/redirect_flows`, opts_, async (request, reply) => {
    if (refused(request, reply)) return reply;
    if (repeated(request, reply, 'redirect_flows')) return reply;
    const wrapped = isObject(request.body) ? request.body.redirect_flows : undefined;
    if (!isObject(wrapped))
      return apiError(reply, 400, 'Invalid document structure', [
        { reason: 'invalid_document_structure', message: 'Expected a redirect_flows object' },
      ]);
    const errors: ErrorDetail[] = [];
    const field = (name: string, message: string) =>
      errors.push({ field: name, message, request_pointer: `/redirect_flows/${name.replaceAll('.', '/')}` });
    const { session_token, success_redirect_url, description, prefilled_customer } = wrapped;
    if (!shortString(session_token, 255)) field('session_token', "can't be blank");
    let successUrl: URL | null = null;
    try {
      successUrl = typeof success_redirect_url === 'string' ? new URL(success_redirect_url) : null;
    } catch {
      successUrl = null;
    }
    if (!successUrl || !/^https?:$/.test(successUrl.protocol)) field('success_redirect_url', 'is not a valid URL');
    // The sandbox sends people back to this site only (GoCardless takes any https URL): no open redirect.
    else if (successUrl.origin !== ownOrigin) field('success_redirect_url', `must be on ${ownOrigin} (sandbox)`);
    if (
      description !== undefined &&
      description !== null &&
      !(typeof description === 'string' && description.length <= 100)
    )
      field('description', 'is too long (maximum is 100 characters)');
    const prefilled: Record<string, string> = {};
    if (prefilled_customer !== undefined && prefilled_customer !== null) {
      if (!isObject(prefilled_customer)) field('prefilled_customer', 'must be an object');
      else
        for (const [k, v] of Object.entries(prefilled_customer).slice(0, 20)) {
          if (v === null || v === undefined) continue;
          if (typeof v !== 'string' || v.length > 255 || k.length > 50)
            field(`prefilled_customer.${k.slice(0, 50)}`, 'is invalid');
          else prefilled[k] = v;
        }
    }
    if (errors.length > 0) return invalid(reply, errors);
    const flow: Flow = {
      id: newId('RE'),
      description: (description as string | undefined) ?? null,
      sessionToken: session_token as string,
      successRedirectUrl: success_redirect_url as string,
      prefilled,
      createdAt: new Date().toISOString(),
      state: 'created',
      creditor,
    };
    flows.set(flow.id, flow);
    remember(request, 'redirect_flows', flow.id);
    return reply.status(201).send({ redirect_flows: flowJson(flow) });
  });

  app.get(`${SANDBOX_PREFIX}/redirect_flows/:id`, opts_, async (request, reply) => {
    if (refused(request, reply)) return reply;
    const flow = flows.get(param(request));
    if (!flow) return notFound(reply);
    return { redirect_flows: flowJson(flow) };
  });

  app.post(`${SANDBOX_PREFIX}/redirect_flows/:id/actions/complete`, opts_, async (request, reply) => {
    if (refused(request, reply)) return reply;
    const flow = flows.get(param(request));
    if (!flow) return notFound(reply);
    const data = isObject(request.body) ? request.body.data : undefined;
    const token = isObject(data) ? data.session_token : undefined;
    if (!shortString(token, 255))
      return invalid(reply, [
        { field: 'session_token', message: "can't be blank", request_pointer: '/data/session_token' },
      ]);
    if (token !== flow.sessionToken)
      return apiError(
        reply,
        400,
        'Session token mismatch',
        [
          {
            reason: 'session_token_mismatch',
            message: 'The session token does not match the one the redirect flow was created with',
          },
        ],
        'invalid_api_usage',
      );
    if (flow.state === 'completed')
      return apiError(
        reply,
        422,
        'Redirect flow already completed',
        [{ reason: 'redirect_flow_already_completed', message: 'This redirect flow has already been completed' }],
        'invalid_state',
      );
    if (flow.state !== 'approved') {
      const message =
        flow.state === 'cancelled'
          ? 'The customer cancelled this redirect flow'
          : 'The customer has not completed the payment pages';
      return apiError(reply, 422, message, [{ reason: 'redirect_flow_incomplete', message }], 'invalid_state');
    }
    flow.state = 'completed';
    flow.customer = newId('CU');
    flow.bankAccount = newId('BA');
    flow.mandate = newId('MD');
    mandates.set(flow.mandate, { id: flow.mandate, customer: flow.customer, status: 'pending_submission' });
    return { redirect_flows: flowJson(flow) };
  });

  app.post(`${SANDBOX_PREFIX}/payments`, opts_, async (request, reply) => {
    if (refused(request, reply)) return reply;
    if (repeated(request, reply, 'payments')) return reply;
    const wrapped = isObject(request.body) ? request.body.payments : undefined;
    if (!isObject(wrapped))
      return apiError(reply, 400, 'Invalid document structure', [
        { reason: 'invalid_document_structure', message: 'Expected a payments object' },
      ]);
    const errors: ErrorDetail[] = [];
    const field = (name: string, message: string) =>
      errors.push({ field: name, message, request_pointer: `/payments/${name.replaceAll('.', '/')}` });
    const { amount, currency, links, metadata, description } = wrapped;
    if (!(typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0))
      field('amount', 'must be a whole number of minor units greater than 0');
    if (typeof currency !== 'string' || !CURRENCIES.includes(currency))
      field('currency', 'is not a supported currency');
    const mandateId = isObject(links) ? links.mandate : undefined;
    const mandate = typeof mandateId === 'string' ? mandates.get(mandateId) : undefined;
    if (!mandate) field('links.mandate', 'not found');
    if (
      description !== undefined &&
      description !== null &&
      !(typeof description === 'string' && description.length <= 255)
    )
      field('description', 'is invalid');
    const meta: Record<string, string> = {};
    if (metadata !== undefined && metadata !== null) {
      if (!isObject(metadata) || Object.keys(metadata).length > 3) field('metadata', 'may have at most 3 keys');
      else
        for (const [k, v] of Object.entries(metadata)) {
          if (typeof v !== 'string' || v.length > 500 || k.length > 50)
            field(`metadata.${k.slice(0, 50)}`, 'is invalid');
          else meta[k] = v;
        }
    }
    if (errors.length > 0) return invalid(reply, errors);
    const now = new Date();
    const payment: Payment = {
      id: newId('PM'),
      amount: amount as number,
      currency: currency as string,
      status: 'pending_submission',
      description: (description as string | undefined) ?? null,
      metadata: meta,
      mandate: mandate!.id,
      creditor,
      chargeDate: new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
      createdAt: now.toISOString(),
    };
    payments.set(payment.id, payment);
    remember(request, 'payments', payment.id);
    deliver([eventFor(payment, 'created')]);
    return reply.status(201).send({ payments: paymentJson(payment) });
  });

  app.get(`${SANDBOX_PREFIX}/payments/:id`, opts_, async (request, reply) => {
    if (refused(request, reply)) return reply;
    const payment = payments.get(param(request));
    if (!payment) return notFound(reply);
    return { payments: paymentJson(payment) };
  });

  // -- Sandbox only ------------------------------------------------------------------------------

  app.post(`${SANDBOX_PREFIX}/payments/:id/actions/simulate`, opts_, async (request, reply) => {
    const payment = payments.get(param(request));
    if (!payment) return notFound(reply);
    const body = isObject(request.body) ? request.body : {};
    const to = typeof body.to === 'string' ? body.to : '';
    const delivery = body.delivery === 'reversed' || body.delivery === 'separately' ? body.delivery : 'together';
    const steps = pathTo(payment.status, to);
    if (!steps) {
      const message = `A ${payment.status} payment cannot become ${to.slice(0, 40) || 'that'}`;
      return apiError(reply, 422, message, [{ reason: 'invalid_transition', message }], 'invalid_state');
    }
    const events = steps.map((step) => {
      payment.status = step;
      return eventFor(payment, step);
    });
    if (delivery === 'separately') for (const e of events) deliver([e]);
    else deliver(delivery === 'reversed' ? [...events].reverse() : events);
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return reply.redirect(`${SANDBOX_PREFIX}`, 303);
    return { payments: paymentJson(payment), events: events.map((e) => e.id) };
  });

  app.get(`${SANDBOX_PREFIX}/webhooks`, opts_, async () => ({ deliveries: [...deliveries.values()].reverse() }));
}
