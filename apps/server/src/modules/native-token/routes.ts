import { nativeToken } from '@vault/contract/schemas/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responses } from '../../http/schema.ts';
import type { NativeTokenService } from './service.ts';

export function nativeTokenRoutes(app: FastifyInstance, tokens: NativeTokenService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/native-token/get-all-native-tokens',
    {
      // Public: the home page's carousel shows them to visitors.
      config: { auth: 'public' },
      schema: { tags: ['native-token'], response: responses({ 200: z.object({ data: z.array(nativeToken) }) }) },
    },
    async () => ({ data: await tokens.visible() }),
  );
}
