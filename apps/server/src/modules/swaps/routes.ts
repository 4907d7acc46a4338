import { SWAP_SPREAD_BOUNDS, swapSpreadCurrent } from '@vault/contract/schemas/catalogue-admin';
import {
  swapBody,
  swapQuoteResponse,
  swapRateParams,
  swapRateQuery,
  swapResponse,
  swapSpreadBody,
  swapSpreadResponse,
  validateSwapQuery,
  validateSwapResponse,
} from '@vault/contract/schemas/swap';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { SwapService } from './service.ts';

/**
 * Swaps (spec 2 §7 "Swaps"; issue 10 §5). The spec shows the crypto swap's paths; the rest are ours and
 * documented here, so /api/docs states them: the asset swap beside the crypto swap, its rate beside the
 * crypto rate (`rates/{flow}/swap`), swap requests beside send requests (requests module).
 */
export function swapRoutes(app: FastifyInstance, swaps: SwapService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { auth: 'member' as const, membership: true };
  const tags = ['swap'];

  r.get(
    '/api/native-token/rates/:flow/swap',
    {
      config: member,
      schema: {
        tags,
        summary:
          'A firm quote (signed, valid 60 s): flow crypto (/crypto-swap: a cryptocurrency into CQR Dollars), assets ' +
          '(/assets-swap: asset ↔ asset or liquidity token), legacy (/legacy-swap: a legacy token, by request). `to` is ' +
          "a symbol or the member's wallet id; the screens ask for amount 1 to show the rate and the spread",
        params: swapRateParams,
        querystring: swapRateQuery,
        response: responses({ 200: swapQuoteResponse }),
      },
    },
    (req) => swaps.quote(caller(req).user, req.params.flow, req.query),
  );

  r.get(
    '/api/native-wallet/validate-swap',
    {
      config: member,
      schema: {
        tags,
        summary:
          'Whether the member may make this swap now (status) and, when not, why (message); the asset swap asks ' +
          'before confirming. Without from/to/amount: whether the member may swap at all',
        querystring: validateSwapQuery,
        response: responses({ 200: validateSwapResponse }),
      },
    },
    (req) => swaps.validate(caller(req).user, req.query),
  );

  r.post(
    '/api/native-wallet/swap',
    {
      config: member,
      schema: {
        tags,
        summary:
          'Crypto swap (/crypto-swap): pays the quote of rates/crypto/swap, or refuses (409) when it expired or the ' +
          "rate moved beyond the spread since. Answers 'Token Swap successfully'. sdira members use " +
          'request/create-swap-request (Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        body: swapBody('crypto'),
        response: responses({ 200: swapResponse }),
      },
    },
    (req) => swaps.swap(caller(req).user, 'crypto', req.body, idempotencyOf(req)),
  );

  r.post(
    '/api/native-wallet/assets-swap',
    {
      config: member,
      schema: {
        tags,
        summary:
          'Asset swap (/assets-swap): pays the quote of rates/assets/swap like native-wallet/swap. Answers ' +
          "'Assets swap successfully' between two asset tokens, 'Swap successfully done' with a liquidity token " +
          '(Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        body: swapBody('assets'),
        response: responses({ 200: swapResponse }),
      },
    },
    (req) => swaps.swap(caller(req).user, 'assets', req.body, idempotencyOf(req)),
  );

  r.get(
    '/api/admin/settings/swap-spread',
    {
      config: { auth: 'admin', permission: 'ledger.read' },
      schema: {
        tags: ['back office'],
        summary: 'The spread of every swap quote now, in percent, with its default and its maximum',
        response: responses({ 200: swapSpreadCurrent }),
      },
    },
    async () => ({ data: { swapSpreadPercent: await swaps.spread(), ...SWAP_SPREAD_BOUNDS } }),
  );

  r.post(
    '/api/admin/settings/swap-spread',
    {
      config: { auth: 'admin', permission: 'catalogue.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Set the spread of every later swap quote, in percent (0-10, default 0.5; audited)',
        body: swapSpreadBody,
        response: responses({ 200: swapSpreadResponse }),
      },
    },
    (req) => swaps.setSpread(caller(req).user, req.body.swapSpreadPercent),
  );
}
