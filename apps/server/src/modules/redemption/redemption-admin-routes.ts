import { actionWaiting } from '@vault/contract/schemas/maker-checker';
import {
  adminRedemptionAnswer,
  adminRedemptionResponse,
  adminRedemptionsQuery,
  adminRedemptionsResponse,
  redemptionApproveBody,
  redemptionRejectBody,
} from '@vault/contract/schemas/redemption';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { RedemptionDesk } from './redemption-desk.ts';

const params = z.object({ id: z.uuid() });

/** The back office's redemption desk (issue 14 item 6): support reads, operators decide. */
export function redemptionAdminRoutes(app: FastifyInstance, desk: RedemptionDesk) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = { auth: 'admin' as const, permission: 'members.read' as const };
  const decides = { auth: 'admin' as const, permission: 'funding.decide' as const };
  const tags = ['admin'];

  r.get(
    '/api/admin/redemptions',
    {
      config: reads,
      schema: {
        tags,
        summary: 'Redeem requests by status, newest first, with the member, the target account and the payout state',
        querystring: adminRedemptionsQuery,
        response: responses({ 200: adminRedemptionsResponse }),
      },
    },
    (req) => desk.list(req.query.status, req.query.page, req.query.limit),
  );

  r.get(
    '/api/admin/redemptions/:id',
    {
      config: reads,
      schema: {
        tags,
        summary: 'One redeem request, as the list shows it',
        params,
        response: responses({ 200: adminRedemptionResponse }),
      },
    },
    (req) => desk.one(req.params.id),
  );

  r.post(
    '/api/admin/redemptions/:id/approve',
    {
      config: decides,
      schema: {
        tags,
        summary:
          'Approve a pending request: a wire becomes accepted (pay it, then mark it paid); a crypto request is paid ' +
          'out through COINQVEST and completes (its tokens leave circulation). An accepted crypto request whose ' +
          'payout failed is tried again. 503 when COINQVEST cannot be reached (the request stays accepted). Worth ' +
          'more than the maker-checker threshold: 202, waiting for a second administrator (a reason is required ' +
          'then); once approved there, a crypto request is paid out by approving it here again (Pay out)',
        params,
        body: redemptionApproveBody,
        response: responses({ 200: adminRedemptionAnswer, 202: actionWaiting }),
      },
    },
    async (req, reply) => {
      const outcome = await desk.approve(caller(req).user, req.params.id, req.body.reason);
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.post(
    '/api/admin/redemptions/:id/paid',
    {
      config: decides,
      schema: {
        tags,
        summary: 'An accepted direct-wire request was paid by our bank: it completes (its tokens leave circulation)',
        params,
        response: responses({ 200: adminRedemptionAnswer }),
      },
    },
    async (req, reply) => {
      const outcome = await desk.paid(caller(req).user, req.params.id);
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.post(
    '/api/admin/redemptions/:id/reject',
    {
      config: decides,
      schema: {
        tags,
        summary: 'Reject with the reason the member is told: the tokens are released to them',
        params,
        body: redemptionRejectBody,
        response: responses({ 200: adminRedemptionAnswer }),
      },
    },
    async (req, reply) => {
      const outcome = await desk.reject(caller(req).user, req.params.id, req.body.reason);
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
