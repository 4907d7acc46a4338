import type { EntriesQuery, LedgerEntry } from '@vault/contract/schemas/backoffice';
import type { Context } from '../../context.ts';
import { type EntryFilter, entryCount, entryPage } from '../../ledger/index.ts';
import { partiesByIds } from '../members/accounts.ts';
import { personId } from './refs.ts';

/**
 * The ledger's entries for the back office: the journal's page (the ledger reads its own tables), then the
 * members' e-mails by id from their owner, once per page.
 */
export function entryDesk(ctx: Context) {
  const { db } = ctx;

  return {
    async list(query: EntriesQuery) {
      const paging = { page: query.page, limit: query.limit };
      const userId = await personId(db, query.member);
      // An address nobody uses has no entries.
      if (userId === null) return { data: [], total: 0, ...paging };
      const filter: EntryFilter = {
        userId,
        asset: query.asset,
        kind: query.kind,
        from: query.from,
        to: query.to,
      };
      const [rows, total] = await Promise.all([
        entryPage(db, filter, query.limit, (query.page - 1) * query.limit),
        entryCount(db, filter),
      ]);
      const ids = new Set<string>();
      for (const row of rows) {
        if (row.createdBy) ids.add(row.createdBy);
        for (const p of row.postings) if (p.userId) ids.add(p.userId);
      }
      const people = new Map((await partiesByIds(db, [...ids])).map((p) => [p.id, p]));
      const party = (id: string) => {
        const found = people.get(id);
        return { id, email: found && !found.deletedAt ? found.email : null };
      };
      const data = rows.map(
        (row): LedgerEntry => ({
          id: row.id,
          kind: row.kind,
          memo: row.memo,
          createdAt: row.createdAt.toISOString(),
          createdBy: row.createdBy ? party(row.createdBy) : null,
          reverses: row.reverses,
          reversedBy: row.reversedBy,
          metadata: row.metadata,
          postings: row.postings.map((p) => ({
            accountKind: p.accountKind,
            member: p.userId ? party(p.userId) : null,
            asset: p.asset,
            amount: p.amount,
          })),
        }),
      );
      return { data, total, ...paging };
    },
  };
}
