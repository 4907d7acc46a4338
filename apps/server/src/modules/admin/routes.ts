import { messages } from '@vault/contract/messages';
import { messageResponse } from '@vault/contract/schemas/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Context } from '../../context.ts';
import { auditLog, outbox, users } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { responses } from '../../http/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';

const userIdParams = z.object({ id: z.uuid() });

/** The back office API of this area. Every change an administrator makes writes an audit row. */
export function adminRoutes(
  app: FastifyInstance,
  ctx: Context,
  deps: { sessions: SessionService; settings: SettingsService; notifications: NotificationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const audit = (actorId: string, action: string, targetId: string | null, details: Record<string, unknown>) =>
    ctx.db.insert(auditLog).values({ id: newId(), actorId, action, targetId, details });

  const findMember = async (id: string) => {
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), sql`${users.deletedAt} is null`));
    if (!user) throw notFound();
    return user;
  };

  r.post(
    '/api/admin/settings/maintenance',
    {
      config,
      schema: { tags, body: z.object({ maintenance: z.boolean() }), response: responses({ 200: messageResponse }) },
    },
    async (req) => {
      await deps.settings.set('maintenance', req.body.maintenance);
      await audit(caller(req).user.id, 'settings.maintenance', null, req.body);
      return { message: messages.maintenanceUpdated };
    },
  );

  r.post(
    '/api/admin/users/:id/block',
    {
      config,
      schema: {
        tags,
        params: userIdParams,
        body: z.object({ reason: z.string().trim().min(1).max(500) }),
        response: responses({ 200: messageResponse }),
      },
    },
    async (req) => {
      const user = await findMember(req.params.id);
      await ctx.db.update(users).set({ isBlocked: true, blockReason: req.body.reason }).where(eq(users.id, user.id));
      await audit(caller(req).user.id, 'user.block', user.id, { reason: req.body.reason });
      // Tell the member's open screens why before their sessions (and sockets) are cut.
      ctx.events.emit('userBlocked', { userId: user.id, email: user.email, blockReason: req.body.reason });
      await deps.sessions.revokeAll(user.id);
      return { message: messages.userBlockedByAdmin };
    },
  );

  r.post(
    '/api/admin/users/:id/unblock',
    { config, schema: { tags, params: userIdParams, response: responses({ 200: messageResponse }) } },
    async (req) => {
      const user = await findMember(req.params.id);
      await ctx.db.update(users).set({ isBlocked: false, blockReason: null }).where(eq(users.id, user.id));
      await audit(caller(req).user.id, 'user.unblock', user.id, {});
      return { message: messages.userUnblockedByAdmin };
    },
  );

  r.post(
    '/api/admin/notifications',
    {
      config,
      schema: {
        tags,
        body: z.object({ userId: z.uuid(), message: z.string().trim().min(1).max(1000) }),
        response: responses({ 200: messageResponse }),
      },
    },
    async (req) => {
      const user = await findMember(req.body.userId);
      await deps.notifications.notify(user.id, req.body.message);
      await audit(caller(req).user.id, 'notification.send', user.id, { message: req.body.message });
      return { message: 'Notification sent' };
    },
  );

  r.get(
    '/api/admin/outbox',
    {
      config,
      schema: {
        tags,
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: responses({
          200: z.object({
            data: z.array(
              z.object({
                _id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                kind: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
        }),
      },
    },
    async (req) => {
      const rows = await ctx.db
        .select()
        .from(outbox)
        .where(req.query.to ? eq(outbox.to, req.query.to.toLowerCase()) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(req.query.limit);
      return {
        data: rows.map((m) => ({
          _id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          kind: m.kind,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
}
