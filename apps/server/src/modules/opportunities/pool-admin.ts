import { fillMessage, messages } from '@vault/contract/messages';
import { compare, negate, normalize, subtract, toFixed } from '@vault/contract/money';
import { type AdminPool, POOL_UNIT_DECIMALS, type PoolSupplyBody } from '@vault/contract/schemas/opportunities';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { opportunityPools, opportunityRequests } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { holderCounts, type Ledger, move, systemBalances, treasury } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { type PoolRow, poolById, SUPPLY, toToken } from './pools.ts';

const units = (amount: string) => toFixed(normalize(amount), POOL_UNIT_DECIMALS);

/**
 * Pools as the back office sees them (issue 17 item 7): where each pool's units are — the treasury's
 * (remaining), the `reserved` account's (pending requests), everything else (sold: members', and units a
 * member listed in marketplace escrow) — how many members hold some and how many requests wait. Four grouped
 * reads for any number of pools.
 */
export async function adminPoolsOf(db: Db, rows: PoolRow[]): Promise<AdminPool[]> {
  const assets = rows.map((r) => r.asset);
  const ids = rows.map((r) => r.id);
  const [remaining, reserved, holders, pending] = await Promise.all([
    systemBalances(db, 'treasury', assets),
    systemBalances(db, 'reserved', assets),
    holderCounts(db, assets),
    ids.length
      ? db
          .select({ poolId: opportunityRequests.poolId, n: count() })
          .from(opportunityRequests)
          .where(and(inArray(opportunityRequests.poolId, ids), eq(opportunityRequests.status, 'pending')))
          .groupBy(opportunityRequests.poolId)
      : Promise.resolve([]),
  ]);
  const waiting = new Map(pending.map((p) => [p.poolId, p.n]));
  return rows.map((r) => {
    const left = remaining[r.asset] ?? '0';
    const held = reserved[r.asset] ?? '0';
    const { balance: _none, ...token } = toToken(r, left, '0');
    return {
      ...token,
      reservedSupply: units(held),
      soldSupply: units(subtract(subtract(normalize(r.totalSupply), left), held)),
      holders: holders[r.asset] ?? 0,
      pendingRequests: waiting.get(r.id) ?? 0,
    };
  });
}

export function poolAdmin(ctx: Context, deps: { ledger: Ledger }) {
  const { db } = ctx;
  const { ledger } = deps;

  async function detail(id: string): Promise<AdminPool> {
    const row = await poolById(db, id);
    if (!row) throw notFound(messages.acquirePoolUnknown);
    return (await adminPoolsOf(db, [row]))[0]!;
  }

  return {
    detail,

    /** GET /api/admin/opportunity-pools: oldest first, as the member list. */
    async list(page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(opportunityPools)
          .orderBy(asc(opportunityPools.createdAt), asc(opportunityPools.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(opportunityPools),
      ]);
      return { data: await adminPoolsOf(db, rows), total: total?.n ?? 0, page, limit };
    },

    /**
     * A new total supply, in one transaction with the pool's row locked (supply changes one at a time): more
     * is another `poolIssue` (supply → treasury); less is a `poolRetire` (treasury → supply) of at most what
     * the treasury still has — read after the entry under its lock, as a reservation does (decision 0017),
     * so a request reserving the last units at the same moment and the cut never both win. Audited.
     */
    async changeSupply(admin: User, id: string, body: PoolSupplyBody) {
      await ledger.transact(async (tx) => {
        const pool = await poolById(tx.db, id, { lock: true });
        if (!pool) throw notFound(messages.acquirePoolUnknown);
        const from = normalize(pool.totalSupply);
        const to = normalize(body.totalSupply);
        const diff = subtract(to, from);
        const order = compare(diff, '0');
        if (order === 0) throw badRequest(messages.catalogueNothingToChange);
        const amount = order > 0 ? diff : negate(diff);
        await tx.post({
          kind: order > 0 ? 'poolIssue' : 'poolRetire',
          legs: order > 0 ? move(SUPPLY, treasury, pool.asset, amount) : move(treasury, SUPPLY, pool.asset, amount),
          createdBy: admin.id,
          memo: `opportunity pool ${pool.name}: total supply ${from} → ${to}`,
          metadata: { poolId: pool.id },
        });
        if (order < 0) {
          const after = await tx.systemBalance('treasury', pool.asset);
          if (compare(after, '0') < 0) {
            const message = fillMessage(messages.poolSupplyInUse, { remaining: units(subtract(after, diff)) });
            throw badRequest(message, 'POOL_SUPPLY_IN_USE', { totalSupply: message });
          }
        }
        await tx.db
          .update(opportunityPools)
          .set({ totalSupply: to, updatedAt: new Date() })
          .where(eq(opportunityPools.id, id));
        await audit(tx.db, admin, 'opportunityPool.supply', id, { totalSupply: { from, to } });
      });
      return { message: messages.poolSupplyChanged, data: await detail(id) };
    },
  };
}

export type PoolAdmin = ReturnType<typeof poolAdmin>;
