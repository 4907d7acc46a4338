import { messages } from '@vault/contract/messages';
import { normalize, toFixed } from '@vault/contract/money';
import {
  type CreatePoolBody,
  type OpportunityToken,
  POOL_UNIT_DECIMALS,
  type UpdatePoolBody,
} from '@vault/contract/schemas/opportunities';
import { asc, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { opportunityPools } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type Ledger, move, systemBalances, treasury } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';

/**
 * Opportunity pools (issue 17 item 1, decision 0017), the owner of `opportunity_pools`. A pool is a ledger
 * asset, `nft:<pool id>`: making one issues its whole supply from the pool's `supply` account to the treasury
 * in the same transaction, so the ledger itself caps what can ever be sold. What is left to sell is the
 * treasury's balance of it (units reserved by pending requests have left it already).
 */

export type PoolRow = typeof opportunityPools.$inferSelect;
type Q = Db | Tx;

/** The system account a pool's supply is issued from: negative by the total supply, never touched again. */
export const SUPPLY = { system: 'supply' } as const;
/** Where units wait while an acquire request is undecided. */
export const RESERVED = { system: 'reserved' } as const;

export const poolAsset = (id: string) => `nft:${id}`;
const units = (amount: string) => toFixed(normalize(amount), POOL_UNIT_DECIMALS);
const day = (d: Date) => d.toISOString().slice(0, 10);

export function toToken(row: PoolRow, remaining: string, balance: string): OpportunityToken {
  return {
    _id: row.id,
    nftToken: row.asset,
    title: row.title,
    name: row.name,
    image: row.image,
    description: row.description,
    remainingSupply: units(remaining),
    totalSupply: units(row.totalSupply),
    pricePerShare: normalize(row.pricePerShare),
    dueDate: day(row.dueDate),
    royalties: row.royalties,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    balance: units(balance),
  };
}

/** One pool by id (null for an unknown or malformed id). */
export async function poolById(q: Q, id: string, opts: { lock?: boolean } = {}) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const query = q.select().from(opportunityPools).where(eq(opportunityPools.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export function poolService(ctx: Context, deps: { ledger: Ledger }) {
  const { db } = ctx;
  const { ledger } = deps;

  async function tokensOf(rows: PoolRow[], userId: string | null) {
    const assets = rows.map((r) => r.asset);
    const [remaining, mine] = await Promise.all([
      systemBalances(db, 'treasury', assets),
      userId ? ledger.balances(userId, assets) : Promise.resolve({} as Record<string, string>),
    ]);
    return rows.map((r) => toToken(r, remaining[r.asset] ?? '0', mine[r.asset] ?? '0'));
  }

  async function one(id: string) {
    const row = await poolById(db, id);
    if (!row) throw notFound(messages.acquirePoolUnknown);
    return (await tokensOf([row], null))[0]!;
  }

  return {
    /** GET /nft-token: every pool, oldest first, with what is left and the member's units. */
    async list(me: User) {
      const rows = await db.select().from(opportunityPools).orderBy(asc(opportunityPools.createdAt));
      return { data: await tokensOf(rows, me.id) };
    },

    one,

    /** The pool row, its supply issued to the treasury (one `poolIssue` entry) and the audit row, together. */
    async create(admin: User, body: CreatePoolBody) {
      const id = newId();
      const asset = poolAsset(id);
      const row = await ledger.transact(async (tx) => {
        const [created] = await tx.db
          .insert(opportunityPools)
          .values({
            id,
            asset,
            name: body.name,
            title: body.title,
            image: body.image,
            description: body.description,
            totalSupply: body.totalSupply,
            pricePerShare: body.pricePerShare,
            dueDate: new Date(`${body.dueDate}T00:00:00Z`),
            royalties: body.royalties,
            createdBy: admin.id,
          })
          .returning();
        await tx.post({
          kind: 'poolIssue',
          legs: move(SUPPLY, treasury, asset, body.totalSupply),
          createdBy: admin.id,
          memo: `opportunity pool ${body.name}`,
          metadata: { poolId: id },
        });
        await audit(tx.db, admin, 'opportunityPool.create', id, { ...body, asset });
        return created!;
      });
      // The back office's answer (with where the units are) is made by pool-admin.ts from the id.
      return { message: messages.poolSaved, id: row.id };
    },

    /**
     * Only what differs is written and audited ({field: {from, to}}); the supply changes by pool-admin.ts's
     * changeSupply. Members' open wallet screens refetch (`pricesChanged` with the pool's asset): the price,
     * name, title, image and description show on their opportunity wallets and cards.
     */
    async update(admin: User, id: string, body: UpdatePoolBody) {
      await db.transaction(async (tx) => {
        const before = await poolById(tx, id, { lock: true });
        if (!before) throw notFound(messages.acquirePoolUnknown);
        const current: Record<string, string> = {
          name: before.name,
          title: before.title,
          image: before.image,
          description: before.description,
          pricePerShare: normalize(before.pricePerShare),
          dueDate: day(before.dueDate),
          royalties: before.royalties,
        };
        const changes: Record<string, { from: string; to: string }> = {};
        for (const [field, value] of Object.entries(body)) {
          if (value === undefined) continue;
          const to = field === 'pricePerShare' ? normalize(value) : value;
          if (to !== current[field]) changes[field] = { from: current[field]!, to };
        }
        if (Object.keys(changes).length === 0) return;
        const next = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to]));
        await tx
          .update(opportunityPools)
          .set({
            ...next,
            dueDate: next.dueDate ? new Date(`${next.dueDate}T00:00:00Z`) : undefined,
            updatedAt: new Date(),
          })
          .where(eq(opportunityPools.id, id));
        await audit(tx, admin, 'opportunityPool.update', id, { changes });
        await ctx.events.emit('pricesChanged', { coinSymbol: before.asset }, tx);
      });
      return { message: messages.poolSaved, id };
    },
  };
}

export type PoolService = ReturnType<typeof poolService>;
