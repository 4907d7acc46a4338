import { errorResponse } from '@vault/contract/schemas/common';
import {
  coinqvestCheckoutStarted,
  coinqvestCustomerBody,
  coinqvestCustomerSaved,
  onlinePurchaseBody,
  onlinePurchaseState,
} from '@vault/contract/schemas/funding';
import { depositAddress, depositAddressBody } from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { perHour, responses } from '../../http/schema.ts';
import { WEBHOOK_AUTH_HEADER } from '../../providers/coinqvest/webhook.ts';
import type { CoinqvestService } from './coinqvest.ts';
import type { CryptoDepositService } from './crypto-deposits.ts';
import { purchaseCreationRoute, purchaseStateRoute, webhookRoute } from './provider-routes.ts';

/** Checkouts a member may start in an hour, and registrations: far above honest use, a bound on provider calls. */
const CHECKOUTS_PER_HOUR = 30;
const REGISTRATIONS_PER_HOUR = 10;
/** Asks for a deposit address: one per screen opened, the provider called only on a member's first of a network. */
const DEPOSIT_ADDRESS_ASKS_PER_HOUR = 120;
/** A COINQVEST webhook body is a few KB. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * COINQVEST's member routes (spec 2 §7 `coinqvest/customer`, `coinqvest/start-checkout`; ours: the state the
 * return page polls) and its webhook (public; the raw body is kept for X-Webhook-Auth).
 */
export function coinqvestRoutes(app: FastifyInstance, coinqvest: CoinqvestService, deposits: CryptoDepositService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funding', 'coinqvest'];

  r.post(
    '/api/coinqvest/customer',
    {
      config: { auth: 'member' },
      onRequest: app.rateLimit({
        ...perHour(REGISTRATIONS_PER_HOUR),
        keyGenerator: (req) => `coinqvest-customer:${caller(req).user.id}`,
      }),
      schema: {
        tags,
        summary:
          '/register-qvest (spec 2 §3, §5 Member registration): registers the caller at COINQVEST with the ' +
          "account's e-mail (once) and sets isCoinqvestCustomer",
        body: coinqvestCustomerBody,
        response: { ...responses({ 200: coinqvestCustomerSaved }), 503: errorResponse },
      },
    },
    (req) => coinqvest.registerCustomer(caller(req).user, req.body),
  );

  r.post(
    '/api/coinqvest/deposit-address',
    {
      config: { auth: 'member' },
      onRequest: app.rateLimit({
        ...perHour(DEPOSIT_ADDRESS_ASKS_PER_HOUR),
        keyGenerator: (req) => `deposit-address:${caller(req).user.id}`,
      }),
      schema: {
        tags,
        summary:
          "/DepositAddress and the activation panel (spec 2 §2): the caller's own deposit address for a coin, " +
          'made at COINQVEST on the first ask of its network and kept; what arrives there is credited once. ' +
          '400 COIN_NOT_DEPOSITABLE for a coin COINQVEST gives no address for; 503 when it cannot be reached',
        body: depositAddressBody,
        response: {
          ...responses({ 200: z.object({ message: z.string(), data: depositAddress }) }),
          503: errorResponse,
        },
      },
    },
    async (req) => ({ message: '', data: await deposits.depositAddress(caller(req).user, req.body.coinSymbol) }),
  );

  purchaseCreationRoute(app, {
    url: '/api/coinqvest/start-checkout',
    tags,
    summary:
      'A COINQVEST purchase (spec 2 §7): amount in USD (at most 5,000.00), priced by the server, due in 24 ' +
      'hours; answers the hosted checkout url (open it in a new window). Not a COINQVEST customer: 400 ' +
      'COINQVEST_CUSTOMER_REQUIRED (go to /register-qvest). Idempotency-Key: see the header',
    rateKey: 'coinqvest-checkout',
    perHour: CHECKOUTS_PER_HOUR,
    body: onlinePurchaseBody,
    response: { ...responses({ 200: coinqvestCheckoutStarted }), 503: errorResponse },
    create: (user, body, idempotency) => coinqvest.startCheckout(user, body, idempotency),
  });

  purchaseStateRoute(app, {
    url: '/api/coinqvest/purchase/:purchaseId',
    tags,
    summary: "The caller's COINQVEST purchase as it is now (pending, completed, rejected, expired)",
    param: 'purchaseId',
    paramSchema: z.uuid(),
    response: responses({ 200: onlinePurchaseState }),
    state: (user, purchaseId) => coinqvest.state(user, purchaseId),
  });

  // X-Webhook-Auth is over the raw body.
  webhookRoute(app, {
    url: '/api/webhooks/coinqvest',
    tags,
    summary:
      "COINQVEST's webhook: X-Webhook-Auth = SHA-256(secret + raw body); recorded verified or refused; 200 " +
      'for a verified event (a replay does nothing again), 401 for a bad signature, 400 for a body it cannot read',
    bodyLimit: WEBHOOK_BODY_LIMIT,
    receive: (req, body) => coinqvest.webhook(req.headers[WEBHOOK_AUTH_HEADER], body),
    refusal: () => ({ message: 'The event could not be verified', code: 'WEBHOOK_REFUSED' }),
  });
}
