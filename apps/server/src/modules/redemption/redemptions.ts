import { redemption as redeemable } from '@vault/contract/holding-period';
import { fillMessage, messages } from '@vault/contract/messages';
import { add, compare, multiply, normalize, subtract } from '@vault/contract/money';
import {
  type CryptoRedeemBody,
  type DirectWireRedeemBody,
  overBalance,
  type Redemption,
  redeemFigures,
} from '@vault/contract/schemas/redemption';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { redemptions } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  holdingsOf,
  isLedgerError,
  type Ledger,
  LedgerError,
  type LedgerTx,
  readHoldings,
} from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import {
  assertFitsDecimals,
  type CatalogueService,
  isLotTrackedType,
  pricesOf,
  type TokenRow,
} from '../catalogue/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { redeemAddressOf, toRedeemAddress } from './redeem-addresses.ts';

/**
 * Redeem requests (issue 14, decision 0014), the owner of `redemptions`: a member's request puts the tokens on a
 * hold at once, in the transaction that records it (the holding period checked against fresh lots and holds
 * while the member's account row is locked by the hold, so two requests at once cannot both take the same
 * matured lot). Deciding them is the desk's (redemption-desk.ts).
 */

export type RedemptionRow = typeof redemptions.$inferSelect;
type Q = Db | Tx;
type Idempotency = { key: string; requestHash: string };

/** A request nobody decided in this many days expires (its hold released): the written policy. */
export const REDEEM_EXPIRY_DAYS = 30;

/** What the payout is worth: the amount less the fee, at the request's price, to the cent. */
export const payoutUsd = (row: Pick<RedemptionRow, 'amount' | 'fee' | 'rate'>) =>
  multiply(subtract(row.amount, row.fee), row.rate, 2);

/** How a row reads in the member's history and the back office (spec 2 §3 Redeem history row). */
export function toRedemption(row: RedemptionRow, token: TokenRow | undefined): Redemption {
  const account = (row.targetAccount ?? {}) as Record<string, unknown>;
  const wire = (row.redeemAddress ?? {}) as Record<string, unknown>;
  const firstOf = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '');
  return {
    _id: row.id,
    method: row.method,
    sourceAsset: row.asset,
    token: {
      coinSymbol: row.asset,
      name: token?.displayName ?? row.asset,
      decimals: token?.decimals ?? 8,
      icon: { url: token?.iconUrl ?? '' },
    },
    status: row.status,
    rejectionReason: row.rejectionReason,
    amount: normalize(row.amount),
    usdValue: normalize(row.usdValue),
    fee: normalize(row.fee),
    payoutUsd: payoutUsd(row),
    targetNetwork: row.targetNetwork,
    streetAddress:
      row.method === 'directWire'
        ? (firstOf(wire.address, wire.bankName) ?? '')
        : (firstOf(account.address, account.account, account.pixKey, account.cbu) ?? ''),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function redemptionService(
  ctx: Context,
  deps: { ledger: Ledger; catalogue: CatalogueService; settings: SettingsService },
) {
  const { db } = ctx;
  const { ledger, catalogue, settings } = deps;

  /** A native token by `_id` or coinSymbol, with what it says about redeeming it. */
  async function tokenOf(ref: string) {
    const { tokens } = await catalogue.snapshot();
    const token = tokens.find((t) => t.id === ref || t.coinSymbol === ref);
    if (!token)
      throw badRequest(messages.redeemTokenRequired, 'UNKNOWN_ASSET', { tokenId: messages.redeemTokenRequired });
    return token;
  }

  /**
   * Inside the request's transaction, after its hold: for asset and legacy tokens, the amount must come from
   * lots held 1 year and 1 day, counting every other placed hold; otherwise it is refused saying how much is
   * redeemable now and when the next lot qualifies.
   */
  async function assertMatured(tx: LedgerTx, me: User, token: TokenRow, amount: string) {
    if (!isLotTrackedType(token.type)) return;
    const { rows } = await tx.db.execute<{ h: string }>(sql`select (${holdingsOf(me.id)})::text as h`);
    const { balances, held, lots } = readHoldings(JSON.parse(rows[0]!.h));
    const asset = token.coinSymbol;
    // As it was before this request's hold: the balance had the amount, the holds had not.
    const before = redeemable(
      lots.filter((l) => l.asset === asset),
      add(balances[asset] ?? '0', amount),
      subtract(held[asset] ?? '0', amount),
    );
    if (compare(amount, before.amount) <= 0) return;
    const next = before.nextOn ? fillMessage(messages.redeemNextLot, { date: before.nextOn.slice(0, 10) }) : '';
    const message = fillMessage(messages.redeemNotMatured, { redeemable: before.amount, symbol: asset, next });
    throw badRequest(message, 'NOT_MATURED', { amount: message });
  }

  /** The common path of both methods: checks, then ONE transaction: hold, holding period, row, event. */
  async function open(
    me: User,
    input: Pick<RedemptionRow, 'method' | 'targetNetwork' | 'targetAccount' | 'targetAsset'> & {
      tokenRef: string;
      amount: string;
      redeemAddressId: string | null;
      redeemAddress: unknown;
    },
    idempotency?: Idempotency,
  ): Promise<Redemption> {
    if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
    const token = await tokenOf(input.tokenRef);
    if (input.method === 'crypto' && (me.type === 'sdira' || token.type === 'sdira'))
      throw badRequest(messages.redeemSdiraDirectWire, 'SDIRA_DIRECT_WIRE');
    assertFitsDecimals(token, input.amount);
    const [prices, { redemptionFeePercent }] = await Promise.all([pricesOf(db, [token.coinSymbol]), settings.all()]);
    const rate = prices.get(token.coinSymbol);
    if (!rate) throw badRequest(messages.redeemNotRedeemable, 'NOT_REDEEMABLE');
    const { fee } = redeemFigures(input.amount, rate, redemptionFeePercent, token.decimals);
    const expiresAt = new Date(Date.now() + REDEEM_EXPIRY_DAYS * 24 * 60 * 60 * 1000);
    try {
      return await ledger.transact(
        async (tx) => {
          const { holdId } = await tx.placeHold({
            userId: me.id,
            asset: token.coinSymbol,
            amount: input.amount,
            reason: 'redemption',
            // A self-directed member's redeem is their Legacy Redeem (spec 2 §4 titles).
            metadata: { logType: me.type === 'sdira' ? 'legacyWithdrawDeposit' : 'withdraw' },
          });
          // A COINQVEST redeem must leave something (spec 2 §5): read after the hold, which locked the account.
          const left = (await tx.balances(me.id, [token.coinSymbol]))[token.coinSymbol] ?? '0';
          if (overBalance(input.method, input.amount, add(left, input.amount)))
            throw new LedgerError('INSUFFICIENT_BALANCE', 'a COINQVEST redeem must leave a balance');
          await assertMatured(tx, me, token, input.amount);
          const [row] = await tx.db
            .insert(redemptions)
            .values({
              id: newId(),
              userId: me.id,
              method: input.method,
              asset: token.coinSymbol,
              amount: input.amount,
              rate,
              usdValue: multiply(input.amount, rate, 2),
              fee,
              targetNetwork: input.targetNetwork,
              targetAccount: input.targetAccount,
              targetAsset: input.targetAsset,
              redeemAddressId: input.redeemAddressId,
              redeemAddress: input.redeemAddress,
              holdId,
              expiresAt,
            })
            .returning();
          await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
          return toRedemption(row!, token);
        },
        { key: idempotency && { userId: me.id, ...idempotency } },
      );
    } catch (error) {
      if (isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE')
        throw badRequest(messages.redeemInsufficientBalance, 'INSUFFICIENT_BALANCE', {
          amount: messages.redeemInsufficientBalance,
        });
      throw error;
    }
  }

  return {
    /** POST /coinqvest/request: a redeem paid out by COINQVEST to the target account. */
    async requestCrypto(me: User, body: CryptoRedeemBody, idempotency?: Idempotency) {
      const data = await open(
        me,
        {
          method: 'crypto',
          tokenRef: body.tokenId,
          amount: body.amount,
          targetNetwork: body.targetNetwork,
          targetAccount: body.targetAccount,
          targetAsset: body.targetAsset ?? null,
          redeemAddressId: null,
          redeemAddress: null,
        },
        idempotency,
      );
      return { message: messages.redeemRequested, data };
    },

    /**
     * POST /direct-wires/withdraw (and request/create-legacy-withdraw-request, sdira members' name for it): a
     * redeem paid by our wire to one of the member's redeem addresses.
     */
    async requestWire(me: User, body: DirectWireRedeemBody, idempotency?: Idempotency) {
      const address = await redeemAddressOf(db, me.id, body.withdrawalAddress);
      if (!address) throw notFound();
      const data = await open(
        me,
        {
          method: 'directWire',
          tokenRef: body.token,
          amount: body.amount,
          targetNetwork: null,
          targetAccount: null,
          targetAsset: body.targetAsset ?? 'USD',
          redeemAddressId: address.id,
          redeemAddress: toRedeemAddress(address),
        },
        idempotency,
      );
      return { message: messages.redeemRequested, data };
    },

    /** GET /coinqvest/withdrawal/user: the member's redeem history, newest first. */
    async history(me: User, page: number, limit: number) {
      const mine = eq(redemptions.userId, me.id);
      const [rows, [total], { tokens }] = await Promise.all([
        db
          .select()
          .from(redemptions)
          .where(mine)
          .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(redemptions).where(mine),
        catalogue.snapshot(),
      ]);
      const bySymbol = new Map(tokens.map((t) => [t.coinSymbol, t]));
      return { data: rows.map((r) => toRedemption(r, bySymbol.get(r.asset))), total: total?.n ?? 0, page, limit };
    },
  };
}

export type RedemptionService = ReturnType<typeof redemptionService>;

/** One request, for the desk (a guarded UPDATE decides it there). */
export async function redemptionById(q: Q, id: string) {
  const [row] = await q.select().from(redemptions).where(eq(redemptions.id, id));
  return row;
}

/**
 * Moves a request from one of `from` to `to` with `set`, only if it is still in one of `from` (and `when`
 * holds): the one statement that lets exactly one of two decisions (or a decision and the expiry job) go on.
 */
export async function moveRedemption(
  q: Q,
  id: string,
  from: RedemptionRow['status'][],
  set: Partial<RedemptionRow> & { status: RedemptionRow['status'] },
  when?: SQL,
) {
  const [row] = await q
    .update(redemptions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(redemptions.id, id), sql`${redemptions.status} in ${from}`, when))
    .returning();
  return row;
}
