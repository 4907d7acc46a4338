import { sendTokensBody } from '@vault/contract/schemas/ledger';
import { actionWaiting, approveRequestBody } from '@vault/contract/schemas/maker-checker';
import { swapRequestBody, swapRequestCreated } from '@vault/contract/schemas/swap';
import {
  rejectRequestBody,
  sendRequestCreated,
  sendRequestDecided,
  sendRequestsQuery,
  sendRequestsResponse,
} from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { RequestService } from './service.ts';

const requestParams = z.object({ id: z.uuid() });

/** Requests an administrator decides (sdira sends, sdira and legacy swaps), and the back office that decides them. */
export function requestRoutes(app: FastifyInstance, requests: RequestService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/request/create-legacy-send-request',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: ['request'],
        summary:
          'sdira members: ask an administrator to send tokens (held until decided; Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        body: sendTokensBody,
        response: responses({ 200: sendRequestCreated }),
      },
    },
    (req) => requests.createSend(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.post(
    '/api/request/create-swap-request',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: ['request', 'swap'],
        summary:
          'sdira members (any swap) and legacy tokens (/legacy-swap, flow legacy): ask an administrator to swap at ' +
          'the quote of rates/{flow}/swap; the amount given is held until decided, approval pays exactly the quote. ' +
          "Answers 'Legacy swap request received successfully. …' for a legacy token, else 'Swap request send to " +
          "admin' (Idempotency-Key: see the header)",
        headers: idempotencyHeaders,
        body: swapRequestBody,
        response: responses({ 200: swapRequestCreated }),
      },
    },
    (req) => requests.createSwap(caller(req).user, req.body, idempotencyOf(req)),
  );

  // The queue is part of what support reads about members; deciding is an operator's.
  const reads = { auth: 'admin' as const, permission: 'members.read' as const };
  const decides = { auth: 'admin' as const, permission: 'requests.decide' as const };
  const tags = ['admin'];

  r.get(
    '/api/admin/requests',
    {
      config: reads,
      schema: {
        tags,
        summary: 'Send and swap requests by status, newest first',
        querystring: sendRequestsQuery,
        response: responses({ 200: sendRequestsResponse }),
      },
    },
    (req) => requests.list(req.query.status, req.query.page, req.query.limit),
  );

  r.post(
    '/api/admin/requests/:id/approve',
    {
      config: decides,
      schema: {
        tags,
        summary:
          'Approve a pending request (audited, with the optional reason): a send pays the held tokens to the ' +
          'recipient; a swap gives them to the treasury, which pays the quoted amount (the spread to revenue), ' +
          'exactly once. Worth more than the maker-checker threshold: nothing is decided, 202 with the action ' +
          'waiting for a second administrator (a reason is required then; Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        params: requestParams,
        body: approveRequestBody,
        response: responses({ 200: sendRequestDecided, 202: actionWaiting }),
      },
    },
    async (req, reply) => {
      const outcome = await requests.approve(caller(req).user, req.params.id, req.body?.reason, idempotencyOf(req));
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.post(
    '/api/admin/requests/:id/reject',
    {
      config: decides,
      schema: {
        tags,
        summary: 'Reject a pending send or swap request: the held tokens go back to the member (audited)',
        params: requestParams,
        body: rejectRequestBody,
        response: responses({ 200: sendRequestDecided }),
      },
    },
    (req) => requests.reject(caller(req).user, req.params.id, req.body.reason),
  );
}
