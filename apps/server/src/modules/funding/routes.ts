import {
  directWireBody,
  directWireCreated,
  directWireRequest,
  directWiresResponse,
  legacyDepositBody,
  purchaseTermsQuery,
  purchaseTermsResponse,
} from '@vault/contract/schemas/funding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { DirectWireService } from './direct-wires.ts';
import { type PurchaseTermsService, publicTerms } from './purchase-terms.ts';

const wireParams = z.object({ id: z.uuid() });
/** Wires and legacy deposits a member may ask for in an hour: far above honest use, a bound on abuse. */
const WIRE_REQUESTS_PER_HOUR = 30;

/** The purchase flow's member routes: what a token costs, direct wires and sdira legacy deposits. */
export function fundingRoutes(app: FastifyInstance, deps: { terms: PurchaseTermsService; wires: DirectWireService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { terms, wires } = deps;
  const tags = ['funding'];
  // A flooding guard besides the pending limit: creations per member an hour, over both routes (Redis when set).
  const creationRate = app.rateLimit({
    ...perHour(WIRE_REQUESTS_PER_HOUR),
    keyGenerator: (req) => `wires:${caller(req).user.id}`,
  });

  r.get(
    '/api/purchases/terms',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary:
          "What buying a token needs now (ours; spec 2 §7): its rate, the first asset purchase's minimum while the " +
          'member has bought no asset token (minimumTokens), and the value of 21 silver tokens that activates a vault',
        querystring: purchaseTermsQuery,
        response: responses({ 200: purchaseTermsResponse }),
      },
    },
    async (req) => ({ data: publicTerms(await terms.of(caller(req).user, req.query.token)) }),
  );

  r.post(
    '/api/direct-wires',
    {
      config: { auth: 'member', membership: true },
      onRequest: creationRate,
      schema: {
        tags,
        summary:
          'A direct wire contribution (spec 2 §7): the server prices it at the rate now (locked), the fee and the ' +
          'due date from the settings; the primary remittance address is required. sdira members use the legacy ' +
          'deposit. At most 10 pending wires (409). Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: directWireBody,
        response: responses({ 200: directWireCreated }),
      },
    },
    (req) => wires.directWire(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.get(
    '/api/direct-wires/user',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary: "The caller's direct wires and legacy deposits, newest first, every status",
        response: responses({ 200: directWiresResponse }),
      },
    },
    (req) => wires.mine(caller(req).user),
  );

  r.get(
    '/api/direct-wires/:id',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags,
        summary: "One of the caller's wires (another member's: 404)",
        params: wireParams,
        response: responses({ 200: z.object({ data: directWireRequest }) }),
      },
    },
    (req) => wires.detail(caller(req).user, req.params.id),
  );

  r.post(
    '/api/request/create-legacy-deposit',
    {
      config: { auth: 'member', membership: true },
      onRequest: creationRate,
      schema: {
        tags: [...tags, 'request'],
        summary:
          'sdira members: a legacy deposit, the same wire as /direct-wires (method and type legacy), recorded by ' +
          'an administrator when the money arrives. Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: legacyDepositBody,
        response: responses({ 200: directWireCreated }),
      },
    },
    (req) => wires.legacyDeposit(caller(req).user, req.body, idempotencyOf(req)),
  );
}
