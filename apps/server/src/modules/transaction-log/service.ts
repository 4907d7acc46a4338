import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import { fillMessage, messages } from '@vault/contract/messages';
import { SCALE } from '@vault/contract/money';
import { POOL_UNIT_DECIMALS } from '@vault/contract/schemas/opportunities';
import type { LogsQuery, TokenSend, TransactionLog } from '@vault/contract/schemas/wallet';
import type { Context } from '../../context.ts';
import { type HistoryFilter, type HistoryRow, memberHistory } from '../../ledger/index.ts';
import { assetsShown } from '../catalogue/service.ts';
import { partiesByIds } from '../members/accounts.ts';
import { isPoolAsset, poolsNamed } from '../opportunities/member-views.ts';
import { acquireNotesByHold } from '../opportunities/requests.ts';
import { requestNotesByHold } from '../requests/service.ts';

/**
 * Transaction logs (spec 2 §3 "Transaction log item", §4 "Transaction list direction") are a view over
 * the ledger's journal, never a second table that could disagree with it: one row per journal entry the
 * member took part in, read through the ledger's entry-kind registry (ledger/kinds.ts: log type, title
 * and direction from the member's side). A swap is one row: `amount`/`fromToken` what the member gave,
 * `toAmount`/`toToken` what they received. liquidityCredit entries are hidden (spec 2 §3); a released
 * hold is never a row (the request's row turns rejected, so completed rows still add up to the balance).
 *
 * Here the rows get what the ledger does not know: the sdira request a hold waits on (its memo, its
 * rejection reason), the parties' e-mails, the tokens. `from` and `to` name the parties: the caller by
 * their own id, another member only by the e-mail they are sent to (never their internal id, nor their
 * name); null for the platform's side and for a member who deleted their account (the anonymised address
 * would carry the id). fromUser and toUser say the same as objects.
 */

type Status = 'completed' | 'pending' | 'rejected' | 'expired';
type Token = { coinSymbol: string; shortName: string; decimals: number; icon: { url: string }; isCoin: boolean };
type Party = { name: string; email: string | null };
type Request = { memo: string | null; rejectionReason: string | null; expired?: boolean };
/** An opportunity pool a row is about (issue 17): its units moved, or Q was paid for them. */
type Pool = { _id: string; name: string; title: string; image: string; asset: string };

/** What a history row needs from outside the ledger, fetched once per page. */
type Details = {
  parties: Map<string, Party>;
  tokens: Map<string, Token>;
  requests: Map<string, Request>;
  /** By pool id and by the pool's asset (`nft:<id>`). */
  pools: Map<string, Pool>;
};

const HOLD_STATUS: Record<string, Status> = { placed: 'pending', committed: 'completed', released: 'rejected' };

/** The member's given and received legs; the first of each names the row's amounts and tokens. */
function sides(row: HistoryRow) {
  const given = row.legs.filter((leg) => leg.amount.startsWith('-'));
  const received = row.legs.filter((leg) => !leg.amount.startsWith('-'));
  return { given: given[0], received: received[0] };
}

export function transactionLogService(ctx: Context) {
  const { db } = ctx;
  const history = memberHistory(db);

  async function details(me: string, rows: HistoryRow[]): Promise<Details> {
    const ids = new Set<string>([me]);
    const assets = new Set<string>();
    const holds = new Set<string>();
    const poolIds = new Set<string>();
    for (const row of rows) {
      for (const id of [row.metadata.from, row.metadata.to]) if (typeof id === 'string') ids.add(id);
      for (const leg of row.legs) assets.add(leg.asset);
      if (row.hold) holds.add(row.hold.id);
      if (typeof row.metadata.poolId === 'string') poolIds.add(row.metadata.poolId);
    }
    const poolAssets = [...assets].filter(isPoolAsset);
    // Each from its owner (members, catalogue, requests, opportunity pools and their requests), in parallel.
    const [people, shown, requests, acquires, pools] = await Promise.all([
      partiesByIds(db, [...ids]),
      assetsShown(
        db,
        [...assets].filter((a) => !isPoolAsset(a)),
      ),
      requestNotesByHold(db, [...holds]),
      poolIds.size ? acquireNotesByHold(db, [...holds]) : Promise.resolve([]),
      poolsNamed(db, { assets: poolAssets, ids: [...poolIds] }),
    ]);
    const poolEntries = pools.flatMap((p): [string, Pool][] => {
      const pool = { _id: p.id, name: p.name, title: p.title, image: p.image, asset: p.asset };
      return [
        [p.id, pool],
        [p.asset, pool],
      ];
    });
    return {
      parties: new Map(people.map((p) => [p.id, { name: p.name, email: p.deletedAt ? null : p.email }])),
      // A symbol is a native token or a crypto coin; the token wins if both ever existed.
      tokens: new Map([
        ...shown.coins.map((c): [string, Token] => [
          c.symbol,
          { coinSymbol: c.symbol, shortName: c.symbol, decimals: c.decimals, icon: { url: c.icon }, isCoin: true },
        ]),
        ...shown.tokens.map((t): [string, Token] => [
          t.symbol,
          { coinSymbol: t.symbol, shortName: t.shortName, decimals: t.decimals, icon: { url: t.icon }, isCoin: false },
        ]),
        // A pool's units read as a token named after the pool, 2 decimals (spec 2 §9), its image as the icon.
        ...pools.map((p): [string, Token] => [
          p.asset,
          {
            coinSymbol: p.asset,
            shortName: p.name,
            decimals: POOL_UNIT_DECIMALS,
            icon: { url: p.image },
            isCoin: false,
          },
        ]),
      ]),
      requests: new Map([
        ...requests.map((r): [string, Request] => [r.holdId, { memo: r.memo, rejectionReason: r.reason }]),
        ...acquires.map((r): [string, Request] => [
          r.holdId,
          { memo: null, rejectionReason: r.reason, expired: r.status === 'expired' },
        ]),
      ]),
      pools: new Map(poolEntries),
    };
  }

  /** The row as the member sees it: statuses, parties, tokens, the request's words. */
  function describe(row: HistoryRow, me: string, found: Details) {
    const { given, received } = sides(row);
    const main = given ?? received!;
    const other = given && received ? received : undefined;
    const request = row.hold ? found.requests.get(row.hold.id) : undefined;
    const held: Status = row.statusFromHold && row.hold ? HOLD_STATUS[row.hold.status]! : 'completed';
    // A released hold of a request nobody decided in time (an acquire request's expiry) reads as expired.
    const status: Status = held === 'rejected' && request?.expired ? 'expired' : held;
    const named = (id: unknown) => (typeof id === 'string' ? id : null);
    const fromId = named(row.metadata.from) ?? (given ? me : null);
    const toId = named(row.metadata.to) ?? (received ? me : null);
    return { row, status, main, other, request, fromId, toId };
  }

  function present(row: HistoryRow, me: string, found: Details): TransactionLog {
    const d = describe(row, me, found);
    const email = (id: string | null) => (id ? (found.parties.get(id)?.email ?? null) : null);
    const party = (id: string | null) =>
      id === me
        ? { _id: id, name: found.parties.get(id)?.name ?? '', email: email(id) ?? '' }
        : email(id) !== null
          ? { _id: null, name: null, email: email(id)! }
          : null;
    const named = (id: string | null) => (id === me ? id : id && email(id));
    const token = (asset: string) => {
      const t = found.tokens.get(asset);
      return t ? { coinSymbol: t.coinSymbol, shortName: t.shortName, decimals: t.decimals, icon: t.icon } : null;
    };
    const fromToken = token(d.main.asset);
    const message =
      d.status === 'pending'
        ? messages.requestPendingNote
        : d.status === 'rejected'
          ? fillMessage(messages.requestRejectedNote, { reason: d.request?.rejectionReason ?? '' })
          : d.status === 'expired'
            ? messages.acquireExpiredNote
            : null;
    // The pool the row is about: named by the entry (an acquire request's hold), else the first pool asset moved.
    const poolId = typeof row.metadata.poolId === 'string' ? row.metadata.poolId : undefined;
    const pool = (poolId && found.pools.get(poolId)) || row.legs.map((l) => found.pools.get(l.asset)).find(Boolean);
    return {
      _id: row.entryId,
      type: row.reading.logType,
      status: d.status,
      from: named(d.fromId),
      to: named(d.toId),
      fromToken,
      toToken: d.other ? token(d.other.asset) : fromToken,
      fromUser: party(d.fromId),
      toUser: party(d.toId),
      amount: d.main.amount.replace(/^-/, ''),
      toAmount: d.other ? d.other.amount : null,
      memo: d.request ? d.request.memo : row.memo,
      coin: d.main.asset,
      message,
      nftTokenDetails: pool ? { _id: pool._id, name: pool.name, title: pool.title, image: pool.image } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * The ledger's filter for a query's `type` (a direction or a log type) and `coinId` or `nftTokenId` (a pool's
   * id: the rows that moved its units, `nft:<id>` — the Opportunity Ledger page).
   */
  const filterOf = (query: Pick<LogsQuery, 'type' | 'coinId' | 'nftTokenId'>): HistoryFilter => ({
    asset: query.nftTokenId ? `nft:${query.nftTokenId}` : query.coinId,
    ...(query.type === 'deposit' || query.type === 'withdraw' ? { direction: query.type } : { logType: query.type }),
  });

  async function page(userId: string, filter: HistoryFilter, limit: number, offset: number) {
    const rows = await history.page(userId, filter, limit, offset);
    return { rows, found: await details(userId, rows) };
  }

  return {
    /** transaction-log/user/logs: the caller's logs, newest first, with the total for infinite scroll. */
    async logs(userId: string, query: LogsQuery): Promise<{ data: TransactionLog[]; total: number }> {
      const offset = (query.page - 1) * query.limit;
      const filter = filterOf(query);
      const [{ rows, found }, total] = await Promise.all([
        page(userId, filter, query.limit, offset),
        history.count(userId, filter),
      ]);
      return { data: rows.map((row) => present(row, userId, found)), total };
    },

    /** transaction-log/native-token-send: the caller's sends and receipts, newest first (/token-history). */
    async tokenSends(userId: string, limit: number): Promise<{ data: TokenSend[] }> {
      const { rows, found } = await page(userId, { logType: 'sendAssets' }, limit, 0);
      return {
        data: rows.map((row) => {
          const d = describe(row, userId, found);
          const sent = d.fromId === userId;
          const token = found.tokens.get(d.main.asset);
          return {
            _id: row.entryId,
            email: found.parties.get((sent ? d.toId : d.fromId) ?? '')?.email ?? '',
            direction: sent ? 'sent' : 'received',
            type: row.reading.title,
            coin: d.main.asset,
            decimals: token?.isCoin ? DISPLAY_DECIMALS.crypto : (token?.decimals ?? SCALE),
            amount: d.main.amount.replace(/^-/, ''),
            memo: d.request ? d.request.memo : row.memo,
            // Sends never expire (only acquire requests do); the list's statuses stay its three.
            status: d.status === 'expired' ? 'rejected' : d.status,
            createdAt: row.createdAt.toISOString(),
          };
        }),
      };
    },
  };
}

export type TransactionLogService = ReturnType<typeof transactionLogService>;
