import { transactionsParams, transactionsResponse } from '@vault/contract/schemas/funding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { TransactionService } from './transactions.ts';

/** The transactions list (spec 1 §2, §7 "GET transaction/{a}/{b}/txs"). */
export function transactionRoutes(app: FastifyInstance, transactions: TransactionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/transaction/:page/:limit/txs',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['funding'],
        summary:
          'The member’s transactions (purchases: direct wires, legacy deposits), newest first: a = page (from 1), ' +
          'b = page size (1 to 100)',
        params: transactionsParams,
        response: responses({ 200: transactionsResponse }),
      },
    },
    (req) => transactions.page(caller(req).user, req.params.page, req.params.limit),
  );
}
