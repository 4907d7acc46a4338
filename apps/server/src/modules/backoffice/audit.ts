import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditExportQuery,
  type AuditQuery,
  type AuditRow,
} from '@vault/contract/schemas/backoffice';
import type { Context } from '../../context.ts';
import { audit } from '../admin/audit.ts';
import { type AuditEntry, type AuditFilter, auditCount, auditRows } from '../admin/audit-log.ts';
import type { User } from '../auth/sessions.ts';
import { partiesByIds } from '../members/accounts.ts';
import { toCsv } from './csv.ts';
import { isUuid, personId } from './refs.ts';

const CSV_HEADER = [
  'time',
  'action',
  'administrator email',
  'administrator name',
  'target',
  'member email',
  'member name',
  'details',
] as const;

/**
 * The audit log for the back office: a page (rows from their owner, modules/admin; administrators and
 * members by id from modules/members) and the same filters as CSV. An export is itself audited: the
 * rows leave the platform.
 */
export function auditDesk(ctx: Context) {
  const { db } = ctx;

  /** The query's filter, or null when it names someone nobody is (nothing can match). */
  async function filterOf(query: AuditExportQuery): Promise<AuditFilter | null> {
    const [actorId, targetId] = await Promise.all([personId(db, query.admin), personId(db, query.member)]);
    if (actorId === null || targetId === null) return null;
    return { actorId, targetId, action: query.action, from: query.from, to: query.to };
  }

  /** The rows with the administrators and members they name. */
  async function present(rows: AuditEntry[]): Promise<AuditRow[]> {
    const ids = new Set<string>();
    for (const row of rows) {
      if (row.actorId) ids.add(row.actorId);
      if (row.targetId && isUuid(row.targetId)) ids.add(row.targetId.toLowerCase());
    }
    const people = new Map((await partiesByIds(db, [...ids])).map((p) => [p.id, p]));
    const person = (id: string | null | undefined) => {
      const found = id ? people.get(id.toLowerCase()) : undefined;
      return found ? { id: found.id, email: found.email, name: found.name } : null;
    };
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      action: row.action,
      actor: row.actorId ? (person(row.actorId) ?? { id: row.actorId, email: '', name: '' }) : null,
      targetId: row.targetId,
      targetMember: person(row.targetId),
      details: (row.details ?? {}) as Record<string, unknown>,
    }));
  }

  return {
    async list(query: AuditQuery) {
      const paging = { page: query.page, limit: query.limit };
      const filter = await filterOf(query);
      if (!filter) return { data: [], total: 0, ...paging };
      const [rows, total] = await Promise.all([
        auditRows(db, filter, query.limit, (query.page - 1) * query.limit),
        auditCount(db, filter),
      ]);
      return { data: await present(rows), total, ...paging };
    },

    /** The matching rows as CSV (newest first, at most AUDIT_EXPORT_MAX_ROWS), and the export's own row. */
    async csv(actor: User, query: AuditExportQuery): Promise<string> {
      const filter = await filterOf(query);
      const rows = await db.transaction(async (tx) => {
        const found = filter ? await auditRows(tx, filter, AUDIT_EXPORT_MAX_ROWS) : [];
        await audit(tx, actor, 'audit.export', null, {
          filters: {
            admin: query.admin ?? null,
            action: query.action ?? null,
            member: query.member ?? null,
            from: query.from?.toISOString() ?? null,
            // The exclusive bound the query used (a day's `to` is the next day's start).
            before: query.to?.toISOString() ?? null,
          },
          rows: found.length,
        });
        return found;
      });
      const shown = await present(rows);
      return toCsv(
        CSV_HEADER,
        shown.map((row) => [
          row.createdAt,
          row.action,
          row.actor?.email,
          row.actor?.name,
          row.targetId,
          row.targetMember?.email,
          row.targetMember?.name,
          JSON.stringify(row.details),
        ]),
      );
    },
  };
}
