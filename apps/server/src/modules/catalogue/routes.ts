import { nativeToken } from '@vault/contract/schemas/site';
import {
  activationAsset,
  activationRateQuery,
  activationRateResponse,
  rateResponse,
  setPriceBody,
  sparklines,
} from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { ActivationService } from '../native-wallet/activation.ts';
import { toNativeToken } from './presenter.ts';
import type { CatalogueService } from './service.ts';

/** Symbols are upper case; a client asking in lower case gets the same answer. */
const symbolParam = z.string().trim().min(1).max(32).toUpperCase();

/** Tokens, coins, prices and price history (spec 2 §7 funding calls, spec 1 §7 sparklines). */
export function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueService, activation: ActivationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { auth: 'member' as const };

  r.get(
    '/api/native-token/get-all-native-tokens',
    {
      // Public: the home page's carousel shows them to visitors.
      config: { auth: 'public' },
      schema: { tags: ['native-token'], response: responses({ 200: z.object({ data: z.array(nativeToken) }) }) },
    },
    async () => ({ data: (await catalogue.tokens({ visibleOnly: true })).map(toNativeToken) }),
  );

  r.get(
    '/api/native-token/get-rate/:coinSymbol',
    {
      config: member,
      schema: {
        tags: ['native-token'],
        summary: "USD price of a token or coin; '1' when the symbol is unknown (spec 2 §7)",
        params: z.object({ coinSymbol: symbolParam }),
        response: responses({ 200: rateResponse }),
      },
    },
    async (req) => ({ price: await catalogue.rate(req.params.coinSymbol) }),
  );

  r.get(
    '/api/native-token/rates/activation',
    {
      config: member,
      schema: {
        tags: ['native-token'],
        summary: 'How much of a token or coin is worth 21 silver tokens (vault activation), and its USD value',
        querystring: activationRateQuery,
        response: responses({ 200: activationRateResponse }),
      },
    },
    // Paid with fiat or tokens, the value needed is the same: activationType does not change the amount.
    (req) => activation.requirement(req.query.from),
  );

  r.get(
    '/api/native-token/assetsForWalletActivation',
    {
      config: member,
      schema: {
        tags: ['native-token'],
        summary: 'The coins accepted for vault activation, the amount of each needed and the member’s balance',
        response: responses({ 200: z.object({ data: z.array(activationAsset) }) }),
      },
    },
    (req) => activation.assets(caller(req).user),
  );

  r.get(
    '/api/coin/sparklines/:id',
    {
      config: member,
      schema: {
        tags: ['coin'],
        summary: 'Recorded prices of a token or coin over 1, 7, 30 and 90 days, oldest first',
        params: z.object({ id: symbolParam }),
        response: responses({ 200: sparklines }),
      },
    },
    (req) => catalogue.sparklines(req.params.id),
  );

  r.post(
    '/api/admin/prices',
    {
      config: { auth: 'admin', permission: 'catalogue.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Record a new price of an asset token or crypto coin (audited; joins the price history)',
        body: setPriceBody,
        response: responses({
          200: z.object({
            message: z.string(),
            data: z.object({ coinSymbol: z.string(), price: z.string(), recordedAt: z.string() }),
          }),
        }),
      },
    },
    (req) => catalogue.setPrice(req.body.coinSymbol, req.body.price, caller(req).user),
  );
}
