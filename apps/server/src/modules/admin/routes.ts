import type { Permission } from '@vault/contract/schemas/admin-auth';
import { outboxQuery, outboxResponse } from '@vault/contract/schemas/backoffice';
import { messageResponse } from '@vault/contract/schemas/common';
import { adminCreditBody, creditResponse } from '@vault/contract/schemas/ledger';
import {
  actionDecided,
  actionDecisionBody,
  actionIdParams,
  actionsQuery,
  actionsResponse,
  actionWaiting,
  makerCheckerSettingsBody,
  makerCheckerSettingsResponse,
  makerCheckerSettingsUpdated,
  reverseEntryBody,
  reverseEntryResponse,
} from '@vault/contract/schemas/maker-checker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCaller, caller } from '../../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { responses } from '../../http/schema.ts';
import type { AdminService } from './service.ts';

const userIdParams = z.object({ id: z.uuid() });
const entryIdParams = z.object({ id: z.uuid() });
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
        summary:
          'Issue tokens from the treasury to a member (audited with the reason). Worth more than the maker-checker ' +
          'threshold: nothing is issued, 202 with the waiting action for a second administrator ' +
          '(Idempotency-Key: see the header; a repeat answers the entry or the same action)',
        headers: idempotencyHeaders,
        body: adminCreditBody,
        response: responses({ 200: creditResponse, 202: actionWaiting }),
      },
    },
    async (req, reply) => {
      const outcome = await admin.credit(caller(req).user, req.body, idempotencyOf(req));
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.post(
    '/api/admin/ledger/entries/:id/reverse',
    {
      config: needs('ledger.write'),
      schema: {
        tags,
        summary:
          'Reverse a journal entry: every posting negated, lots given back, once (audited with the reason; 404 ' +
          "unknown, 409 already reversed, 400 'Insufficient balance' when a member no longer holds what it gave " +
          'them). Worth more than the maker-checker threshold (what the entry moved): 202, waiting for a second ' +
          'administrator (Idempotency-Key: see the header)',
        headers: idempotencyHeaders,
        params: entryIdParams,
        body: reverseEntryBody,
        response: responses({ 200: reverseEntryResponse, 202: actionWaiting }),
      },
    },
    async (req, reply) => {
      const outcome = await admin.reverse(caller(req).user, req.params.id, req.body.reason, idempotencyOf(req));
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  r.get(
    '/api/admin/settings/maker-checker',
    {
      config: needs('settings.manage'),
      schema: {
        tags,
        summary:
          'The maker-checker threshold: money actions worth more than this (USD) wait for a second administrator',
        response: responses({ 200: makerCheckerSettingsResponse }),
      },
    },
    () => admin.makerCheckerSettings(),
  );

  r.post(
    '/api/admin/settings/maker-checker',
    {
      config: needs('settings.manage'),
      schema: {
        tags,
        summary: 'Set the maker-checker threshold in USD (audited with the value before and after; 0: every one waits)',
        body: makerCheckerSettingsBody,
        response: responses({ 200: makerCheckerSettingsUpdated }),
      },
    },
    (req) => admin.setMakerCheckerThreshold(caller(req).user, req.body.makerCheckerThresholdUsd),
  );

  r.get(
    '/api/admin/actions',
    {
      config: needs('ledger.read'),
      schema: {
        tags,
        summary: 'Maker-checker actions (credits, reversals, request approvals above the threshold), newest first',
        querystring: actionsQuery,
        response: responses({ 200: actionsResponse }),
      },
    },
    (req) => admin.makerChecker.list(req.query),
  );

  // Who reaches these may read the queue; the service checks the permission the action itself needs
  // (ledger.write for credits and reversals, requests.decide for request approvals) and that the caller is
  // not its maker (403 either way).
  r.post(
    '/api/admin/actions/:id/approve',
    {
      config: needs('ledger.read'),
      schema: {
        tags,
        summary:
          "Approve a waiting action as the second administrator (not its maker; the action's own permission " +
          'needed): it runs now, with the decision, exactly once (409 for a later decision). When it cannot run ' +
          '(the request was decided meanwhile, a balance too low), that is the answer and it stays pending',
        params: actionIdParams,
        body: actionDecisionBody,
        response: responses({ 200: actionDecided }),
      },
    },
    (req) => {
      const { user, admin: role } = adminCaller(req);
      return admin.makerChecker.approve({ user, role: role.role }, req.params.id, req.body.reason);
    },
  );

  r.post(
    '/api/admin/actions/:id/reject',
    {
      config: needs('ledger.read'),
      schema: {
        tags,
        summary:
          "Reject a waiting action as the second administrator (not its maker; the action's own permission needed): nothing moves",
        params: actionIdParams,
        body: actionDecisionBody,
        response: responses({ 200: actionDecided }),
      },
    },
    (req) => {
      const { user, admin: role } = adminCaller(req);
      return admin.makerChecker.reject({ user, role: role.role }, req.params.id, req.body.reason);
    },
  );

  r.get(
    '/api/admin/outbox',
    {
      config: needs('outbox.read'),
      schema: {
        tags,
        summary: 'The mails sent, newest first, a page at a time, codes and link tokens hidden (each read is audited)',
        querystring: outboxQuery,
        response: responses({ 200: outboxResponse }),
      },
    },
    (req) => admin.outbox(caller(req).user, req.query.to, req.query.page, req.query.limit),
  );
}
