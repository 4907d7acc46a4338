import type { Permission } from '@vault/contract/schemas/admin-auth';
import { messageResponse } from '@vault/contract/schemas/common';
import { adminCreditBody, creditResponse } from '@vault/contract/schemas/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { AdminService } from './service.ts';

const userIdParams = z.object({ id: z.uuid() });
const mail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
});

/** The back office API of this area (administrators only). */
export function adminRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  /** Each route's access: the back office, with the permission the administrator's role must have. */
  const needs = (permission: Permission) => ({ auth: 'admin' as const, permission });
  const ok = responses({ 200: messageResponse });

  r.post(
    '/api/admin/settings/maintenance',
    { config: needs('settings.manage'), schema: { tags, body: z.object({ maintenance: z.boolean() }), response: ok } },
    (req) => admin.setMaintenance(caller(req).user, req.body.maintenance),
  );

  r.post(
    '/api/admin/users/:id/block',
    {
      config: needs('members.manage'),
      schema: {
        tags,
        params: userIdParams,
        body: z.object({ reason: z.string().trim().min(1).max(500) }),
        response: ok,
      },
    },
    (req) => admin.block(caller(req).user, req.params.id, req.body.reason),
  );

  r.post(
    '/api/admin/users/:id/unblock',
    { config: needs('members.manage'), schema: { tags, params: userIdParams, response: ok } },
    (req) => admin.unblock(caller(req).user, req.params.id),
  );

  r.post(
    '/api/admin/notifications',
    {
      config: needs('notifications.send'),
      schema: {
        tags,
        body: z.object({ userId: z.uuid(), message: z.string().trim().min(1).max(1000) }),
        response: ok,
      },
    },
    (req) => admin.notify(caller(req).user, req.body.userId, req.body.message),
  );

  r.post(
    '/api/admin/ledger/credit',
    {
      config: needs('ledger.write'),
      schema: {
        tags,
        summary: 'Issue tokens from the treasury to a member (audited; Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        body: adminCreditBody,
        response: responses({ 200: creditResponse }),
      },
    },
    (req) => admin.credit(caller(req).user, req.body, idempotencyOf(req)),
  );

  r.get(
    '/api/admin/outbox',
    {
      config: needs('outbox.read'),
      schema: {
        tags,
        summary: 'The newest mails, codes and link tokens hidden (each read is audited)',
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: responses({ 200: z.object({ data: z.array(mail) }) }),
      },
    },
    (req) => admin.outbox(caller(req).user, req.query.to, req.query.limit),
  );
}
