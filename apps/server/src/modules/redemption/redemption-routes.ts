import { errorResponse } from '@vault/contract/schemas/common';
import {
  cryptoRedeemBody,
  directWireRedeemBody,
  redeemNetworks,
  redemptionCreated,
  redemptionList,
  redemptionsQuery,
} from '@vault/contract/schemas/redemption';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { perHour, responses } from '../../http/schema.ts';
import type { RedeemNetworkService } from './redeem-networks.ts';
import type { RedemptionService } from './redemptions.ts';

/** Redeem requests a member may make in an hour: far above honest use, a bound on holds placed by a script. */
const REQUESTS_PER_HOUR = 30;

/**
 * The member's redemption calls (spec 2 §7): the networks, the two requests (money-moving: Idempotency-Key)
 * and the history. Only activated members redeem (403 NOT_ACTIVATED: the web opens /error).
 */
export function redemptionRoutes(app: FastifyInstance, redemptions: RedemptionService, networks: RedeemNetworkService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['redemption'];
  const config = { auth: 'member' as const };
  const rate = app.rateLimit({
    ...perHour(REQUESTS_PER_HOUR),
    keyGenerator: (req) => `redeem-requests:${caller(req).user.id}`,
  });

  r.get(
    '/api/coinqvest/networks',
    {
      config,
      schema: {
        tags,
        summary: 'The networks a member can redeem to through COINQVEST, and which form each needs (spec 2 §4)',
        response: { ...responses({ 200: redeemNetworks }), 503: errorResponse },
      },
    },
    () => networks.list(),
  );

  r.post(
    '/api/coinqvest/request',
    {
      config,
      onRequest: rate,
      schema: {
        tags,
        summary:
          'Redeem tokens to a crypto network, PIX, an Argentine bank or Stellar (paid out by COINQVEST once approved): ' +
          'the tokens go on hold at once; asset and legacy tokens only from lots held 1 year and 1 day. ' +
          'Idempotency-Key: see the header',
        headers: idempotencyHeaders,
        body: cryptoRedeemBody,
        response: responses({ 200: redemptionCreated }),
      },
    },
    (req) => redemptions.requestCrypto(caller(req).user, req.body, idempotencyOf(req)),
  );

  // Sdira members' Redeem (spec 2 §7 `request/create-legacy-withdraw-request`, payload not shown) is the same
  // wire redeem: one handler, two paths.
  for (const url of ['/api/direct-wires/withdraw', '/api/request/create-legacy-withdraw-request']) {
    r.post(
      url,
      {
        config,
        onRequest: rate,
        schema: {
          tags,
          summary:
            'Redeem tokens by direct wire to one of the member’s redeem addresses (sdira members redeem here, their ' +
            'Legacy Redeem): the tokens go on hold at once. Idempotency-Key: see the header',
          headers: idempotencyHeaders,
          body: directWireRedeemBody,
          response: responses({ 200: redemptionCreated }),
        },
      },
      (req) => redemptions.requestWire(caller(req).user, req.body, idempotencyOf(req)),
    );
  }

  r.get(
    '/api/coinqvest/withdrawal/user',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s redeem history, every method, newest first',
        querystring: redemptionsQuery,
        response: responses({ 200: redemptionList }),
      },
    },
    (req) => redemptions.history(caller(req).user, req.query.page, req.query.limit),
  );
}
