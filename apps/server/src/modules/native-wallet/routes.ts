import { sendResponse, sendTokensBody } from '@vault/contract/schemas/ledger';
import { activateWalletBody, activateWalletResponse } from '@vault/contract/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { ActivationService } from './activation.ts';
import type { NativeWalletService } from './service.ts';

export function nativeWalletRoutes(app: FastifyInstance, wallets: NativeWalletService, activation: ActivationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/native-wallet/send-tokens',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: ['native-wallet'],
        summary: 'Send tokens to another member by e-mail (Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        body: sendTokensBody,
        response: responses({ 200: sendResponse }),
      },
    },
    (req) => wallets.send(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.post(
    '/api/native-wallet/activateUserWallet',
    {
      config: { auth: 'member', membership: true },
      schema: {
        tags: ['native-wallet'],
        summary: 'Activate the vault with holdings of one coin worth at least 21 silver tokens (moves no money)',
        body: activateWalletBody,
        response: responses({ 200: activateWalletResponse }),
      },
    },
    (req) => activation.activate(caller(req).user, req.body.coinSymbol),
  );
}
