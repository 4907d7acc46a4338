import {
  cancelSubscriptionResponse,
  plansResponse,
  subscribeBody,
  subscribeResponse,
  subscriptionIdParams,
  subscriptionLogQuery,
  subscriptionLogResponse,
  userSubscriptionsResponse,
} from '@vault/contract/schemas/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { PlanService } from './plans.ts';
import type { SubscriptionService } from './subscriptions.ts';

/** Subscribes a member may make in an hour: far above honest use, a bound on a script paying in a loop. */
const SUBSCRIBES_PER_HOUR = 30;
/** Cancels in an hour: each is one row; the bound only stops a loop. */
const CANCELS_PER_HOUR = 60;

/**
 * The member's subscription calls (spec 2 §7 Subscriptions, spec 1 §7 `subscription/user-subscriptions`).
 * Every one is behind the membership data gate (spec 2 §5 "Gate": 403 'Please fill your GPA data first');
 * subscribing also needs an activated vault (403 'Please activate your vault first') and moves money
 * (Idempotency-Key, rate limit).
 */
export function subscriptionRoutes(
  app: FastifyInstance,
  deps: { plans: PlanService; subscriptions: SubscriptionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];
  const config = { auth: 'member' as const, membership: true };
  const limited = (max: number, name: string) =>
    app.rateLimit({ ...perHour(max), keyGenerator: (req) => `${name}:${caller(req).user.id}` });

  r.get(
    '/api/package',
    {
      config,
      schema: {
        tags,
        summary:
          'The subscription plans offered (spec 2 §3 Subscription plan), cheapest first; priceUSD is also the Q paid',
        response: responses({ 200: plansResponse }),
      },
    },
    () => deps.plans.offered(),
  );

  r.post(
    '/api/subscription',
    {
      config,
      onRequest: limited(SUBSCRIBES_PER_HOUR, 'subscribe'),
      schema: {
        tags,
        summary:
          'Subscribe to a plan, paid now from the Q wallet (one ledger entry to revenue). isRenewable true is Recurring ' +
          '(not for lifetime plans). The server decides the price and the period: paymentAmount, amount and renewOn ' +
          'are ignored. Answers the message and the updated user (isSubscriber). Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: subscribeBody,
        response: responses({ 200: subscribeResponse }),
      },
    },
    (req) => deps.subscriptions.subscribe(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.get(
    '/api/subscription/user-subscriptions',
    {
      config,
      schema: {
        tags,
        summary:
          'The member’s current subscriptions (active, including a recurring one waiting for its renewal), newest first',
        response: responses({ 200: userSubscriptionsResponse }),
      },
    },
    (req) => deps.subscriptions.current(caller(req).user),
  );

  r.post(
    '/api/subscription/cancel/:id',
    {
      config,
      onRequest: limited(CANCELS_PER_HOUR, 'subscription-cancel'),
      schema: {
        tags,
        summary:
          'Cancel one of the member’s subscriptions: it is not renewed and stays active until renewOn. Lifetime ' +
          'subscriptions cannot be cancelled; anyone else’s id is 404',
        params: subscriptionIdParams,
        response: responses({ 200: cancelSubscriptionResponse }),
      },
    },
    (req) => deps.subscriptions.cancel(caller(req).user, req.params.id),
  );

  r.get(
    '/api/subscription-log',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s subscription payments (purchases and renewals), newest first (/subscription-history)',
        querystring: subscriptionLogQuery,
        response: responses({ 200: subscriptionLogResponse }),
      },
    },
    (req) => deps.subscriptions.history(caller(req).user, req.query.page, req.query.limit),
  );
}
