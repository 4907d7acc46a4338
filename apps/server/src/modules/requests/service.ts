import { fillMessage, messages } from '@vault/contract/messages';
import { add, compare, normalize } from '@vault/contract/money';
import type { SendTokensBody } from '@vault/contract/schemas/ledger';
import type { SwapRequestBody } from '@vault/contract/schemas/swap';
import type { SendRequest } from '@vault/contract/schemas/wallet';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { memberRequests } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { type Ledger, type LedgerTx, treasury } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../admin/audit.ts';
import { type MakerCheckerService, type Verdict, waitingFor } from '../admin/maker-checker.ts';
import type { User } from '../auth/sessions.ts';
import { assertFitsDecimals, lookupAsset } from '../catalogue/service.ts';
import { partiesByIds } from '../members/accounts.ts';
import { failedSendLimit } from '../members/failed-sends.ts';
import { canReceive, checkedRecipient } from '../members/recipient.ts';
import type { NotificationService } from '../notifications/service.ts';
import { payoutLegs, type SwapService, swapLogType } from '../swaps/service.ts';

type Status = SendRequest['status'];
type RequestRow = typeof memberRequests.$inferSelect;

/**
 * Requests an administrator decides (spec 2 §1, §4 "Sdira requests"): sdira members' sends, and swaps by
 * sdira members or of legacy tokens (issue 10 §5, decision 0007). The amount moves to a ledger hold at
 * once (so it cannot be spent twice while an administrator reviews it); approval commits the hold (to the
 * recipient; a swap's to the treasury, which pays what was quoted in the same transaction), rejection
 * releases it back. The request row is written in the same `ledger.transact` as the hold's movement, so a
 * request and its hold never disagree, and the hold's guarded status change lets exactly one decision
 * through.
 */
export function requestService(
  ctx: Context,
  ledger: Ledger,
  notifications: NotificationService,
  swaps: SwapService,
  makerChecker: MakerCheckerService,
) {
  const { db } = ctx;
  const failed = failedSendLimit(db);

  /** Requests with the member who made them and the recipient's e-mail (members are modules/members'). */
  async function withParties(requests: RequestRow[], q: Db | Tx = db) {
    const ids = new Set(requests.flatMap((r) => (r.toUserId ? [r.userId, r.toUserId] : [r.userId])));
    const people = new Map((await partiesByIds(q, [...ids])).map((p) => [p.id, p]));
    return requests.map((request) => ({
      request,
      from: people.get(request.userId)!,
      toEmail: request.toUserId ? (people.get(request.toUserId)?.email ?? null) : null,
    }));
  }

  type Found = Awaited<ReturnType<typeof find>>;

  /** A request as the contract shows it, with the ids a decision needs (read in `q`: a decision's transaction). */
  async function find(id: string, q: Db | Tx = db) {
    const [request] = await q.select().from(memberRequests).where(eq(memberRequests.id, id));
    if (!request) throw notFound();
    const row = (await withParties([request], q))[0]!;
    // A swap's log type (Crypto Swap or Swap) follows from what was given.
    const given = row.request.kind === 'swap' ? await lookupAsset(q, row.request.asset) : null;
    return {
      view: present(row),
      kind: row.request.kind,
      flow: (given?.kind === 'coin' ? 'crypto' : 'assets') as 'crypto' | 'assets',
      userId: row.request.userId,
      toUserId: row.request.toUserId!,
      holdId: row.request.holdId,
    };
  }

  function present(row: {
    request: RequestRow;
    from: { id: string; name: string; email: string };
    toEmail: string | null;
  }): SendRequest {
    const { request, from } = row;
    const decimal = (value: string | null) => (value === null ? null : normalize(value));
    return {
      _id: request.id,
      kind: request.kind,
      status: request.status,
      from: { _id: from.id, name: from.name, email: from.email },
      // A swap's tokens go to the member who asked.
      to: request.kind === 'swap' ? from.email : (row.toEmail ?? ''),
      coin: request.asset,
      amount: normalize(request.amount),
      toCoin: request.toAsset,
      toAmount: decimal(request.toAmount),
      fee: decimal(request.fee),
      rate: decimal(request.rate),
      memo: request.memo,
      rejectionReason: request.rejectionReason,
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
    };
  }

  /** The answer to a send request: its id, found by its hold (a repeated key answers with the first hold). */
  async function submitted(holdId: string) {
    const [request] = await db
      .select({ id: memberRequests.id })
      .from(memberRequests)
      .where(eq(memberRequests.holdId, holdId));
    return { message: messages.requestSubmitted, data: { requestId: request!.id } };
  }

  /**
   * Both parties' open screens refresh; the member is told the outcome and, when approved, the recipient
   * is told what they received and from whom (by e-mail) (notifications, live). Written in the decision's
   * transaction: what is told commits with the decision or not at all.
   */
  async function announce(tx: Tx, request: Found, approved: boolean, notice: string) {
    const { view } = request;
    await ctx.events.emit('walletUpdated', { userId: request.userId, email: view.from.email }, tx);
    await notifications.notify(request.userId, notice, tx);
    if (!(view.kind === 'send' && approved && view.to !== '')) return;
    await ctx.events.emit('walletUpdated', { userId: request.toUserId, email: view.to }, tx);
    const receipt = fillMessage(messages.tokensReceivedNotice, {
      amount: view.amount,
      symbol: view.coin,
      email: view.from.email,
    });
    await notifications.notify(request.toUserId, receipt, tx);
  }

  // A request approval that waited runs here when a second administrator approves it (modules/admin).
  makerChecker.register('request.approve', (tx, checker, payload, approval) => {
    const { actionId, requestedBy, reason, decisionReason } = approval;
    return approveIn(tx, checker, String(payload.requestId), { actionId, requestedBy, reason, decisionReason });
  });

  return {
    /** request/create-legacy-send-request: same body and recipient rules as send-tokens. */
    createSend: (me: User, body: SendTokensBody, idempotency?: { key: string; requestHash: string }) =>
      failed.counting(me.id, async () => {
        // A repeat is answered first, as it was (see native-wallet send).
        const first = idempotency && (await ledger.replay<{ holdId: string }>({ userId: me.id, ...idempotency }));
        if (first) return submitted(first.holdId);
        if (me.type !== 'sdira') throw forbidden(messages.sendRequestsSdiraOnly, 'SDIRA_ONLY');
        if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
        // Requests move the platform's own tokens (legacy tokens and Q), not crypto coins.
        const asset = await lookupAsset(db, body.coin);
        if (asset?.kind !== 'token')
          throw badRequest(messages.invalidRequest, 'UNKNOWN_ASSET', { coin: messages.invalidRequest });
        assertFitsDecimals(asset, body.amount);
        const recipient = await checkedRecipient({ db, ledger, failed }, me, {
          to: body.to,
          asset: body.coin,
          amount: body.amount,
        });
        const requestId = newId();
        const amount = normalize(body.amount);
        const { holdId } = await ledger.transact(
          async (tx) => {
            const hold = await tx.placeHold({
              userId: me.id,
              asset: body.coin,
              amount,
              reason: 'Send request',
              metadata: { from: me.id, to: recipient.id, requestId },
            });
            await tx.db.insert(memberRequests).values({
              id: requestId,
              kind: 'send',
              userId: me.id,
              asset: body.coin,
              amount,
              toUserId: recipient.id,
              memo: body.memo || null,
              holdId: hold.holdId,
            });
            await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
            return hold;
          },
          { key: idempotency && { userId: me.id, ...idempotency } },
        );
        return submitted(holdId);
      }),

    /** Back office: requests by status, newest first, a page at a time. */
    async list(status: Status | undefined, page: number, limit: number) {
      const where = status ? eq(memberRequests.status, status) : undefined;
      const [requests, [count]] = await Promise.all([
        db
          .select()
          .from(memberRequests)
          .where(where)
          .orderBy(desc(memberRequests.createdAt), desc(memberRequests.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: sql<number>`count(*)::int` }).from(memberRequests).where(where),
      ]);
      return { data: (await withParties(requests)).map(present), total: count?.n ?? 0, page, limit };
    },

    /**
     * request/create-swap-request: a swap by an sdira member, or of a legacy token (issue 10 §5). The
     * same checks and quote as a swap (modules/swaps); the amount given waits on a hold, and the request
     * records what the member confirmed they would receive.
     */
    async createSwap(me: User, body: SwapRequestBody, idempotency?: { key: string; requestHash: string }) {
      const key = idempotency && { userId: me.id, ...idempotency };
      // A repeat is answered first, as it was (see native-wallet send), even once the quote has expired.
      const first = key && (await ledger.replay<{ message: string; data: { requestId: string } }>(key));
      if (first) return first;
      const s = await swaps.checkRequest(me, body);
      const requestId = newId();
      const legacy = s.flow === 'legacy';
      const answer = await ledger.transact(
        async (tx) => {
          const hold = await tx.placeHold({
            userId: me.id,
            asset: s.from.symbol,
            amount: s.amount,
            reason: 'Swap request',
            metadata: { requestId, logType: swapLogType(s.flow) },
          });
          await tx.db.insert(memberRequests).values({
            id: requestId,
            kind: 'swap',
            userId: me.id,
            asset: s.from.symbol,
            amount: s.amount,
            toAsset: s.to.symbol,
            toAmount: s.quote.r,
            fee: s.quote.fe,
            rate: s.quote.rt,
            holdId: hold.holdId,
          });
          await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
          return {
            message: legacy ? messages.legacySwapRequestSent : messages.swapRequestSent,
            data: { requestId },
          };
        },
        { key },
      );
      return answer;
    },

    /**
     * A send: pays the held tokens to the recipient, if they are still an active member (else 409, still
     * pending). A swap: the held tokens go to the treasury, which pays the member what they were quoted
     * (the spread to revenue), in the same transaction. Worth more than the maker-checker threshold, nothing
     * is decided: the approval waits for a second administrator (202, a reason required), who approves it
     * through `admin/actions/:id/approve` (the same `approveIn`, in the decision's transaction). A repeated
     * Idempotency-Key (the administrator's) answers the first outcome.
     */
    async approve(actor: User, id: string, reason?: string, idempotency?: { key: string; requestHash: string }) {
      const key = idempotency && { userId: actor.id, ...idempotency };
      const first = key && (await ledger.replay<{ requestId: string } | { actionId: string }>(key));
      const request = await find(id);
      if (!first && request.view.status !== 'pending') throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
      const verdict = first ? null : await assess(request);
      if (verdict?.waits && !reason) {
        throw badRequest(messages.makerCheckerReasonRequired, 'VALIDATION', {
          reason: messages.makerCheckerReasonRequired,
        });
      }
      const outcome =
        first ??
        (await ledger.transact<{ requestId: string } | { actionId: string }>(
          async (tx) => {
            if (!verdict?.waits) return approveIn(tx, actor, id, reason ? { reason } : {});
            const { view } = request;
            const payload = {
              requestId: id,
              requestKind: view.kind,
              userId: request.userId,
              email: view.from.email,
              asset: view.coin,
              amount: view.amount,
              ...(view.kind === 'swap' ? { toAsset: view.toCoin, toAmount: view.toAmount } : { to: view.to }),
            };
            const input = { kind: 'request.approve' as const, targetId: id, payload, verdict, reason: reason! };
            return { actionId: await makerChecker.hold(tx.db, actor, input) };
          },
          { key },
        ));
      if ('actionId' in outcome) return waitingFor(outcome.actionId);
      const decided = await find(id);
      const message = decided.kind === 'swap' ? messages.swapRequestApproved : messages.requestApproved;
      return { status: 200 as const, body: { message, data: decided.view } };
    },

    /** Returns the held tokens to the member, with the reason they are told. */
    async reject(actor: User, id: string, reason: string) {
      const request = await find(id);
      if (request.view.status !== 'pending') throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
      const swap = request.kind === 'swap';
      await ledger.transact(async (tx) => {
        const hold = await tx.releaseHold(request.holdId, actor.id, {
          metadata: swap
            ? { requestId: id, logType: swapLogType(request.flow) }
            : { from: request.userId, to: request.toUserId, requestId: id },
        });
        await decide(tx.db, id, {
          status: 'rejected',
          rejectionReason: reason,
          decidedBy: actor.id,
          decidedAt: new Date(),
        });
        await audit(tx.db, actor, 'request.reject', id, { holdId: hold.holdId, entryId: hold.entryId, reason });
        const { amount, coin: symbol } = request.view;
        const notice = swap ? messages.swapRequestRejectedNotice : messages.sendRequestRejectedNotice;
        await announce(tx.db, request, false, fillMessage(notice, { amount, symbol, reason }));
      });
      const decided = await find(id);
      return { message: swap ? messages.swapRequestRejected : messages.requestRejected, data: decided.view };
    },
  };

  /**
   * Whether approving a request must wait for a second administrator. What it moves: a send, the amount
   * held; a swap, the larger of its two sides (the amount given, and what the treasury pays with the
   * spread), each at today's prices.
   */
  async function assess(request: Found): Promise<Verdict> {
    const { view } = request;
    const given = await makerChecker.assess([{ asset: view.coin, amount: view.amount }]);
    if (view.kind !== 'swap') return given;
    const paid = await makerChecker.assess([{ asset: view.toCoin!, amount: add(view.toAmount!, view.fee!) }]);
    const larger = compare(paid.valueUsd, given.valueUsd) > 0 ? paid : given;
    return { ...larger, waits: given.waits || paid.waits };
  }

  /**
   * The approval inside the caller's ledger transaction (the route's, or a maker-checker decision's):
   * the request is read again there, so one decided meanwhile is 409 and nothing commits. `extra` goes to
   * the audit row (the reason; a maker-checker approval's action, maker and checker's reason).
   */
  async function approveIn(tx: LedgerTx, actor: User, id: string, extra: Record<string, unknown> = {}) {
    const request = await find(id, tx.db);
    if (request.view.status !== 'pending') throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
    if (request.kind === 'swap') return approveSwapIn(tx, actor, id, request, extra);
    const hold = await tx.commitHold(request.holdId, { userId: request.toUserId }, actor.id, {
      metadata: { from: request.userId, to: request.toUserId, requestId: id },
    });
    // Checked inside the transaction that pays: a recipient blocked meanwhile rolls it all back.
    if (!(await canReceive(tx.db, request.toUserId)))
      throw conflict(messages.recipientNoLongerActive, 'RECIPIENT_INACTIVE');
    await decide(tx.db, id, { status: 'approved', decidedBy: actor.id, decidedAt: new Date() });
    await audit(tx.db, actor, 'request.approve', id, { holdId: hold.holdId, entryId: hold.entryId, ...extra });
    const { amount, coin: symbol } = request.view;
    await announce(tx.db, request, true, fillMessage(messages.sendRequestApprovedNotice, { amount, symbol }));
    return { requestId: id, holdId: hold.holdId, entryId: hold.entryId };
  }

  /** A swap request approved: the hold to the treasury, the treasury's side as quoted, in `tx`. */
  async function approveSwapIn(tx: LedgerTx, actor: User, id: string, request: Found, extra: Record<string, unknown>) {
    const { view, userId } = request;
    const toAsset = view.toCoin!;
    const toAmount = view.toAmount!;
    const fee = view.fee!;
    const logType = swapLogType(request.flow);
    const hold = await tx.commitHold(request.holdId, treasury, actor.id, { metadata: { requestId: id, logType } });
    const { entryId } = await tx.post({
      kind: 'swap',
      legs: payoutLegs(userId, { to: toAsset, gross: add(toAmount, fee), fee }),
      createdBy: actor.id,
      metadata: { logType, rate: view.rate!, requestId: id },
    });
    await decide(tx.db, id, { status: 'approved', decidedBy: actor.id, decidedAt: new Date() });
    await audit(tx.db, actor, 'request.approve', id, { holdId: hold.holdId, entryId, ...extra });
    const notice = fillMessage(messages.swapRequestApprovedNotice, {
      amount: view.amount,
      symbol: view.coin,
      toAmount,
      toSymbol: toAsset,
    });
    await announce(tx.db, request, true, notice);
    return { requestId: id, holdId: hold.holdId, entryId };
  }
}

/** Marks a pending request decided; the hold's guard already let only one decision get here. */
async function decide(tx: Tx | Db, id: string, values: Partial<typeof memberRequests.$inferInsert>) {
  const rows = await tx
    .update(memberRequests)
    .set(values)
    .where(and(eq(memberRequests.id, id), eq(memberRequests.status, 'pending')))
    .returning({ id: memberRequests.id });
  if (rows.length !== 1) throw conflict(messages.holdAlreadyResolved, 'REQUEST_DECIDED');
}

/**
 * What a member's history shows of the requests behind these holds (transaction-log): the memo, and the
 * reason when rejected.
 */
export async function requestNotesByHold(q: Tx | Db, holdIds: string[]) {
  if (holdIds.length === 0) return [];
  return q
    .select({ holdId: memberRequests.holdId, memo: memberRequests.memo, reason: memberRequests.rejectionReason })
    .from(memberRequests)
    .where(inArray(memberRequests.holdId, holdIds));
}

export type RequestService = ReturnType<typeof requestService>;
