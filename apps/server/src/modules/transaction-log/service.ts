import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import { fillMessage, messages } from '@vault/contract/messages';
import { normalize, SCALE } from '@vault/contract/money';
import {
  type LogsQuery,
  type LogType,
  logTitle,
  type TokenSend,
  type TransactionLog,
} from '@vault/contract/schemas/wallet';
import { sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';

/**
 * Transaction logs (spec 2 §3 "Transaction log item", §4 "Transaction list direction") are a view over
 * the ledger's journal, never a second table that could disagree with it: one row per posting on one of
 * the member's own accounts, described by its journal entry (and, for holds, by the hold and the sdira
 * request that placed it).
 *
 * Entry kind → log type (an entry may also name its own in metadata.logType, e.g. 'liquidityCredit'):
 * - send: sendAssets, Send for the sender and Receive for the recipient (metadata {from, to}).
 * - credit: creditAssets (tokens issued by an administrator, the CLI or the demo seed).
 * - reversal: creditAssets or debitAssets by the sign of the member's posting.
 * - holdPlace: the sdira send request, sendAssets; its status follows the hold: pending while placed,
 *   completed once committed, rejected once released.
 * - holdCommit: the recipient's Receive (completed). The sender has no posting in it: their request row
 *   (the holdPlace) turns completed instead, so the send shows once on each side.
 * - holdRelease: never a row of its own. The request row turns 'rejected' with the reason in `message`,
 *   and since a rejected row never moved money, the member's completed rows still add up to the balance;
 *   a separate "Credit" for the returned tokens would show one send as two movements.
 * liquidityCredit exists but is hidden in lists (spec 2 §3): those rows are filtered out here.
 *
 * `from` and `to` name the parties: the caller by their own id, another member only by the e-mail they
 * are sent to (never their internal id, nor their name: a sender knows the address they typed and no
 * more); null for the platform's side of a credit or debit and for a member who deleted their account
 * (the anonymised address would carry the id). fromUser and toUser say the same as objects.
 */

type Row = {
  entry_id: string;
  log_type: LogType;
  /** What the SQL below can produce (no log expires yet). */
  status: 'completed' | 'pending' | 'rejected';
  amount: string;
  asset: string;
  memo: string | null;
  rejection_reason: string | null;
  from_id: string | null;
  to_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  from_name: string | null;
  from_email: string | null;
  to_name: string | null;
  to_email: string | null;
  token_symbol: string | null;
  token_short_name: string | null;
  token_decimals: number | null;
  token_icon: string | null;
  token_is_coin: boolean;
};

type Filter = { coinId?: string; type?: LogsQuery['type'] };

const iso = (value: Date | string) => new Date(value).toISOString();

export function transactionLogService(ctx: Context) {
  const { db } = ctx;

  /** The member's accounts: all of them, or the one of a coin. */
  const mine = (userId: string, filter: Filter) => sql`
    select id from ledger_accounts
    where user_id = ${userId} and kind = 'member' ${filter.coinId ? sql`and asset = ${filter.coinId}` : sql``}`;

  /**
   * The log rows of one of the member's accounts (`mine.id`), filtered: the one place that maps journal
   * entries to log types, statuses and parties.
   */
  function logsOf(userId: string, filter: Filter) {
    const condition =
      filter.type === 'deposit'
        ? sql`and amount > 0`
        : filter.type === 'withdraw'
          ? sql`and amount < 0`
          : filter.type
            ? sql`and log_type = ${filter.type}`
            : sql``;
    return sql`
      select * from (
        select p.id as posting_id, p.amount, p.asset, e.id as entry_id, e.created_at,
          coalesce(h.resolved_at, e.created_at) as updated_at,
          coalesce(
            e.metadata->>'logType',
            case
              when e.kind in ('send', 'holdCommit') then 'sendAssets'
              when e.kind = 'holdPlace' and r.kind = 'send' then 'sendAssets'
              when e.kind = 'credit' or p.amount > 0 then 'creditAssets'
              else 'debitAssets'
            end
          ) as log_type,
          case when e.kind <> 'holdPlace' then 'completed'
               when h.status = 'committed' then 'completed'
               when h.status = 'released' then 'rejected'
               else 'pending' end as status,
          case when r.id is not null then r.memo else e.memo end as memo,
          r.rejection_reason,
          coalesce(e.metadata->>'from', case when p.amount < 0 then ${userId}::text end) as from_id,
          coalesce(e.metadata->>'to', case when p.amount > 0 then ${userId}::text end) as to_id
        from postings p
        join journal_entries e on e.id = p.entry_id
        left join holds h on e.kind in ('holdPlace', 'holdCommit') and h.id = (e.metadata->>'holdId')::uuid
        left join member_requests r on r.hold_id = h.id
        where p.account_id = mine.id and e.kind <> 'holdRelease'
      ) logs
      where log_type <> 'liquidityCredit' ${condition}`;
  }

  /**
   * One page of the member's logs, newest first. Each of the member's accounts is read backwards along
   * the postings (account_id, id) index for at most offset + limit rows, then the accounts' rows are
   * merged; names, e-mails and tokens are joined for the page's rows only. (A window count in the same
   * statement would make PostgreSQL walk the whole postings table by id instead: it costs LIMIT as if
   * the window did not need every row.)
   */
  async function page(userId: string, filter: Filter, limit: number, offset: number) {
    const result = await db.execute<Row>(sql`
      with mine as (${mine(userId, filter)}),
      page as (
        select l.* from mine
        cross join lateral (${logsOf(userId, filter)} order by posting_id desc limit ${offset + limit}) l
        order by l.posting_id desc
        limit ${limit} offset ${offset}
      )
      select page.entry_id, page.log_type, page.status, abs(page.amount)::text as amount, page.asset, page.memo,
        page.rejection_reason, page.from_id, page.to_id, page.created_at, page.updated_at,
        fu.name as from_name, case when fu.deleted_at is null then fu.email end as from_email,
        tu.name as to_name, case when tu.deleted_at is null then tu.email end as to_email,
        coalesce(n.coin_symbol, c.coin_symbol) as token_symbol, coalesce(n.short_name, c.coin_symbol) as token_short_name,
        coalesce(n.decimals, c.decimals) as token_decimals, coalesce(n.icon_url, c.icon_url) as token_icon,
        n.coin_symbol is null and c.coin_symbol is not null as token_is_coin
      from page
      left join users fu on fu.id = page.from_id::uuid
      left join users tu on tu.id = page.to_id::uuid
      left join native_tokens n on n.coin_symbol = page.asset
      left join crypto_coins c on c.coin_symbol = page.asset
      order by page.posting_id desc`);
    return result.rows;
  }

  /** How many logs match, counted along the same index ("offset 0" keeps the per-account index scans). */
  async function count(userId: string, filter: Filter) {
    const result = await db.execute<{ total: number }>(sql`
      with mine as (${mine(userId, filter)})
      select count(*)::int as total from mine cross join lateral (${logsOf(userId, filter)} offset 0) l`);
    return result.rows[0]?.total ?? 0;
  }

  function present(row: Row, me: string): TransactionLog {
    const party = (id: string | null, name: string | null, email: string | null) =>
      id === me
        ? { _id: id, name: name ?? '', email: email ?? '' }
        : email !== null
          ? { _id: null, name: null, email }
          : null;
    const named = (id: string | null, email: string | null) => (id === me ? id : id && email);
    const token = row.token_symbol
      ? {
          coinSymbol: row.token_symbol,
          shortName: row.token_short_name ?? row.token_symbol,
          decimals: row.token_decimals ?? 8,
          icon: { url: row.token_icon ?? '' },
        }
      : null;
    const message =
      row.status === 'pending'
        ? messages.requestPendingNote
        : row.status === 'rejected'
          ? fillMessage(messages.requestRejectedNote, { reason: row.rejection_reason ?? '' })
          : null;
    return {
      _id: row.entry_id,
      type: row.log_type,
      status: row.status,
      from: named(row.from_id, row.from_email),
      to: named(row.to_id, row.to_email),
      fromToken: token,
      toToken: token,
      fromUser: party(row.from_id, row.from_name, row.from_email),
      toUser: party(row.to_id, row.to_name, row.to_email),
      amount: normalize(row.amount),
      toAmount: null,
      memo: row.memo,
      coin: row.asset,
      message,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  return {
    /** transaction-log/user/logs: the caller's logs, newest first, with the total for infinite scroll. */
    async logs(userId: string, query: LogsQuery): Promise<{ data: TransactionLog[]; total: number }> {
      // Opportunity tokens (NFTs) arrive with the marketplace issue: none exist yet, so no log can be of
      // one. The filter is accepted so the token screens can already ask.
      if (query.nftTokenId) return { data: [], total: 0 };
      const offset = (query.page - 1) * query.limit;
      const filter = { coinId: query.coinId, type: query.type };
      const [rows, total] = await Promise.all([page(userId, filter, query.limit, offset), count(userId, filter)]);
      return { data: rows.map((row) => present(row, userId)), total };
    },

    /** transaction-log/native-token-send: the caller's sends and receipts, newest first (/token-history). */
    async tokenSends(userId: string, limit: number): Promise<{ data: TokenSend[] }> {
      const rows = await page(userId, { type: 'sendAssets' }, limit, 0);
      return {
        data: rows.map((row) => {
          const sent = row.from_id === userId;
          return {
            _id: row.entry_id,
            email: (sent ? row.to_email : row.from_email) ?? '',
            direction: sent ? 'sent' : 'received',
            type: logTitle(row.log_type, sent),
            coin: row.asset,
            decimals: row.token_is_coin ? DISPLAY_DECIMALS.crypto : (row.token_decimals ?? SCALE),
            amount: normalize(row.amount),
            memo: row.memo,
            status: row.status,
            createdAt: iso(row.created_at),
          };
        }),
      };
    },
  };
}

export type TransactionLogService = ReturnType<typeof transactionLogService>;
