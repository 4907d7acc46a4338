import {
  acquireDecision,
  acquireRejectBody,
  adminAcquireRequestResponse,
  adminAcquireRequestsQuery,
  adminAcquireRequestsResponse,
  adminPoolDetail,
  adminPoolResponse,
  adminPoolsQuery,
  adminPoolsResponse,
  createPoolBody,
  poolIdParams,
  poolSupplyBody,
  updatePoolBody,
} from '@vault/contract/schemas/opportunities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCaller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { AcquireDesk } from './acquire-desk.ts';
import type { PoolAdmin } from './pool-admin.ts';
import type { PoolService } from './pools.ts';

const tags = ['back office'];
const read = { auth: 'admin' as const, permission: 'members.read' as const };
const manage = { auth: 'admin' as const, permission: 'catalogue.manage' as const };
const decides = { auth: 'admin' as const, permission: 'funding.decide' as const };
const params = z.object({ id: z.uuid() });

/**
 * The back office's opportunity pools (owners make and edit them, `catalogue.manage`) and acquire requests
 * (read by `members.read`, decided by `funding.decide`), each change audited.
 */
export function opportunityAdminRoutes(
  app: FastifyInstance,
  deps: { pools: PoolService; poolAdmin: PoolAdmin; desk: AcquireDesk },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** A saved pool answered as the back office lists it (with where its units are). */
  const saved = async (done: Promise<{ message: string; id: string }>) => {
    const { message, id } = await done;
    return { message, data: await deps.poolAdmin.detail(id) };
  };

  r.get(
    '/api/admin/opportunity-pools',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The opportunity pools, oldest first, with where their units are: remaining (the treasury’s), reserved ' +
          '(pending requests’), sold; holders and pending requests',
        querystring: adminPoolsQuery,
        response: responses({ 200: adminPoolsResponse }),
      },
    },
    (req) => deps.poolAdmin.list(req.query.page, req.query.limit),
  );

  r.get(
    '/api/admin/opportunity-pools/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One opportunity pool, as the list shows it',
        params: poolIdParams,
        response: responses({ 200: adminPoolDetail }),
      },
    },
    (req) => deps.poolAdmin.detail(req.params.id).then((data) => ({ data })),
  );

  r.post(
    '/api/admin/opportunity-pools/:id/supply',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change a pool’s total supply (1,000,000 to 1,000,000,000): more is issued to the treasury; less is ' +
          'taken back from the treasury, at most what is unsold there. Audited',
        params: poolIdParams,
        body: poolSupplyBody,
        response: responses({ 200: adminPoolResponse }),
      },
    },
    (req) => deps.poolAdmin.changeSupply(adminCaller(req).user, req.params.id, req.body),
  );

  r.post(
    '/api/admin/opportunity-pools',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Create an opportunity pool; its whole supply (1,000,000 to 1,000,000,000 units) is issued to the ' +
          'treasury in the same transaction. Audited',
        body: createPoolBody,
        response: responses({ 200: adminPoolResponse }),
      },
    },
    (req) => saved(deps.pools.create(adminCaller(req).user, req.body)),
  );

  r.patch(
    '/api/admin/opportunity-pools/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Edit a pool’s name, title, image, description, price per unit, due date or royalties. Audited',
        params: poolIdParams,
        body: updatePoolBody,
        response: responses({ 200: adminPoolResponse }),
      },
    },
    (req) => saved(deps.pools.update(adminCaller(req).user, req.params.id, req.body)),
  );

  r.get(
    '/api/admin/opportunity-requests',
    {
      config: read,
      schema: {
        tags,
        summary: 'Acquire requests by status, newest first, with their members',
        querystring: adminAcquireRequestsQuery,
        response: responses({ 200: adminAcquireRequestsResponse }),
      },
    },
    (req) => deps.desk.list(req.query.status, req.query.page, req.query.limit),
  );

  r.get(
    '/api/admin/opportunity-requests/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One acquire request with its pool and its member (type: an sdira member’s acquisitions too)',
        params,
        response: responses({ 200: adminAcquireRequestResponse }),
      },
    },
    (req) => deps.desk.detail(req.params.id),
  );

  r.post(
    '/api/admin/opportunity-requests/:id/approve',
    {
      config: decides,
      schema: {
        tags,
        summary: 'Approve a pending acquire request: one entry pays its Q to the treasury and its units to the member',
        params,
        response: responses({ 200: acquireDecision }),
      },
    },
    (req) => deps.desk.approve(adminCaller(req).user, req.params.id),
  );

  r.post(
    '/api/admin/opportunity-requests/:id/reject',
    {
      config: decides,
      schema: {
        tags,
        summary: 'Reject a pending acquire request with a reason: its Q and its units are released',
        params,
        body: acquireRejectBody,
        response: responses({ 200: acquireDecision }),
      },
    },
    (req) => deps.desk.reject(adminCaller(req).user, req.params.id, req.body.reason),
  );
}
