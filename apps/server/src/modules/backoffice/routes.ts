import {
  auditExportQuery,
  auditQuery,
  auditResponse,
  entriesQuery,
  entriesResponse,
  memberDetailResponse,
  memberIdParams,
  membersQuery,
  membersResponse,
  notifyAllBody,
  notifyAllResponse,
  overviewResponse,
  recordReservesBody,
  recordReservesResponse,
  reservesQuery,
  reservesResponse,
  revokeSessionsBody,
  revokeSessionsResponse,
} from '@vault/contract/schemas/backoffice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import type { BackofficeService } from './service.ts';

/**
 * The back office's calls (issue 11 items 3-4): administrators only, each with the permission its role
 * must have (contract schemas/admin-auth.ts PERMISSIONS). Lists answer { data, total, page, limit }.
 */
export function backofficeRoutes(app: FastifyInstance, backoffice: BackofficeService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const reads = { auth: 'admin', permission: 'members.read' } as const;

  r.get(
    '/api/admin/overview',
    {
      config: reads,
      schema: {
        tags,
        summary:
          'Liabilities, treasury issued, reserves recorded and coverage per asset; pending requests, sign-ups, activations, volume',
        response: responses({ 200: overviewResponse }),
      },
    },
    () => backoffice.overview.overview(),
  );

  r.get(
    '/api/admin/members',
    {
      config: reads,
      schema: {
        tags,
        summary: 'Members, by part of their e-mail or name, blocked or not, sorted and paged',
        querystring: membersQuery,
        response: responses({ 200: membersResponse }),
      },
    },
    (req) => backoffice.members.list(req.query),
  );

  r.get(
    '/api/admin/members/:id',
    {
      config: reads,
      schema: {
        tags,
        summary: "A member's file: profile, application, balances, holds, lots, newest history, live sessions",
        params: memberIdParams,
        response: responses({ 200: memberDetailResponse }),
      },
    },
    (req) => backoffice.memberFile.detail(caller(req).user, req.params.id),
  );

  r.post(
    '/api/admin/members/:id/sessions/revoke',
    {
      config: { auth: 'admin', permission: 'members.manage' },
      schema: {
        tags,
        summary: 'Ends every session of a member (audited with the reason); they may log in again',
        params: memberIdParams,
        body: revokeSessionsBody,
        response: responses({ 200: revokeSessionsResponse }),
      },
    },
    (req) => backoffice.members.revokeSessions(caller(req).user, req.params.id, req.body.reason),
  );

  r.get(
    '/api/admin/ledger/entries',
    {
      config: { auth: 'admin', permission: 'ledger.read' },
      schema: {
        tags,
        summary: 'Journal entries, newest first, each with its postings; by member, asset, kind and date',
        querystring: entriesQuery,
        response: responses({ 200: entriesResponse }),
      },
    },
    (req) => backoffice.entries.list(req.query),
  );

  r.get(
    '/api/admin/audit',
    {
      config: reads,
      schema: {
        tags,
        summary: 'The audit log, newest first; by administrator, action, member and date',
        querystring: auditQuery,
        response: responses({ 200: auditResponse }),
      },
    },
    (req) => backoffice.audit.list(req.query),
  );

  r.get(
    '/api/admin/audit.csv',
    {
      config: reads,
      schema: {
        tags,
        summary: 'The audit log as CSV (the same filters; at most 10,000 rows, newest first; the export is audited)',
        querystring: auditExportQuery,
        response: responses({ 200: z.string().describe('text/csv; charset=utf-8, with a header row') }),
      },
    },
    async (req, reply) => {
      const csv = await backoffice.audit.csv(caller(req).user, req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .send(csv);
    },
  );

  r.get(
    '/api/admin/reserves',
    {
      config: reads,
      schema: {
        tags,
        summary: 'Reserves recorded (held outside the ledger), newest first; by asset',
        querystring: reservesQuery,
        response: responses({ 200: reservesResponse }),
      },
    },
    (req) => backoffice.reserves.list(req.query),
  );

  r.post(
    '/api/admin/reserves',
    {
      config: { auth: 'admin', permission: 'settings.manage' },
      schema: {
        tags,
        summary:
          "Records an asset's reserves as counted or attested (the new current figure; audited with the previous one)",
        body: recordReservesBody,
        response: responses({ 200: recordReservesResponse }),
      },
    },
    (req) => backoffice.reserves.record(caller(req).user, req.body),
  );

  r.post(
    '/api/admin/notifications/all',
    {
      config: { auth: 'admin', permission: 'notifications.send' },
      schema: {
        tags,
        summary:
          'Writes every active member (not blocked, not deleted) the same notification; their open bells update (audited with the text)',
        body: notifyAllBody,
        response: responses({ 200: notifyAllResponse }),
      },
    },
    (req) => backoffice.notices.notifyAll(caller(req).user, req.body.message),
  );
}
