import { normalize } from '@vault/contract/money';
import type {
  AdminProviderEvent,
  AdminPurchase,
  OnlineMethod,
  PurchaseMethod,
  PurchaseStatus,
} from '@vault/contract/schemas/funding';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { providerEvents, purchases } from '../../db/schema.ts';
import { partiesByIds } from '../members/accounts.ts';

const money = (v: string | null) => (v === null ? null : normalize(v));
/** The outer row's id, always qualified (drizzle may leave a column of a one-table select unqualified). */
const purchaseId = sql`${sql.identifier('purchases')}.${sql.identifier('id')}`;

/** The purchase's provider events not processed, or refused (a correlated count). */
const openEvents = sql<number>`(select count(*)::int from ${providerEvents} pe
  where pe.purchase_id = ${purchaseId} and (pe.processed_at is null or not pe.verified))`;
/** Charged back with a debt, or an event of it open: what an operator has to look at. */
const needsAttention = sql<boolean>`((${sql.identifier('purchases')}.charged_back_at is not null
    and ${sql.identifier('purchases')}.debt_amount > 0)
  or exists (select 1 from ${providerEvents} pe
    where pe.purchase_id = ${purchaseId} and (pe.processed_at is null or not pe.verified)))`;

/**
 * The back office's online purchases desk (issue 13 item 5): purchases by method and state, with their
 * provider reference and state and the charge-back fields, and the provider events received (verified or
 * refused, processed or not, the order they name). Read only.
 */
export function purchaseDeskService(ctx: Context) {
  const { db } = ctx;

  return {
    async purchases(
      filter: { method?: PurchaseMethod; status?: PurchaseStatus; attention?: boolean },
      page: number,
      limit: number,
    ): Promise<{ data: AdminPurchase[]; total: number; page: number; limit: number }> {
      const conditions: SQL[] = [];
      if (filter.method) conditions.push(eq(purchases.method, filter.method));
      if (filter.status) conditions.push(eq(purchases.status, filter.status));
      if (filter.attention === true) conditions.push(needsAttention);
      if (filter.attention === false) conditions.push(sql`not ${needsAttention}`);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ row: purchases, openEvents, attention: needsAttention })
          .from(purchases)
          .where(where)
          .orderBy(desc(purchases.createdAt), desc(purchases.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(purchases).where(where),
      ]);
      const people = await partiesByIds(db, [...new Set(rows.map((r) => r.row.userId))]);
      const byId = new Map(people.map((p) => [p.id, { id: p.id, email: p.email, name: p.name }]));
      const data = rows.map(({ row, openEvents, attention }) => ({
        _id: row.id,
        orderId: row.orderId,
        method: row.method,
        type: row.type,
        status: row.status,
        member: byId.get(row.userId) ?? { id: row.userId, email: '', name: '' },
        asset: row.asset,
        tokenAmount: normalize(row.tokenAmount),
        tokenRate: normalize(row.tokenRate),
        amountUsd: normalize(row.amountUsd),
        feeUsd: normalize(row.feeUsd),
        receivedUsd: money(row.receivedUsd),
        issuedAmount: money(row.issuedAmount),
        entryId: row.entryId,
        providerRef: row.providerRef,
        providerStatus: row.providerStatus,
        rejectionReason: row.rejectionReason,
        chargedBackAt: row.chargedBackAt?.toISOString() ?? null,
        reversedAmount: money(row.reversedAmount),
        debtAmount: money(row.debtAmount),
        openEvents: Number(openEvents),
        attention: Boolean(attention),
        dueAt: row.dueAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      return { data, total: counted?.n ?? 0, page, limit };
    },

    async events(
      filter: { provider?: OnlineMethod; verified?: boolean },
      page: number,
      limit: number,
    ): Promise<{ data: AdminProviderEvent[]; total: number; page: number; limit: number }> {
      const conditions: SQL[] = [];
      if (filter.provider) conditions.push(eq(providerEvents.provider, filter.provider));
      if (filter.verified !== undefined) conditions.push(eq(providerEvents.verified, filter.verified));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(providerEvents)
          .where(where)
          .orderBy(desc(providerEvents.receivedAt), desc(providerEvents.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(providerEvents).where(where),
      ]);
      const ids = [...new Set(rows.flatMap((r) => (r.purchaseId ? [r.purchaseId] : [])))];
      const orders = ids.length
        ? await db
            .select({ id: purchases.id, orderId: purchases.orderId })
            .from(purchases)
            .where(inArray(purchases.id, ids))
        : [];
      const orderOf = new Map(orders.map((o) => [o.id, o]));
      const data = rows.map((row) => ({
        _id: row.id,
        provider: row.provider,
        eventId: row.eventId,
        eventType: row.eventType,
        verified: row.verified,
        refusedReason: row.refusedReason,
        processed: row.processedAt !== null,
        processedAt: row.processedAt?.toISOString() ?? null,
        receivedAt: row.receivedAt.toISOString(),
        purchase: row.purchaseId ? (orderOf.get(row.purchaseId) ?? null) : null,
        payload: row.payload,
      }));
      return { data, total: counted?.n ?? 0, page, limit };
    },
  };
}

export type PurchaseDeskService = ReturnType<typeof purchaseDeskService>;
