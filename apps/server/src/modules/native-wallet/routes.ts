import { sendResponse, sendTokensBody } from '@vault/contract/schemas/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { NativeWalletService } from './service.ts';

export function nativeWalletRoutes(app: FastifyInstance, wallets: NativeWalletService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/native-wallet/send-tokens',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: ['native-wallet'],
        summary: 'Send tokens to another member by e-mail (accepts an Idempotency-Key header)',
        body: sendTokensBody,
        response: responses({ 200: sendResponse }),
      },
    },
    (req) => wallets.send(caller(req).user, req.body, idempotencyOf(req)),
  );
}
