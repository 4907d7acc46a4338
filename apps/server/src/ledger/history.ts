import { normalize } from '@vault/contract/money';
import type { LogType } from '@vault/contract/schemas/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HIDDEN_LOG_TYPES, type Perspective, type Reading } from './entry-kinds.ts';
import { entryKinds } from './kinds.ts';

/**
 * A member's history: one row per journal entry they took part in — never one per posting, so a swap
 * (two assets) or a send with a fee is one row with all its legs — read through the entry-kind
 * registry. The SQL pages and filters with the registry's readings as VALUES lists; the rows are read
 * again in TypeScript by the same registry (ledger/kinds.ts).
 */

export type HistoryFilter = { asset?: string; logType?: LogType; direction?: 'deposit' | 'withdraw' };

export type HistoryRow = {
  entryId: string;
  kind: string;
  metadata: Record<string, unknown>;
  memo: string | null;
  createdAt: Date;
  /** When the hold it waits on was decided, else createdAt. */
  updatedAt: Date;
  perspective: Perspective;
  reading: Reading;
  /** The hold named in its metadata (holds and their resolutions), with its status now. */
  hold: { id: string; status: 'placed' | 'committed' | 'released' } | null;
  /** Whether the status follows the hold (pending until decided). */
  statusFromHold: boolean;
  /** The member's net movement in each asset of the entry: negative given, positive received. */
  legs: { asset: string; amount: string }[];
};

type Raw = {
  entry_id: string;
  gives: boolean;
  kind: string;
  metadata: Record<string, unknown>;
  memo: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  hold_id: string | null;
  hold_status: 'placed' | 'committed' | 'released' | null;
  status_from_hold: boolean;
  legs: { asset: string; amount: string }[];
};

export function memberHistory(db: Db) {
  const tables = entryKinds.sqlTables();

  /** The member's accounts (of one asset, with the filter), and the registry's readings. */
  const prelude = (userId: string, filter: HistoryFilter) => sql`
    kinds as (${tables.kinds}),
    directions as (${tables.directions}),
    mine as (
      select id from ledger_accounts
      where user_id = ${userId} and kind = 'member' ${filter.asset ? sql`and asset = ${filter.asset}` : sql``}
    )`;

  /**
   * The entries of one of the member's accounts (`mine.id`) along the postings (account_id, id) index,
   * newest first: each entry once, at its first posting on the member's (filtered) accounts, read by
   * its kind's rule on the member's side.
   */
  function walk(userId: string, filter: HistoryFilter): SQL {
    const conditions = [
      filter.logType ? sql`and t.log_type = ${filter.logType}` : sql``,
      filter.direction ? sql`and d.direction = ${filter.direction}` : sql``,
    ];
    return sql`
      select p.id as anchor, p.entry_id, m.gives, k.status_from_hold
      from postings p
      cross join lateral (
        select min(q.id) filter (where q.account_id in (select id from mine)) as first, bool_or(q.amount < 0) as gives
        from postings q join ledger_accounts qa on qa.id = q.account_id
        where q.entry_id = p.entry_id and qa.user_id = ${userId}
      ) m
      join journal_entries e on e.id = p.entry_id
      join kinds k on k.kind = e.kind
      cross join lateral (
        select coalesce(
          e.metadata->>k.type_from,
          case when e.metadata ? k.if_field then k.if_type end,
          case when m.gives then k.giver_type else k.receiver_type end
        ) as log_type
      ) t
      join directions d on d.log_type = t.log_type and d.giver = m.gives
      where p.account_id = mine.id and p.id = m.first
        and t.log_type <> all(${`{${HIDDEN_LOG_TYPES.join(',')}}`}::text[]) ${sql.join(conditions, sql` `)}`;
  }

  function read(raw: Raw): HistoryRow {
    const perspective: Perspective = raw.gives ? 'giver' : 'receiver';
    return {
      entryId: raw.entry_id,
      kind: raw.kind,
      metadata: raw.metadata,
      memo: raw.memo,
      createdAt: new Date(raw.created_at),
      updatedAt: new Date(raw.updated_at),
      perspective,
      // The walk kept only rows with a reading, so there is one.
      reading: entryKinds.read(raw.kind, raw.metadata, perspective)!,
      hold: raw.hold_id ? { id: raw.hold_id, status: raw.hold_status! } : null,
      statusFromHold: raw.status_from_hold,
      legs: raw.legs.map((leg) => ({ asset: leg.asset, amount: normalize(leg.amount) })),
    };
  }

  return {
    /**
     * One page, newest first. Each account is read backwards along the index for at most offset +
     * limit entries, then the accounts' rows are merged: an entry has one anchor for the member, so
     * none shows twice. (A window count in the same statement would make PostgreSQL walk all postings.)
     */
    async page(userId: string, filter: HistoryFilter, limit: number, offset: number): Promise<HistoryRow[]> {
      const result = await db.execute<Raw>(sql`
        with ${prelude(userId, filter)},
        page as (
          select l.* from mine
          cross join lateral (${walk(userId, filter)} order by p.id desc limit ${offset + limit}) l
          order by l.anchor desc
          limit ${limit} offset ${offset}
        )
        select page.entry_id, page.gives, page.status_from_hold, e.kind, e.metadata, e.memo, e.created_at,
          coalesce(h.resolved_at, e.created_at) as updated_at, h.id as hold_id, h.status as hold_status,
          (select coalesce(json_agg(json_build_object('asset', x.asset, 'amount', x.amount::text) order by x.first), '[]')
           from (
             select q.asset, sum(q.amount) as amount, min(q.id) as first
             from postings q join ledger_accounts qa on qa.id = q.account_id
             where q.entry_id = page.entry_id and qa.user_id = ${userId}
             group by q.asset
           ) x) as legs
        from page
        join journal_entries e on e.id = page.entry_id
        left join holds h on h.id = (e.metadata->>'holdId')::uuid
        order by page.anchor desc`);
      return result.rows.map(read);
    },

    /** How many entries match, counted along the same index ("offset 0" keeps the per-account scans). */
    async count(userId: string, filter: HistoryFilter): Promise<number> {
      const result = await db.execute<{ total: number }>(sql`
        with ${prelude(userId, filter)}
        select count(*)::int as total from mine cross join lateral (${walk(userId, filter)} offset 0) l`);
      return result.rows[0]?.total ?? 0;
    },
  };
}

export type MemberHistory = ReturnType<typeof memberHistory>;
