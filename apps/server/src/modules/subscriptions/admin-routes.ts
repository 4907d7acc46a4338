import {
  adminPlanResponse,
  adminPlansResponse,
  adminSubscriptionsResponse,
  createPlanBody,
  failedRenewalsQuery,
  planIdParams,
  planSubscribersQuery,
  retirePlanBody,
  upcomingRenewalsQuery,
  updatePlanBody,
} from '@vault/contract/schemas/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCaller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { SubscriptionDesk } from './desk.ts';
import type { PlanService } from './plans.ts';

const tags = ['back office'];
const read = { auth: 'admin' as const, permission: 'members.read' as const };
const manage = { auth: 'admin' as const, permission: 'plans.manage' as const };

/**
 * The back office's subscriptions (issue 16 item 7): plans with their subscriber counts, a plan's subscribers,
 * the renewals coming up and those that failed, for every administrator (`members.read`); creating, editing
 * and retiring plans for owners (`plans.manage`), each audited.
 */
export function subscriptionAdminRoutes(app: FastifyInstance, deps: { plans: PlanService; desk: SubscriptionDesk }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/subscription-plans',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every subscription plan (retired ones last) with its current and recurring subscribers',
        response: responses({ 200: adminPlansResponse }),
      },
    },
    () => deps.plans.all(),
  );

  r.post(
    '/api/admin/subscription-plans',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a plan: title, logo, priceUSD (2 decimals), duration (fixed once made). Audited',
        body: createPlanBody,
        response: responses({ 200: adminPlanResponse }),
      },
    },
    (req) => deps.plans.create(adminCaller(req).user, req.body),
  );

  r.patch(
    '/api/admin/subscription-plans/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Edit a plan’s title, logo or price (at least one). A new price applies to new subscriptions; current ones ' +
          'renew at the price their member agreed to. Audited with the old and new values',
        params: planIdParams,
        body: updatePlanBody,
        response: responses({ 200: adminPlanResponse }),
      },
    },
    (req) => deps.plans.update(adminCaller(req).user, req.params.id, req.body),
  );

  r.post(
    '/api/admin/subscription-plans/:id/retire',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Retire a plan {reason}: no longer offered; its subscriptions run to the end of their paid period and are ' +
          'not renewed. Audited',
        params: planIdParams,
        body: retirePlanBody,
        response: responses({ 200: adminPlanResponse }),
      },
    },
    (req) => deps.plans.retire(adminCaller(req).user, req.params.id, req.body.reason),
  );

  r.get(
    '/api/admin/subscription-plans/:id/subscribers',
    {
      config: read,
      schema: {
        tags,
        summary:
          'A plan’s subscriptions with their members: current ones (status=active, default) or all, newest first',
        params: planIdParams,
        querystring: planSubscribersQuery,
        response: responses({ 200: adminSubscriptionsResponse }),
      },
    },
    (req) => deps.desk.subscribersOf(req.params.id, req.query),
  );

  r.get(
    '/api/admin/subscriptions/upcoming',
    {
      config: read,
      schema: {
        tags,
        summary: 'Recurring subscriptions due for renewal within `days` (default 7), soonest first (overdue ones too)',
        querystring: upcomingRenewalsQuery,
        response: responses({ 200: adminSubscriptionsResponse }),
      },
    },
    (req) => deps.desk.upcoming(req.query),
  );

  r.get(
    '/api/admin/subscriptions/failed-renewals',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Renewals the member’s Q did not cover: in their grace period (retried, member told) or ended by it, ' +
          'newest first',
        querystring: failedRenewalsQuery,
        response: responses({ 200: adminSubscriptionsResponse }),
      },
    },
    (req) => deps.desk.failed(req.query),
  );
}
