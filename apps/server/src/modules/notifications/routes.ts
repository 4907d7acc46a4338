import { listOf } from '@vault/contract/schemas/common';
import { notification } from '@vault/contract/schemas/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { NotificationService } from './service.ts';

export function notificationRoutes(app: FastifyInstance, notifications: NotificationService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notification',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['notifications'],
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: responses({ 200: listOf(notification) }),
      },
    },
    async (req) => notifications.list(caller(req).user.id, req.query.page, req.query.limit),
  );
}
