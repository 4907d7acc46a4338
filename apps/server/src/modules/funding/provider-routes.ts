import type { errorResponse } from '@vault/contract/schemas/common';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { Authenticated } from '../auth/sessions.ts';

/**
 * The route shapes every online method (PayPal, GoCardless, COINQVEST) shares: the member's purchase-creating
 * POST (Idempotency-Key, membership, a per-member hourly bound), the purchase-state GET and the provider's
 * webhook (public, its raw body kept for the signature). Each provider's routes file states what differs.
 */

type Response = Record<number, z.ZodType>;
type Idempotency = ReturnType<typeof idempotencyOf>;

/** The POST that starts a purchase: member with membership, Idempotency-Key, at most `perHour` per member. */
export function purchaseCreationRoute<B extends z.ZodType>(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summary: string;
    /** The rate limit's key prefix: one bucket per method and member. */
    rateKey: string;
    perHour: number;
    body: B;
    response: Response;
    create: (user: Authenticated['user'], body: z.infer<B>, idempotency: Idempotency) => Promise<unknown>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.url,
    {
      config: { auth: 'member', membership: true },
      onRequest: app.rateLimit({
        ...perHour(route.perHour),
        keyGenerator: (req) => `${route.rateKey}:${caller(req).user.id}`,
      }),
      schema: {
        tags: route.tags,
        summary: route.summary,
        headers: idempotencyHeaders,
        body: route.body,
        response: route.response,
      },
    },
    (req) => route.create(caller(req).user, req.body as z.infer<B>, idempotencyOf(req)) as never,
  );
}

/** The GET of the caller's own purchase as it is now, by the one id in its path. */
export function purchaseStateRoute<P extends string>(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summary: string;
    param: P;
    paramSchema: z.ZodType<string>;
    response: Response;
    state: (user: Authenticated['user'], id: string) => Promise<unknown>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    route.url,
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: route.tags,
        summary: route.summary,
        params: z.object({ [route.param]: route.paramSchema } as Record<P, z.ZodType<string>>),
        response: route.response,
      },
    },
    (req) => route.state(caller(req).user, (req.params as Record<P, string>)[route.param]) as never,
  );
}

/**
 * The provider's webhook: public, its body kept as the string it arrived as (the signature is over those
 * bytes, at most `bodyLimit`). `receive` answers a status; 200 is `{ received: true }`, any other is sent
 * with the error `refusal` names for it.
 */
export function webhookRoute(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summary: string;
    bodyLimit: number;
    /** The error answers beyond the usual 4xx ones (498, 503, …). */
    errors?: Response;
    onRequest?: onRequestHookHandler;
    receive: (req: FastifyRequest, body: string) => Promise<{ status: number }>;
    refusal: (status: number) => z.infer<typeof errorResponse>;
  },
) {
  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: route.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    hooks.withTypeProvider<ZodTypeProvider>().post(
      route.url,
      {
        config: { auth: 'public' },
        ...(route.onRequest ? { onRequest: route.onRequest } : {}),
        schema: {
          tags: route.tags,
          summary: route.summary,
          body: z.string().max(route.bodyLimit),
          response: { ...responses({ 200: z.object({ received: z.boolean() }) }), ...route.errors },
        },
      },
      async (req, reply) => {
        const { status } = await route.receive(req, req.body);
        if (status === 200) return { received: true };
        return reply.code(status).send(route.refusal(status));
      },
    );
  });
}
