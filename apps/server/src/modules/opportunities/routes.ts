import {
  acquireBody,
  acquireCreated,
  acquireRequestResponse,
  acquireRequestsQuery,
  acquireRequestsResponse,
  opportunityTokensResponse,
} from '@vault/contract/schemas/opportunities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { AcquireService } from './acquire.ts';
import type { PoolService } from './pools.ts';

/** Acquire requests a member may make in an hour: far above honest use, a bound on holds placed by a script. */
const REQUESTS_PER_HOUR = 30;

/**
 * The member's opportunity calls (spec 2 §7 "Opportunity tokens and marketplace"), behind the membership data
 * gate. Acquiring also needs an activated vault (403 NOT_ACTIVATED) and an active subscription (403
 * SUBSCRIPTION_REQUIRED), both checked by the service.
 */
export function opportunityRoutes(app: FastifyInstance, deps: { pools: PoolService; acquire: AcquireService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['opportunities'];
  const config = { auth: 'member' as const, membership: true };

  r.get(
    '/api/nft-token',
    {
      config,
      schema: {
        tags,
        summary: 'The opportunity pools, with the units left to acquire and the caller’s own units',
        response: responses({ 200: opportunityTokensResponse }),
      },
    },
    (req) => deps.pools.list(caller(req).user),
  );

  r.get(
    '/api/nft-purchase-request',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s own acquire requests, newest first (pending, approved, rejected or expired)',
        querystring: acquireRequestsQuery,
        response: responses({ 200: acquireRequestsResponse }),
      },
    },
    (req) => deps.acquire.list(caller(req).user, req.query),
  );

  r.get(
    '/api/nft-purchase-request/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One of the caller’s acquire requests (another member’s is not found)',
        params: z.object({ id: z.string().max(100) }),
        response: responses({ 200: acquireRequestResponse }),
      },
    },
    (req) => deps.acquire.one(caller(req).user, req.params.id),
  );

  r.post(
    '/api/nft-purchase-request/create-new-request',
    {
      config,
      onRequest: app.rateLimit({
        ...perHour(REQUESTS_PER_HOUR),
        keyGenerator: (req) => `acquire-requests:${caller(req).user.id}`,
      }),
      schema: {
        tags,
        summary:
          'Ask for units of a pool (Get Units Now): priced by the server (units × pricePerShare, in Q; `price` is ' +
          'ignored), the Q held and the units reserved until the treasury decides. Activated and subscribed ' +
          'members only. Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: acquireBody,
        response: responses({ 200: acquireCreated }),
      },
    },
    (req) => deps.acquire.request(caller(req).user, req.body, idempotencyOf(req)),
  );
}
