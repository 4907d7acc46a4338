import { errorResponse } from '@vault/contract/schemas/common';
import {
  onlinePurchaseBody,
  onlinePurchaseState,
  paypalCaptureBody,
  paypalOrderCreated,
} from '@vault/contract/schemas/funding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { perMinute, responses } from '../../http/schema.ts';
import { transmissionHeaders } from '../../providers/paypal/adapter.ts';
import type { PaypalService } from './paypal.ts';
import { purchaseCreationRoute, purchaseStateRoute, webhookRoute } from './provider-routes.ts';

/** PayPal orders a member may start in an hour: far above honest use, a bound on rows and PayPal calls. */
const ORDERS_PER_HOUR = 30;
/** Deliveries from one address a minute: PayPal's bursts fit; a flood of forgeries does not reach PayPal. */
const WEBHOOKS_PER_MINUTE = 600;
/** A webhook body PayPal sends is a few KB. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * PayPal's member routes (spec 2 §7 `paypal/order/create`; ours: capture on return, cancel, the state the
 * return page polls) and PayPal's webhook (public; the raw body is kept for the signature check).
 */
export function paypalRoutes(app: FastifyInstance, paypal: PaypalService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funding', 'paypal'];

  purchaseCreationRoute(app, {
    url: '/api/paypal/order/create',
    tags,
    summary:
      "A PayPal purchase (spec 2 §7): amount in USD (at most 5,000.00), tokenId the token's _id or coinSymbol; " +
      'priced by the server (rate locked, the first asset minimum, the activation value), due in 24 hours. ' +
      "Answers PayPal's links; the approve link also with method REDIRECT (open it). Idempotency-Key: see the header",
    rateKey: 'paypal',
    perHour: ORDERS_PER_HOUR,
    body: onlinePurchaseBody,
    response: responses({ 200: paypalOrderCreated }),
    create: (user, body, idempotency) => paypal.createOrder(user, body, idempotency),
  });

  r.post(
    '/api/paypal/order/capture',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary:
          "After the payer approved at PayPal (return_url?token=ORDER): captures the caller's own order (another's: " +
          '404). COMPLETED issues the tokens once; declined: 409 PAYMENT_DECLINED, the purchase rejected; not approved ' +
          'yet: 409 PAYMENT_NOT_APPROVED',
        body: paypalCaptureBody,
        response: responses({ 200: onlinePurchaseState }),
      },
    },
    (req) => paypal.capture(caller(req).user, req.body.orderId),
  );

  r.post(
    '/api/paypal/order/cancel',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary: "The payer cancelled at PayPal (cancel_url?token=ORDER): the caller's pending purchase is rejected",
        body: paypalCaptureBody,
        response: responses({ 200: onlinePurchaseState }),
      },
    },
    (req) => paypal.cancel(caller(req).user, req.body.orderId),
  );

  purchaseStateRoute(app, {
    url: '/api/paypal/order/:orderId',
    tags,
    summary: "The caller's PayPal purchase as it is now (pending, completed, rejected, expired)",
    param: 'orderId',
    paramSchema: z.string().min(1).max(64),
    response: responses({ 200: onlinePurchaseState }),
    state: (user, orderId) => paypal.state(user, orderId),
  });

  webhookRoute(app, {
    url: '/api/webhooks/paypal',
    tags,
    summary:
      "PayPal's webhook: verified with PayPal (verify-webhook-signature), recorded verified or refused; 200 for " +
      'a verified event (a replay does nothing again), 400 for a refused one',
    bodyLimit: WEBHOOK_BODY_LIMIT,
    errors: { 503: errorResponse },
    // Each delivery costs a verification call to PayPal: a bound per sender.
    onRequest: app.rateLimit(perMinute(WEBHOOKS_PER_MINUTE)),
    receive: (req, body) => paypal.webhook(transmissionHeaders(req.headers), body),
    refusal: (status) => ({
      message: status === 400 ? 'The event could not be verified' : 'Something went wrong',
      code: status === 400 ? 'WEBHOOK_REFUSED' : 'PROVIDER_UNAVAILABLE',
    }),
  });
}
