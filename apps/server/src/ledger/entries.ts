import { normalize } from '@vault/contract/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './accounts.ts';

/**
 * The journal as the back office reads it: entries newest first, each once with all its postings (a swap
 * is one entry with both assets and its fee leg), filtered by member, asset, kind and time. Members are
 * ids here; their e-mails are the members module's to give.
 */

export type EntryFilter = {
  /** Entries with a posting on one of this member's accounts. */
  userId?: string;
  /** Entries with a posting in this asset. */
  asset?: string;
  kind?: string;
  /** From this instant on (inclusive) and before `to` (exclusive). */
  from?: Date;
  to?: Date;
};

export type EntryPosting = {
  /** The account's kind: member, treasury, holds, fees, revenue, escrow, clearing:<provider>, … */
  accountKind: string;
  /** The member whose account it is; null for the platform's accounts. */
  userId: string | null;
  asset: string;
  /** Signed decimal string: negative leaves the account. */
  amount: string;
};

export type JournalEntryRow = {
  id: string;
  kind: string;
  memo: string | null;
  createdAt: Date;
  createdBy: string | null;
  reverses: string | null;
  /** The entry that reversed this one (an entry is reversed at most once). */
  reversedBy: string | null;
  metadata: Record<string, unknown>;
  postings: EntryPosting[];
};

type Raw = {
  id: string;
  kind: string;
  memo: string | null;
  created_at: Date | string;
  created_by: string | null;
  reverses: string | null;
  reversed_by: string | null;
  metadata: Record<string, unknown>;
  postings: { accountKind: string; userId: string | null; asset: string; amount: string }[];
};

/**
 * The filter as a condition on `e` (journal_entries). Member and asset go through the accounts (the
 * owner and the (asset, kind, user) keys) and the postings' (account_id, id) index.
 */
function matching(filter: EntryFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind) conditions.push(sql`e.kind = ${filter.kind}`);
  if (filter.from) conditions.push(sql`e.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`e.created_at < ${filter.to}`);
  if (filter.userId) {
    conditions.push(sql`e.id in (
      select p.entry_id from postings p
      where p.account_id in (select a.id from ledger_accounts a where a.user_id = ${filter.userId}))`);
  }
  if (filter.asset) {
    conditions.push(sql`e.id in (
      select p.entry_id from postings p
      where p.account_id in (select a.id from ledger_accounts a where a.asset = ${filter.asset}))`);
  }
  return sql.join(conditions, sql` and `);
}

/** Entries with their postings, where `rest` says (a condition on `e`, the order, the page). */
async function entriesWhere(q: Executor, rest: SQL): Promise<JournalEntryRow[]> {
  const result = await q.execute<Raw>(sql`
    select e.id, e.kind, e.memo, e.created_at, e.created_by, e.reverses, e.metadata,
      (select r.id from journal_entries r where r.reverses = e.id) as reversed_by,
      (select coalesce(json_agg(json_build_object(
                'accountKind', a.kind, 'userId', a.user_id, 'asset', p.asset, 'amount', p.amount::text
              ) order by p.id), '[]')
       from postings p join ledger_accounts a on a.id = p.account_id
       where p.entry_id = e.id) as postings
    from journal_entries e
    where ${rest}`);
  return result.rows.map((raw) => ({
    id: raw.id,
    kind: raw.kind,
    memo: raw.memo,
    createdAt: new Date(raw.created_at),
    createdBy: raw.created_by,
    reverses: raw.reverses,
    reversedBy: raw.reversed_by,
    metadata: raw.metadata ?? {},
    postings: raw.postings.map((p) => ({ ...p, amount: normalize(p.amount) })),
  }));
}

/** One page of entries, newest first, with their postings (one statement). */
export const entryPage = (q: Executor, filter: EntryFilter, limit: number, offset: number) =>
  entriesWhere(q, sql`${matching(filter)} order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`);

/** One entry with its postings, or null (the back office's reversal: what it would move, and whom). */
export const entryById = async (q: Executor, id: string): Promise<JournalEntryRow | null> =>
  (await entriesWhere(q, sql`e.id = ${id}`))[0] ?? null;

/** How many entries match the filter. */
export async function entryCount(q: Executor, filter: EntryFilter): Promise<number> {
  const result = await q.execute<{ total: number }>(
    sql`select count(*)::int as total from journal_entries e where ${matching(filter)}`,
  );
  return result.rows[0]?.total ?? 0;
}
