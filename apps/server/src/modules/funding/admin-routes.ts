import {
  adminProviderEventsQuery,
  adminProviderEventsResponse,
  adminPurchasesQuery,
  adminPurchasesResponse,
  adminWire,
  adminWiresQuery,
  adminWiresResponse,
  wireReceivedBody,
  wireRejectBody,
} from '@vault/contract/schemas/funding';
import { actionWaiting } from '@vault/contract/schemas/maker-checker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { PurchaseDeskService } from './purchase-desk.ts';
import type { WireDeskService } from './wire-desk.ts';

const wireParams = z.object({ id: z.uuid() });
const wireAnswer = z.object({ message: z.string(), data: adminWire });

/** The back office's wire desk: members' direct wires and legacy deposits, recorded as received or rejected. */
export function wireDeskRoutes(app: FastifyInstance, desk: WireDeskService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading wires is part of what support reads about members; recording money is an operator's.
  const reads = { auth: 'admin' as const, permission: 'members.read' as const };
  const decides = { auth: 'admin' as const, permission: 'funding.decide' as const };
  const tags = ['admin'];

  r.get(
    '/api/admin/wires',
    {
      config: reads,
      schema: {
        tags,
        summary: 'Direct wires and legacy deposits by status, newest first',
        querystring: adminWiresQuery,
        response: responses({ 200: adminWiresResponse }),
      },
    },
    (req) => desk.list(req.query.status, req.query.page, req.query.limit),
  );

  r.get(
    '/api/admin/wires/:id',
    {
      config: reads,
      schema: {
        tags,
        summary: 'One wire',
        params: wireParams,
        response: responses({ 200: z.object({ data: adminWire }) }),
      },
    },
    (req) => desk.detail(req.params.id),
  );

  r.post(
    '/api/admin/wires/:id/received',
    {
      config: decides,
      schema: {
        tags,
        summary:
          'Record a pending or expired wire as received with the USD that arrived: the tokens (less the fee, at the ' +
          'rate locked at request time) are issued from the wire clearing account exactly once; a contribution worth ' +
          '21 silver tokens activates the vault. Worth more than the maker-checker threshold: 202, waiting for a ' +
          'second administrator (a reason is required then). Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        params: wireParams,
        body: wireReceivedBody,
        response: responses({ 200: wireAnswer, 202: actionWaiting }),
      },
    },
    async (req, reply) => {
      const outcome = await desk.received(caller(req).user, req.params.id, req.body, idempotencyOf(req));
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.post(
    '/api/admin/wires/:id/reject',
    {
      config: decides,
      schema: {
        tags,
        summary: 'Reject a pending or expired wire with the reason the member is told (audited)',
        params: wireParams,
        body: wireRejectBody,
        response: responses({ 200: wireAnswer }),
      },
    },
    (req) => desk.reject(caller(req).user, req.params.id, req.body.reason),
  );
}

/** The back office's online purchases desk (issue 13 item 5): purchases and provider events, read only. */
export function purchaseDeskRoutes(app: FastifyInstance, desk: PurchaseDeskService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = { auth: 'admin' as const, permission: 'members.read' as const };
  const tags = ['admin'];

  r.get(
    '/api/admin/purchases',
    {
      config: reads,
      schema: {
        tags,
        summary:
          'Purchases by method and state, newest first, with the provider reference and state and the charge-back ' +
          'fields; attention=true: charged back with a debt, or a provider event of it unprocessed or refused',
        querystring: adminPurchasesQuery,
        response: responses({ 200: adminPurchasesResponse }),
      },
    },
    (req) => {
      const { page, limit, ...filter } = req.query;
      return desk.purchases(filter, page, limit);
    },
  );

  r.get(
    '/api/admin/provider-events',
    {
      config: reads,
      schema: {
        tags,
        summary:
          'Provider webhook events received, newest first: verified or refused (and why), processed or not, the order',
        querystring: adminProviderEventsQuery,
        response: responses({ 200: adminProviderEventsResponse }),
      },
    },
    (req) => {
      const { page, limit, ...filter } = req.query;
      return desk.events(filter, page, limit);
    },
  );
}
