import { sendTokensBody } from '@vault/contract/schemas/ledger';
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

/** sdira members' send requests, and the back office that decides them. */
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

  const admin = { auth: 'admin' as const };
  const tags = ['admin'];

  r.get(
    '/api/admin/requests',
    {
      config: admin,
      schema: {
        tags,
        summary: 'sdira send requests by status, newest first',
        querystring: sendRequestsQuery,
        response: responses({ 200: sendRequestsResponse }),
      },
    },
    (req) => requests.list(req.query.status, req.query.limit),
  );

  r.post(
    '/api/admin/requests/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve a pending send request: the held tokens go to the recipient (audited)',
        params: requestParams,
        response: responses({ 200: sendRequestDecided }),
      },
    },
    (req) => requests.approve(caller(req).user, req.params.id),
  );

  r.post(
    '/api/admin/requests/:id/reject',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reject a pending send request: the held tokens go back to the member (audited)',
        params: requestParams,
        body: rejectRequestBody,
        response: responses({ 200: sendRequestDecided }),
      },
    },
    (req) => requests.reject(caller(req).user, req.params.id, req.body.reason),
  );
}
