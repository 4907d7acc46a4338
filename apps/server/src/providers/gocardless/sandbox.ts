import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { type GoCardlessSettings, gocardlessSettings } from './adapter.ts';
import { sandboxApiRoutes } from './sandbox-api.ts';
import { apiError } from './sandbox-errors.ts';
import { sandboxPageRoutes } from './sandbox-pages.ts';
import { webhookDelivery } from './sandbox-payments.ts';
import { sandboxState } from './sandbox-store.ts';

/**
 * Our stand-in for GoCardless (issue 13), mounted under /sandbox/gocardless when no GOCARDLESS_ACCESS_TOKEN
 * is set (never in production). It serves the subset adapter.ts calls with the API's shapes and checks
 * (bearer token, GoCardless-Version, Idempotency-Key: a repeated key answers 409
 * idempotent_creation_conflict naming the first resource, as the API does), a hosted page at each flow's
 * redirect_url ("Set up direct debit" / "Cancel"), and signed webhooks for every payment state change,
 * retried with backoff (a 498 is not retried).
 *
 * State lives in this process's memory, bounded (the oldest entries go first). That is acceptable for a
 * sandbox: it holds no money and no member data of ours (we keep the purchase, the customer and the
 * mandate in PostgreSQL); a restart loses unfinished flows and payments, as an expired session would, and
 * the member starts again. With several server processes behind a balancer, point GOCARDLESS_BASE_URL at
 * one process (or use GoCardless' own sandbox with a token): the sandbox is one process's.
 *
 * Not GoCardless' API, sandbox only: `POST …/payments/{id}/actions/simulate {to, delivery?}` moves a payment
 * (to submitted, confirmed, paid_out, failed, charged_back, cancelled; through the states between) and
 * `GET /sandbox/gocardless` lists payments with those buttons; `GET …/webhooks` lists the deliveries.
 *
 * Its parts: sandbox-store.ts (ids, resources, bounded maps), sandbox-errors.ts (the API's error shape),
 * sandbox-payments.ts (the payments' state machine, events and webhook delivery), sandbox-api.ts (the API
 * routes), sandbox-pages.ts (the hosted pages' HTML and routes).
 */

export type SandboxOptions = {
  /** Delays before each webhook attempt (ms); default 0, 1 s, 5 s, 30 s. */
  retryDelaysMs?: number[];
};

/** The plugin for app.register, built from the configuration (the settings must be our sandbox's). */
export function gocardlessSandbox(config: Config, opts: SandboxOptions = {}) {
  const settings = gocardlessSettings(config);
  return async (app: FastifyInstance) => {
    if (settings?.localSandbox) sandboxRoutes(app, config.publicUrl, settings, opts);
  };
}

function sandboxRoutes(app: FastifyInstance, publicUrl: string, settings: GoCardlessSettings, opts: SandboxOptions) {
  const retryDelays = opts.retryDelaysMs ?? [0, 1000, 5000, 30_000];
  const state = sandboxState(publicUrl);
  const webhooks = webhookDelivery(settings, retryDelays, state.deliveries);

  app.addHook('onClose', async () => {
    webhooks.close();
  });

  // The hosted pages post plain forms; the sandbox reads them as objects.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Errors of this scope (malformed JSON, an unknown content type, a body too large) in the API's shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'gocardless sandbox failed');
    const message = status === 500 ? 'Internal error' : status === 413 ? 'Request body too large' : 'Invalid request';
    return apiError(
      reply,
      status,
      message,
      [{ reason: status === 500 ? 'internal_error' : 'invalid_document_structure', message }],
      status === 500 ? 'gocardless' : 'invalid_api_usage',
    );
  });

  sandboxApiRoutes(app, state, settings, webhooks.deliver);
  sandboxPageRoutes(app, state);
}
