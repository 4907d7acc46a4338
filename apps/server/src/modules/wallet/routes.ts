import { currencyInfo, walletBalances } from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { WalletService } from './service.ts';

export function walletRoutes(app: FastifyInstance, wallets: WalletService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const config = { auth: 'member' as const, membership: true };

  r.get(
    '/api/wallet/currency-info',
    {
      config,
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
      schema: { tags, summary: 'Fresh balances of every wallet', response: responses({ 200: walletBalances }) },
    },
    (req) => wallets.balances(caller(req).user),
  );
}
