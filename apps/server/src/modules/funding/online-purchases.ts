import { randomBytes } from 'node:crypto';
import { fillMessage, messages } from '@vault/contract/messages';
import { compare, normalize, toFixed, toUnits } from '@vault/contract/money';
import {
  ONLINE_PURCHASE_CAP,
  ONLINE_PURCHASE_EXPIRY_HOURS,
  type OnlineMethod,
  type OnlinePurchaseState,
  wireIssue,
} from '@vault/contract/schemas/funding';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { postgresError } from '../../lib/postgres-error.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { PurchaseTermsService } from './purchase-terms.ts';
import type { PurchaseRow } from './wire-view.ts';

type Idempotency = { key: string; requestHash: string };
type Deps = {
  ledger: Ledger;
  terms: PurchaseTermsService;
  catalogue: CatalogueService;
};

/** What a member asks an online method for (the spec's {paymentType, tokenId, amount}). */
export type OnlineAsk = {
  method: OnlineMethod;
  /** The native token's _id or its coinSymbol. */
  tokenId: string;
  /** USD to pay. */
  amount: string;
  type: 'tokenPurchase' | 'walletActivation';
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PREFIX: Record<OnlineMethod, string> = { paypal: 'PP', goCardless: 'GC', coinqvest: 'CQ' };
/** 'PP-' (GC-, CQ-) and 10 base32 characters: what the member and the back office quote. */
export const newOnlineOrderId = (method: OnlineMethod) =>
  `${PREFIX[method]}-${[...randomBytes(10)].map((b) => BASE32[b & 31]).join('')}`;
const ORDER_ID_TAKEN = 'purchases_order_id_unique';

/** The purchase as the return page and the member routes show it. */
export const purchaseState = (row: PurchaseRow): OnlinePurchaseState['data'] => ({
  purchaseId: row.id,
  orderId: row.orderId,
  status: row.status,
  providerStatus: row.providerStatus,
  issuedAmount: row.issuedAmount === null ? null : normalize(row.issuedAmount),
  rejectionReason: row.rejectionReason,
});

/**
 * Online purchases (issue 13, decision 0013): a pending purchase paid at PayPal, GoCardless or COINQVEST.
 * The server prices it as direct wires are priced (purchase-terms.ts: the tokens a member may buy, the
 * first asset purchase's minimum, the activation value), with no fee, at most 5,000.00 USD a purchase, due
 * in 24 hours (the expire-wires job expires it). Nothing moves in the ledger here: tokens are issued only
 * on the provider's verified final event (provider-events.ts).
 */
export function onlinePurchaseService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { ledger, terms, catalogue } = deps;

  const find = async (q: Db | Tx, id: string) => (await q.select().from(purchases).where(eq(purchases.id, id)))[0];

  /** The token by its _id or its coinSymbol (the spec's tokenId is the _id; our clients send either). */
  async function symbolOf(tokenId: string) {
    const { tokens } = await catalogue.snapshot();
    const token = tokens.find((t) => t.id === tokenId || t.coinSymbol === tokenId);
    if (!token)
      throw badRequest(messages.tokenNotPurchasable, 'TOKEN_NOT_PURCHASABLE', {
        tokenId: messages.tokenNotPurchasable,
      });
    return token.coinSymbol;
  }

  const service = {
    /**
     * What a provider's purchase-creating route starts from (PayPal, GoCardless, COINQVEST): `create` for the
     * member's body; a repeat of a purchase no longer pending is 409 PURCHASE_NOT_PENDING.
     */
    async openPending(
      me: User,
      method: OnlineMethod,
      body: { tokenId: string; amount: string; paymentType: OnlineAsk['type'] },
      idempotency?: Idempotency,
    ): Promise<PurchaseRow> {
      const row = await service.create(
        me,
        { method, tokenId: body.tokenId, amount: body.amount, type: body.paymentType },
        idempotency,
      );
      if (row.status !== 'pending') throw conflict(messages.onlinePurchaseNotPending, 'PURCHASE_NOT_PENDING');
      return row;
    },

    /**
     * A pending purchase for `ask`, once per Idempotency-Key (a repeat answers the first purchase, even if the
     * terms moved since). The amount is USD to the cent; the tokens are what it buys at the rate now (locked),
     * cut down to the token's decimals, exactly what a full payment issues.
     */
    async create(me: User, ask: OnlineAsk, idempotency?: Idempotency): Promise<PurchaseRow> {
      const key = idempotency && { userId: me.id, ...idempotency };
      const first = key && (await ledger.replay<{ purchaseId: string }>(key));
      if (first) {
        const row = await find(db, first.purchaseId);
        if (!row || row.userId !== me.id) throw notFound();
        return row;
      }
      const amount = normalize(ask.amount);
      if (toUnits(amount) <= 0n)
        throw badRequest(messages.invalidAmount, 'INVALID_AMOUNT', { amount: messages.invalidAmount });
      if (compare(amount, ONLINE_PURCHASE_CAP) > 0)
        throw badRequest(messages.onlinePurchaseCap, 'ONLINE_PURCHASE_CAP', { amount: messages.onlinePurchaseCap });
      const t = await terms.of(me, await symbolOf(ask.tokenId));
      // sdira tokens are bought by legacy deposit only.
      if (t.type === 'sdira')
        throw badRequest(messages.tokenNotPurchasable, 'TOKEN_NOT_PURCHASABLE', {
          tokenId: messages.tokenNotPurchasable,
        });
      const { tokens } = wireIssue(amount, '0', t.rate, t.decimals);
      if (toUnits(tokens) <= 0n)
        throw badRequest(messages.invalidAmount, 'INVALID_AMOUNT', { amount: messages.invalidAmount });
      if (ask.type === 'walletActivation') {
        if (me.isWalletActivated) throw badRequest(messages.alreadyActivated, 'ALREADY_ACTIVATED');
        if (compare(amount, t.activationUsd) < 0) {
          const text = fillMessage(messages.activationContributionMinimum, {
            usd: toFixed(t.activationUsd, 2),
            amount: t.activationAmount,
            symbol: t.coinSymbol,
          });
          throw badRequest(text, 'PURCHASE_MINIMUM', { amount: text });
        }
      }
      if (t.minimumTokens !== null && compare(tokens, t.minimumTokens) < 0) {
        const text = fillMessage(messages.firstAssetMinimum, { n: toFixed(t.minimumTokens, 3) });
        throw badRequest(text, 'PURCHASE_MINIMUM', { amount: text });
      }
      const purchaseId = newId();
      const write = () =>
        ledger.transact(
          async (tx) => {
            await tx.db.insert(purchases).values({
              id: purchaseId,
              orderId: newOnlineOrderId(ask.method),
              userId: me.id,
              method: ask.method,
              type: ask.type,
              asset: t.coinSymbol,
              tokenAmount: tokens,
              tokenRate: t.rate,
              amountUsd: amount,
              feeUsd: '0',
              dueAt: sql`now() + make_interval(hours => ${ONLINE_PURCHASE_EXPIRY_HOURS})`,
            });
            await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
            return { purchaseId };
          },
          { key },
        );
      for (let attempt = 1; ; attempt++) {
        try {
          const made = await write();
          return (await find(db, made.purchaseId))!;
        } catch (error) {
          if (attempt >= 3 || postgresError(error).constraint !== ORDER_ID_TAKEN) throw error;
        }
      }
    },

    /**
     * The provider's reference (PayPal order id, GoCardless payment id, COINQVEST checkout id) and its state,
     * once the provider answered. Setting the same reference again is a no-op; (method, provider_ref) is
     * unique, so one provider object names one purchase.
     */
    async attachRef(purchaseId: string, providerRef: string, providerStatus: string) {
      const [row] = await db
        .update(purchases)
        .set({ providerRef, providerStatus, updatedAt: new Date() })
        .where(
          and(
            eq(purchases.id, purchaseId),
            sql`(${purchases.providerRef} is null or ${purchases.providerRef} = ${providerRef})`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The state the provider last reported, kept on a purchase not settled yet. */
    async noteStatus(purchaseId: string, providerStatus: string) {
      await db.update(purchases).set({ providerStatus, updatedAt: new Date() }).where(eq(purchases.id, purchaseId));
    },

    /** The purchase a provider object names (method and reference), or undefined. */
    async byRef(method: OnlineMethod, providerRef: string) {
      const [row] = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.method, method), eq(purchases.providerRef, providerRef)));
      return row;
    },

    /** One of the member's own purchases by its provider reference; anyone else's is 404. */
    async ownByRef(me: User, method: OnlineMethod, providerRef: string) {
      const [row] = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.method, method), eq(purchases.providerRef, providerRef), eq(purchases.userId, me.id)));
      if (!row) throw notFound();
      return row;
    },

    /** A purchase by id (any member), or undefined. */
    byId: (id: string) => find(db, id),

    /** One of the member's own purchases by id; anyone else's is 404. */
    async own(me: User, id: string) {
      const row = await find(db, id);
      if (!row || row.userId !== me.id) throw notFound();
      return row;
    },
  };
  return service;
}

export type OnlinePurchaseService = ReturnType<typeof onlinePurchaseService>;
