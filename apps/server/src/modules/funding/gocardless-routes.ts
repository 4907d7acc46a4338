import { errorResponse } from '@vault/contract/schemas/common';
import {
  goCardlessCompleteBody,
  goCardlessConfirmation,
  goCardlessCustomerBody,
  goCardlessRedirect,
  onlinePurchaseState,
} from '@vault/contract/schemas/funding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { GoCardlessService } from './gocardless.ts';
import { purchaseCreationRoute, purchaseStateRoute, webhookRoute } from './provider-routes.ts';

/** Direct-debit set-ups a member may start in an hour: far above honest use, a bound on rows and calls. */
const FLOWS_PER_HOUR = 30;
/** GoCardless sends at most 250 events a delivery, well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * GoCardless' member routes (spec 2 §7 `go-cardless/create-customer`, `go-cardless/complete-customer-creation`)
 * and its webhook (public; the raw body is kept for the signature).
 */
export function goCardlessRoutes(app: FastifyInstance, gocardless: GoCardlessService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funding', 'gocardless'];

  purchaseCreationRoute(app, {
    url: '/api/go-cardless/create-customer',
    tags,
    summary:
      'A direct-debit purchase (spec 2 §3, §5): the customer details GoCardless’ page is prefilled with, and the ' +
      'purchase (paymentType, tokenId, amount in USD, at most 5,000.00; priced as every online purchase). Answers ' +
      'the payment page’s redirectUrl (open it). Idempotency-Key: see the header',
    rateKey: 'gocardless',
    perHour: FLOWS_PER_HOUR,
    body: goCardlessCustomerBody,
    response: responses({ 200: goCardlessRedirect }),
    create: (user, body, idempotency) => gocardless.createCustomer(user, body, idempotency),
  });

  r.post(
    '/api/go-cardless/complete-customer-creation',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary:
          'After GoCardless’ page (/direct-debit?redirect_flow_id=RE…): completes the caller’s own set-up (another is ' +
          '404), keeps the mandate and starts the payment; tokens arrive once GoCardless confirms it. Answers the ' +
          'confirmationUrl (Finalize Flow opens it). Not finished on the page: 409 PAYMENT_NOT_APPROVED',
        body: goCardlessCompleteBody,
        response: responses({ 200: goCardlessConfirmation }),
      },
    },
    (req) => gocardless.completeCustomerCreation(caller(req).user, req.body.redirectId),
  );

  purchaseStateRoute(app, {
    url: '/api/go-cardless/purchase/:purchaseId',
    tags,
    summary:
      "The caller's direct-debit purchase as it is now (pending, completed, rejected, expired); another's is 404",
    param: 'purchaseId',
    paramSchema: z.uuid(),
    response: responses({ 200: onlinePurchaseState }),
    state: (user, purchaseId) => gocardless.state(user, purchaseId),
  });

  webhookRoute(app, {
    url: '/api/webhooks/gocardless',
    tags,
    summary:
      'GoCardless’ webhook: Webhook-Signature = hex HMAC-SHA256 of the body; every event recorded, verified or ' +
      'refused. 200 once acted on (a replay does nothing again), 498 for a bad signature, 400 for a body that ' +
      'is not a list of events, 503 when GoCardless could not be asked (it delivers again)',
    bodyLimit: WEBHOOK_BODY_LIMIT,
    errors: { 498: errorResponse, 503: errorResponse },
    receive: (req, body) => gocardless.webhook(body, req.headers['webhook-signature']),
    refusal: (status) => ({
      message:
        status === 498 ? 'Invalid signature' : status === 400 ? 'The events could not be read' : 'Something went wrong',
      code: status === 503 ? 'PROVIDER_UNAVAILABLE' : 'WEBHOOK_REFUSED',
    }),
  });
}
