import { messages } from '@vault/contract/messages';
import { compare, normalize } from '@vault/contract/money';
import type { AdminWire, PurchaseStatus, WireReceivedBody } from '@vault/contract/schemas/funding';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import { type MakerCheckerService, type Verdict, waitingFor } from '../admin/maker-checker.ts';
import type { User } from '../auth/sessions.ts';
import { partiesByIds } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { announce, receiveIn, wireDecided } from './wire-receipt.ts';
import { type PurchaseRow, presentWires } from './wire-view.ts';

type Idempotency = { key: string; requestHash: string };
type Deps = { ledger: Ledger; notifications: NotificationService; makerChecker: MakerCheckerService };

/** A wire may be decided while unpaid, and also once expired: the money may arrive after the due date. */
export const UNDECIDED: PurchaseStatus[] = ['pending', 'expired'];

/**
 * The back office's wire desk (issue 12 §3): operators record a wire as received (tokens issued from the
 * wire clearing account, exactly once; above the maker-checker threshold a second administrator approves
 * it) or reject it with a reason. Every decision writes its audit row, the member's notification and the
 * live event in its own transaction.
 */
export function wireDeskService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { ledger, notifications, makerChecker } = deps;

  async function present(q: Db | Tx, rows: PurchaseRow[]): Promise<AdminWire[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.decidedBy ? [r.userId, r.decidedBy] : [r.userId])))];
    const [wires, people] = await Promise.all([presentWires(q, rows), partiesByIds(q, ids)]);
    const byId = new Map(people.map((p) => [p.id, { id: p.id, email: p.email, name: p.name }]));
    return rows.map((row, i) => ({
      ...wires[i]!,
      member: byId.get(row.userId) ?? { id: row.userId, email: '', name: '' },
      decidedBy: row.decidedBy ? (byId.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      entryId: row.entryId,
    }));
  }

  const found = async (id: string, q: Db | Tx = db) => {
    const [row] = await q.select().from(purchases).where(eq(purchases.id, id));
    if (!row) throw notFound();
    return row;
  };
  const detail = async (id: string) => (await present(db, [await found(id)]))[0]!;

  // A receipt that waited runs here when a second administrator approves it (modules/admin).
  makerChecker.register('wire.receive', async (tx, checker, payload, approval) => {
    const { actionId, requestedBy, reason, decisionReason } = approval;
    const extra = { actionId, requestedBy, reason, decisionReason };
    return receiveIn(
      ctx,
      notifications,
      tx,
      checker,
      String(payload.purchaseId),
      String(payload.receivedAmount),
      extra,
    );
  });

  /** Recording a wire waits for a second administrator when what arrived is worth more than the threshold. */
  async function assess(receivedUsd: string): Promise<Verdict> {
    const thresholdUsd = await makerChecker.threshold();
    return { valueUsd: normalize(receivedUsd), thresholdUsd, waits: compare(receivedUsd, thresholdUsd) > 0 };
  }

  return {
    /** Wires by status, newest first, a page at a time. */
    async list(status: PurchaseStatus | undefined, page: number, limit: number) {
      const where = status ? eq(purchases.status, status) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(purchases)
          .where(where)
          .orderBy(desc(purchases.createdAt), desc(purchases.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(purchases).where(where),
      ]);
      return { data: await present(db, rows), total: counted?.n ?? 0, page, limit };
    },

    detail: async (id: string) => ({ data: await detail(id) }),

    /**
     * The USD that arrived: tokens at the locked rate, less the fee, issued once (receiveIn). Worth more
     * than the threshold, nothing is issued: 202, the action waits (a reason is required then). A repeated
     * Idempotency-Key (the administrator's) answers the first outcome.
     */
    async received(actor: User, id: string, body: WireReceivedBody, idempotency?: Idempotency) {
      const key = idempotency && { userId: actor.id, ...idempotency };
      const first = key && (await ledger.replay<{ purchaseId: string } | { actionId: string }>(key));
      const wire = await found(id);
      if (!first && !UNDECIDED.includes(wire.status)) throw wireDecided();
      const verdict = first ? null : await assess(body.receivedAmount);
      if (verdict?.waits && !body.reason)
        throw badRequest(messages.makerCheckerReasonRequired, 'VALIDATION', {
          reason: messages.makerCheckerReasonRequired,
        });
      const outcome =
        first ??
        (await ledger.transact<{ purchaseId: string } | { actionId: string }>(
          async (tx) => {
            if (!verdict?.waits) {
              const extra = body.reason ? { reason: body.reason } : {};
              return receiveIn(ctx, notifications, tx, actor, id, body.receivedAmount, extra);
            }
            const payload = {
              purchaseId: id,
              orderId: wire.orderId,
              userId: wire.userId,
              asset: wire.asset,
              receivedAmount: normalize(body.receivedAmount),
              feeUsd: normalize(wire.feeUsd),
              rate: normalize(wire.tokenRate),
            };
            const input = { kind: 'wire.receive' as const, targetId: id, payload, verdict, reason: body.reason! };
            return { actionId: await makerChecker.hold(tx.db, actor, input) };
          },
          { key },
        ));
      if ('actionId' in outcome) return waitingFor(outcome.actionId);
      return { status: 200 as const, body: { message: messages.wireReceived, data: await detail(id) } };
    },

    /** Rejected with the reason the member is told; nothing moves (nothing was issued). */
    async reject(actor: User, id: string, reason: string) {
      await found(id);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(purchases)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            decidedBy: actor.id,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(purchases.id, id), inArray(purchases.status, UNDECIDED)))
          .returning();
        if (!row) throw wireDecided();
        await audit(tx, actor, 'wire.reject', id, { orderId: row.orderId, userId: row.userId, reason });
        await announce(ctx, notifications, tx, row, { rejected: reason });
      });
      return { message: messages.wireRejected, data: await detail(id) };
    },
  };
}

export type WireDeskService = ReturnType<typeof wireDeskService>;
