import { currencyInfo, walletBalances } from '@vault/contract/schemas/wallet';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { WalletService } from './service.ts';

/**
 * JSON of values the service keeps between reads (frozen, the same object while what it shows is
 * unchanged: a member's wallets, the settings), by identity.
 */
const keptJson = new WeakMap<object, string>();
function json(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return JSON.stringify(value);
  let text = keptJson.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    keptJson.set(value, text);
  }
  return text;
}

/** JSON.stringify of an answer object, its kept values' JSON made once (undefined values left out, as there). */
function stringify(data: Record<string, unknown>): string {
  let out = '';
  for (const key in data) {
    const text = json(data[key]);
    if (text !== undefined) out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}

/**
 * The wallets' 200 answers are serialized from what the service built, without the zod pass of the default
 * serializer (a copy of some 60 objects per read, with their checks: about 5 % of a dashboard read's
 * server time) and with the JSON of the wallets kept between reads. The service builds them to the
 * contract's shape itself: exactly its keys, in its order, the settings held to it once per version;
 * test/api/wallet.test.ts holds the answers byte for byte to what zod's serializer makes of the same
 * data. Every other status goes through zod as everywhere.
 */
const builtToShape: FastifySerializerCompiler<unknown> = (route) =>
  // Fastify types a route's compiler as given the route's whole schema; it is given one status's (a zod schema).
  route.httpStatus === '200' ? stringify : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

export function walletRoutes(app: FastifyInstance, wallets: WalletService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const config = { auth: 'member' as const, membership: true };

  r.get(
    '/api/wallet/currency-info',
    {
      config,
      serializerCompiler: builtToShape,
      schema: {
        tags,
        summary: 'The dashboard: every wallet with balance, value and market data, the member, settings',
        response: responses({ 200: currencyInfo }),
      },
    },
    (req) => wallets.currencyInfo(caller(req).user),
  );

  r.get(
    '/api/wallet/updateWalletBalances',
    {
      config,
      serializerCompiler: builtToShape,
      schema: { tags, summary: 'Fresh balances of every wallet', response: responses({ 200: walletBalances }) },
    },
    (req) => wallets.balances(caller(req).user),
  );
}
