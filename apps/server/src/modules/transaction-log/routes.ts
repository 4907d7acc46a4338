import { logsQuery, logsResponse, tokenSendsQuery, tokenSendsResponse } from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { TransactionLogService } from './service.ts';

/** The member's own transaction history; nobody reads another member's logs. */
export function transactionLogRoutes(app: FastifyInstance, logs: TransactionLogService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transaction-log'];
  const config = { auth: 'member' as const, membership: true };

  r.get(
    '/api/transaction-log/user/logs',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s transaction logs, newest first (filters: deposit/withdraw or a log type, coin)',
        querystring: logsQuery,
        response: responses({ 200: logsResponse }),
      },
    },
    (req) => logs.logs(caller(req).user.id, req.query),
  );

  r.get(
    '/api/transaction-log/native-token-send',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s token sends and receipts, newest first (token history)',
        querystring: tokenSendsQuery,
        response: responses({ 200: tokenSendsResponse }),
      },
    },
    (req) => logs.tokenSends(caller(req).user.id, req.query.limit),
  );
}
