import { messages } from '@vault/contract/messages';
import { add, compare, multiply, normalize } from '@vault/contract/money';
import { type AdminRole, roleMay } from '@vault/contract/schemas/admin-auth';
import {
  ACTION_PERMISSIONS,
  type ActionsQuery,
  type AdminAction,
  type AdminActionKind,
} from '@vault/contract/schemas/maker-checker';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Ledger, LedgerTx } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { postgresError } from '../../lib/postgres-error.ts';
import type { User } from '../auth/sessions.ts';
import { pricesOf } from '../catalogue/service.ts';
import { findLiveById, partiesByIds } from '../members/accounts.ts';
import type { SettingsService } from '../settings/service.ts';
import { audit } from './audit.ts';
import { type Credit, creditIn } from './issue-tokens.ts';
import { reverseIn } from './reverse-entry.ts';

/** An amount of an asset an action moves. */
export type Move = { asset: string; amount: string };

/** Whether an action runs at once or waits: its value in USD and the threshold it was weighed against. */
export type Verdict = { valueUsd: string; thresholdUsd: string; waits: boolean };

/** What an approval adds to the audit row of the action it runs: the action, its maker, both reasons. */
export type Approval = { actionId: string; requestedBy: string; reason: string; decisionReason: string };

/**
 * How an action of one kind runs when a checker approves it: inside the decision's ledger transaction, as the
 * checker, writing its own audit row (with `approval`); it answers what it did (kept as the action's result).
 * It throws when it cannot run (the request was decided meanwhile, an overdraft): nothing is decided then.
 */
export type Executor = (
  tx: LedgerTx,
  checker: User,
  payload: Record<string, unknown>,
  approval: Approval,
) => Promise<Record<string, unknown>>;

type Row = typeof adminActions.$inferSelect;

/** The answer of a guarded call above the threshold (202): nothing moved; the action waits. */
export const waitingFor = (actionId: string) =>
  ({ status: 202, body: { message: messages.makerCheckerWaiting, data: { actionId } } }) as const;

/** The database's own refusal of a decision by the maker (the service refuses it first). */
const MAKER_CHECK = 'admin_actions_checker_not_maker';
/** One waiting reversal per entry, one waiting approval per request. */
const ONE_WAITING = 'admin_actions_one_waiting';

/**
 * Maker-checker (issue 11 item 2, decision 0010). A money action (a credit, a reversal, the approval of a
 * member's request) worth more than the owners' threshold (USD at the catalogue's current prices, setting
 * `makerCheckerThresholdUsd`) is not run: it becomes a pending `admin_actions` row (`hold`), and a second
 * administrator with the action's permission approves it — the action runs in the decision's transaction —
 * or rejects it. Exactly one decision: a guarded UPDATE (… WHERE status = 'pending'); the maker never
 * decides: checked here, and by a CHECK (`decided_by <> requested_by`) as the last word.
 *
 * The modules that own an action register how it runs (`register`): the credit and the reversal here, the
 * request approval in modules/requests.
 */
export function makerCheckerService(ctx: Context, deps: { ledger: Ledger; settings: SettingsService }) {
  const { db } = ctx;
  const executors = new Map<AdminActionKind, Executor>();

  /** An action as the back office shows it, with its maker and checker by name. */
  async function present(rows: Row[]): Promise<AdminAction[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.decidedBy ? [r.requestedBy, r.decidedBy] : [r.requestedBy])))];
    const people = new Map((await partiesByIds(db, ids)).map((p) => [p.id, p]));
    const person = (id: string | null) => {
      const p = id ? people.get(id) : undefined;
      return p ? { id: p.id, email: p.email, name: p.name } : null;
    };
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      payload: r.payload as Record<string, unknown>,
      valueUsd: normalize(r.valueUsd),
      thresholdUsd: r.thresholdUsd === null ? null : normalize(r.thresholdUsd),
      reason: r.reason,
      permission: ACTION_PERMISSIONS[r.kind],
      requestedBy: person(r.requestedBy),
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: person(r.decidedBy),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      result: (r.result as Record<string, unknown> | null) ?? null,
    }));
  }

  async function found(id: string) {
    const [row] = await db.select().from(adminActions).where(eq(adminActions.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Who may decide `row`: the action's permission, and never its maker. */
  function mayDecide(checker: { user: User; role: AdminRole }, row: Row) {
    if (!roleMay(checker.role, ACTION_PERMISSIONS[row.kind])) throw forbidden();
    if (row.requestedBy === checker.user.id) throw forbidden(messages.makerCannotDecide, 'MAKER_CANNOT_DECIDE');
    if (row.status !== 'pending') throw conflict(messages.actionAlreadyDecided, 'ACTION_DECIDED');
  }

  /**
   * The decision, if the action is still pending: the guarded UPDATE lets one decision through (a concurrent
   * one waits on the row, then finds it decided: 409). The CHECK refuses the maker whatever the service did.
   */
  async function claim(tx: Tx, id: string, checker: User, status: 'approved' | 'rejected', reason: string) {
    try {
      const rows = await tx
        .update(adminActions)
        .set({ status, decidedBy: checker.id, decidedAt: new Date(), decisionReason: reason })
        .where(and(eq(adminActions.id, id), eq(adminActions.status, 'pending')))
        .returning({ id: adminActions.id });
      if (rows.length !== 1) throw conflict(messages.actionAlreadyDecided, 'ACTION_DECIDED');
    } catch (error) {
      if (postgresError(error).constraint === MAKER_CHECK) {
        throw forbidden(messages.makerCannotDecide, 'MAKER_CANNOT_DECIDE');
      }
      throw error;
    }
  }

  const service = {
    /** How an action of `kind` runs on approval (each owning module registers its own). */
    register(kind: AdminActionKind, executor: Executor) {
      executors.set(kind, executor);
    },

    /** The threshold (USD, canonical decimal string): money actions worth more than this wait. */
    threshold: () => deps.settings.backoffice('makerCheckerThresholdUsd'),

    /** Owners set the threshold; audited with the value before and after. */
    async setThreshold(actor: User, value: string) {
      const to = normalize(value);
      const from = await db.transaction(async (tx) => {
        const before = await deps.settings.replaceBackoffice('makerCheckerThresholdUsd', to, tx);
        await audit(tx, actor, 'settings.makerChecker', null, { from: before, to });
        return before;
      });
      return { message: messages.makerCheckerThresholdUpdated, data: { makerCheckerThresholdUsd: to }, from };
    },

    /**
     * Whether an action moving `moves` must wait: its value in USD — each amount × its asset's current price
     * (1 Q = 1 USD), rounded half-up to the cent, summed — above the threshold. An asset without a price in the
     * catalogue cannot be valued: the action waits.
     */
    async assess(moves: Move[]): Promise<Verdict> {
      const [prices, threshold] = await Promise.all([
        pricesOf(
          db,
          moves.map((m) => m.asset),
        ),
        service.threshold(),
      ]);
      let valueUsd = '0';
      let unpriced = false;
      for (const m of moves) {
        const price = prices.get(m.asset);
        if (price === undefined) unpriced = true;
        else valueUsd = add(valueUsd, multiply(m.amount, price, 2));
      }
      return { valueUsd, thresholdUsd: threshold, waits: unpriced || compare(valueUsd, threshold) > 0 };
    },

    /**
     * Keeps an action for a second administrator instead of running it, in the caller's transaction (with its
     * idempotency key, when the call had one), and writes the maker's audit row `action.request`. A reversal
     * or request approval already waiting for the same entry or request is 409.
     */
    async hold(
      tx: Tx,
      maker: User,
      input: {
        kind: AdminActionKind;
        targetId: string;
        payload: Record<string, unknown>;
        verdict: Verdict;
        reason: string;
      },
    ) {
      const id = newId();
      const { kind, targetId, payload, verdict, reason } = input;
      try {
        await tx.insert(adminActions).values({
          id,
          kind,
          targetId,
          payload,
          valueUsd: verdict.valueUsd,
          thresholdUsd: verdict.thresholdUsd,
          reason,
          requestedBy: maker.id,
        });
      } catch (error) {
        if (postgresError(error).constraint === ONE_WAITING) {
          throw conflict(messages.actionAlreadyWaiting, 'ACTION_PENDING');
        }
        throw error;
      }
      await audit(tx, maker, 'action.request', targetId, {
        actionId: id,
        kind,
        valueUsd: verdict.valueUsd,
        thresholdUsd: verdict.thresholdUsd,
        reason,
        ...payload,
      });
      return id;
    },

    /** Back office: actions by status and kind, newest first. */
    async list(query: ActionsQuery) {
      const where = and(
        query.status ? eq(adminActions.status, query.status) : undefined,
        query.kind ? eq(adminActions.kind, query.kind) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adminActions)
          .where(where)
          .orderBy(desc(adminActions.requestedAt), desc(adminActions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(adminActions).where(where),
      ]);
      return { data: await present(rows), total: counted?.total ?? 0, page: query.page, limit: query.limit };
    },

    /**
     * A second administrator approves: the decision, the action (its entry, its audit row, its events) and the
     * result commit together in one ledger transaction. When the action cannot run (the request was decided
     * meanwhile, an overdraft, the member is gone), that error is the answer and the action stays pending.
     */
    async approve(checker: { user: User; role: AdminRole }, id: string, reason: string) {
      const row = await found(id);
      mayDecide(checker, row);
      const run = executors.get(row.kind);
      if (!run) throw new Error(`no executor registered for ${row.kind}`);
      await deps.ledger.transact(async (tx) => {
        await claim(tx.db, id, checker.user, 'approved', reason);
        const result = await run(tx, checker.user, row.payload as Record<string, unknown>, {
          actionId: id,
          requestedBy: row.requestedBy,
          reason: row.reason,
          decisionReason: reason,
        });
        await tx.db.update(adminActions).set({ result }).where(eq(adminActions.id, id));
      });
      const [decided] = await present([await found(id)]);
      return { message: messages.actionApproved, data: decided! };
    },

    /** A second administrator rejects: nothing moves; the decision and its audit row commit together. */
    async reject(checker: { user: User; role: AdminRole }, id: string, reason: string) {
      const row = await found(id);
      mayDecide(checker, row);
      await db.transaction(async (tx) => {
        await claim(tx, id, checker.user, 'rejected', reason);
        await audit(tx, checker.user, 'action.reject', row.targetId, {
          actionId: id,
          kind: row.kind,
          requestedBy: row.requestedBy,
          reason,
        });
      });
      const [decided] = await present([await found(id)]);
      return { message: messages.actionRejected, data: decided! };
    },
  };

  // The credit and the reversal are this module's; the request approval registers itself (modules/requests).
  service.register('ledger.credit', async (tx, checker, payload, approval) => {
    const credit = payload as Credit;
    // The member may have been deleted while the credit waited.
    if ((await findLiveById(tx.db, credit.userId))?.role !== 'member') throw notFound(messages.userNotFound);
    const { actionId, requestedBy, decisionReason } = approval;
    const { entryId } = await creditIn(
      tx,
      ctx.events,
      checker,
      { ...credit, reason: approval.reason },
      {
        actionId,
        requestedBy,
        decisionReason,
      },
    );
    return { entryId };
  });
  service.register('ledger.reverse', async (tx, checker, payload, approval) => {
    const { actionId, requestedBy, decisionReason } = approval;
    return reverseIn(tx, ctx.events, checker, String(payload.entryId), approval.reason, {
      actionId,
      requestedBy,
      decisionReason,
    });
  });

  return service;
}

export type MakerCheckerService = ReturnType<typeof makerCheckerService>;
