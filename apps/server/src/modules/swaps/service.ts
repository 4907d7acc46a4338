import { LIMITS } from '@vault/contract/constants';
import type { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { compare, isPositive, normalize } from '@vault/contract/money';
import {
  invalidAmountMessage,
  parseSwapTarget,
  type SwapBody,
  type SwapFlow,
  type SwapQuote,
  type SwapRateQuery,
  type SwapRequestBody,
  type SwapResponse,
  swapAmount,
} from '@vault/contract/schemas/swap';
import {
  DEFAULT_SWAP_SPREAD_PERCENT,
  priceSwap,
  rateMovedBeyond,
  SWAP_SPREAD_PATTERN,
  spreadBps,
  spreadPercent,
  swapRates,
} from '@vault/contract/swap-pricing';
import type { Context } from '../../context.ts';
import { AppError, badRequest, conflict, forbidden, insufficientBalance, notFound } from '../../http/errors.ts';
import { fee, type Ledger, type Leg, move, revenue, treasury } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { type AssetFacts, assertFitsDecimals, type CatalogueService } from '../catalogue/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { type QuotePayload, quoteName, quoteSigner } from './quotes.ts';

/**
 * Swaps (spec 2 §2, §4, §5, §7, §8; issue 10 §5; decision 0007). The treasury is the counterparty, at the
 * catalogue's prices less the spread administrators set (settings `swapSpreadPercent`, default 0.5 %), which
 * goes to the platform's revenue account as a fee leg. A member asks for a quote (the rates route), which
 * is signed and firm for LIMITS.swapQuoteSeconds; the swap pays exactly the quote, or is refused when the
 * quote expired or the rate has since moved by more than the spread: never re-priced silently. One
 * `ledger.transact` per swap: the member gives A to the treasury, the treasury gives B, the member pays the
 * spread in B to revenue. The ledger's lot rule makes the given asset leave the member's oldest lots first
 * and what is received a new lot dated now.
 *
 * sdira members (any flow) and legacy tokens (the legacy flow) swap by request: the requests module places
 * the hold and records the request, using `checkRequest` here; an administrator's approval pays it with
 * `payoutLegs`.
 */

type Side = AssetFacts & { symbol: string };
export type CheckedSwap = {
  flow: SwapFlow;
  from: Side;
  to: Side;
  amount: string;
  quote: QuotePayload;
  quoteId: string;
};

const isLegacy = (side: AssetFacts) => side.kind === 'token' && side.type === 'sdira';
const isTokenOf = (side: AssetFacts, ...types: string[]) => side.kind === 'token' && types.includes(side.type);

/** The log type a swap reads as in the member's history (spec 2 §3, §4: Crypto Swap or Swap). */
export const swapLogType = (flow: SwapFlow) => (flow === 'crypto' ? 'cryptoSwap' : 'assetToAssetSwap');

/** Whether this member's swap of `from` is a request an administrator decides. */
const byRequest = (me: User, from: AssetFacts) => me.type === 'sdira' || isLegacy(from);

/**
 * What a swap moves, as ledger legs: `amount` of A from the member to the treasury, the gross of B from the
 * treasury to the member, and the spread in B from the member to revenue (none when the spread is 0).
 */
export function swapLegs(userId: string, s: { from: string; to: string; amount: string; gross: string; fee: string }) {
  const member = { userId };
  return [...move(member, treasury, s.from, s.amount), ...payoutLegs(userId, s)];
}

/** The treasury's side of a swap: B to the member, the spread back to revenue (a request's approval pays these). */
export function payoutLegs(userId: string, s: { to: string; gross: string; fee: string }): Leg[] {
  const member = { userId };
  return [...move(treasury, member, s.to, s.gross), ...(isPositive(s.fee) ? fee(member, s.to, s.fee, revenue) : [])];
}

export function swapService(
  ctx: Context,
  deps: { ledger: Ledger; catalogue: CatalogueService; settings: SettingsService },
) {
  const { ledger, catalogue, settings } = deps;
  const signer = quoteSigner(ctx.secrets.hmac);

  const assertActivated = (me: User) => {
    if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
  };

  async function side(symbol: string, field: string): Promise<Side> {
    const facts = await catalogue.lookup(symbol);
    if (!facts) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { [field]: messages.unknownAsset });
    return { ...facts, symbol };
  }

  /**
   * The two sides of a swap in a flow, or the reason they are not one: what is received is never a legacy
   * token (spec 2 §6) nor a cryptocurrency; crypto → liquidity (/crypto-swap), asset ↔ asset or liquidity
   * (/assets-swap), legacy → asset or liquidity (/legacy-swap).
   */
  async function pairOf(me: User, flow: SwapFlow, fromSymbol: string, target: string) {
    const { symbol: toSymbol, owner } = parseSwapTarget(target);
    // A wallet id names the member's own wallet; anyone else's is not theirs to name.
    if (owner !== null && owner !== me.id) throw notFound();
    const [from, to] = await Promise.all([side(fromSymbol, 'coinSymbol'), side(toSymbol, 'to')]);
    const refuse = (message: string, code: ErrorCode) => badRequest(message, code, { to: message });
    if (from.symbol === to.symbol) throw refuse(messages.swapSameToken, 'SAME_TOKEN');
    if (isLegacy(to)) throw refuse(messages.swapTargetLegacy, 'TARGET_LEGACY');
    if (isLegacy(from) && flow !== 'legacy') {
      throw badRequest(messages.legacySwapsByRequest, 'SWAP_REQUEST_REQUIRED', {
        coinSymbol: messages.legacySwapsByRequest,
      });
    }
    const offered =
      flow === 'crypto'
        ? from.kind === 'coin' && isTokenOf(to, 'liquidity')
        : flow === 'assets'
          ? isTokenOf(from, 'asset', 'liquidity') &&
            isTokenOf(to, 'asset', 'liquidity') &&
            (isTokenOf(from, 'asset') || isTokenOf(to, 'asset'))
          : isLegacy(from) && isTokenOf(to, 'asset', 'liquidity');
    if (!offered) throw refuse(messages.swapPairNotOffered, 'PAIR_NOT_OFFERED');
    return { from, to };
  }

  async function prices(from: string, to: string) {
    const [fromPrice, toPrice] = await Promise.all([catalogue.price(from), catalogue.price(to)]);
    // Both were just found in the catalogue, whose rows are never removed.
    return { fromPrice: fromPrice!, toPrice: toPrice! };
  }

  async function currentSpreadBps() {
    return spreadBps(await spread());
  }

  /** The spread in effect (a stored value that is not one, which the admin route never writes, is logged). */
  async function spread(): Promise<string> {
    const stored = String((await settings.all()).swapSpreadPercent);
    if (SWAP_SPREAD_PATTERN.test(stored)) return stored;
    ctx.log.error({ stored }, 'swap spread setting is not a percentage; using the default');
    return DEFAULT_SWAP_SPREAD_PERCENT;
  }

  /** Refuses an amount the member does not hold (advisory: the ledger's CHECK decides at the write). */
  async function assertAffordable(me: User, asset: string, amount: string) {
    const balance = (await ledger.balances(me.id, [asset]))[asset] ?? '0';
    if (compare(balance, amount) < 0) throw insufficientBalance();
  }

  async function quote(me: User, flow: SwapFlow, query: SwapRateQuery): Promise<{ data: SwapQuote }> {
    assertActivated(me);
    const { from, to } = await pairOf(me, flow, query.from, query.to);
    assertFitsDecimals(from, query.amount);
    const amount = normalize(query.amount);
    const [current, bps] = await Promise.all([prices(from.symbol, to.symbol), currentSpreadBps()]);
    const priced = priceSwap(amount, { ...current, spreadBps: bps, toDecimals: to.decimals });
    if (!isPositive(priced.receiveAmount)) {
      throw badRequest(messages.swapTooSmall, 'SWAP_TOO_SMALL', { amount: messages.swapTooSmall });
    }
    const rates = swapRates({ ...current, spreadBps: bps });
    const expires = Date.now() + LIMITS.swapQuoteSeconds * 1000;
    const payload: QuotePayload = {
      v: 1,
      u: me.id,
      fl: flow,
      f: from.symbol,
      t: to.symbol,
      a: amount,
      pf: current.fromPrice,
      pt: current.toPrice,
      s: bps,
      g: priced.grossAmount,
      fe: priced.fee,
      r: priced.receiveAmount,
      rt: rates.rate,
      x: expires,
    };
    return {
      data: {
        quoteId: signer.sign(payload),
        expiresAt: new Date(expires).toISOString(),
        flow,
        from: from.symbol,
        to: to.symbol,
        amount,
        ...current,
        ...rates,
        spreadPercent: spreadPercent(bps),
        ...priced,
        byRequest: byRequest(me, from),
      },
    };
  }

  /**
   * A swap (or swap request) body checked in order: activation, the pair, the amount's decimals, the
   * balance, then the quote: this member's, for exactly this swap, not expired, and the rate not moved
   * beyond the spread since (prices are read now, after everything else).
   */
  async function checked(me: User, flow: SwapFlow, body: SwapBody): Promise<CheckedSwap> {
    assertActivated(me);
    const { from, to } = await pairOf(me, flow, body.coinSymbol, body.to);
    assertFitsDecimals(from, body.amount);
    const amount = normalize(body.amount);
    await assertAffordable(me, from.symbol, amount);
    const quote = signer.verify(body.quoteId);
    if (!quote || quote.u !== me.id || quote.fl !== flow || quote.f !== from.symbol || quote.t !== to.symbol) {
      throw badRequest(messages.swapQuoteInvalid, 'QUOTE_INVALID');
    }
    if (quote.a !== amount) throw badRequest(messages.swapQuoteInvalid, 'QUOTE_INVALID');
    if (Date.now() > quote.x) throw conflict(messages.swapQuoteExpired, 'QUOTE_EXPIRED');
    const now = await prices(from.symbol, to.symbol);
    if (rateMovedBeyond({ fromPrice: quote.pf, toPrice: quote.pt }, now, quote.s)) {
      throw conflict(messages.swapPriceMoved, 'PRICE_MOVED');
    }
    return { flow, from, to, amount, quote, quoteId: body.quoteId };
  }

  /**
   * Success texts (spec 2 §4, §8): a crypto swap 'Token Swap successfully' (the screen shows "You have
   * successfully acquired CQR Dollars"); an asset swap 'Assets swap successfully' between two asset tokens,
   * 'Swap successfully done' when one side is a liquidity token.
   */
  const swapMessage = (s: CheckedSwap) =>
    s.flow === 'crypto'
      ? messages.tokenSwapDone
      : isTokenOf(s.from, 'asset') && isTokenOf(s.to, 'asset')
        ? messages.assetsSwapDone
        : messages.swapDone;

  async function swap(
    me: User,
    flow: 'crypto' | 'assets',
    body: SwapBody,
    idempotency?: { key: string; requestHash: string },
  ): Promise<SwapResponse> {
    const key = idempotency && { userId: me.id, ...idempotency };
    // A repeat gets the first answer, even once the quote has expired (the swap happened).
    const first = key && (await ledger.replay<SwapResponse>(key));
    if (first) return first;
    if (me.type === 'sdira') throw forbidden(messages.sdiraSwapsByRequest, 'SWAP_REQUEST_REQUIRED');
    const s = await checked(me, flow, body);
    // The answer is stored with the key: a repeat gets exactly this.
    const answer = await ledger.transact(
      async (tx): Promise<SwapResponse> => {
        const { entryId } = await tx.post({
          kind: 'swap',
          legs: swapLegs(me.id, {
            from: s.from.symbol,
            to: s.to.symbol,
            amount: s.amount,
            gross: s.quote.g,
            fee: s.quote.fe,
          }),
          createdBy: me.id,
          metadata: { logType: swapLogType(flow), rate: s.quote.rt, quoteId: quoteName(s.quoteId) },
          // The member's open screens (another tab, another device) refresh their balances.
          events: [ctx.events.row('walletUpdated', { userId: me.id, email: me.email })],
        });
        const data = {
          entryId,
          from: s.from.symbol,
          to: s.to.symbol,
          amount: s.amount,
          receiveAmount: s.quote.r,
          fee: s.quote.fe,
          rate: s.quote.rt,
        };
        return { message: swapMessage(s), data };
      },
      { key },
    );
    return answer;
  }

  /**
   * validate-swap: whether the member may make this swap now, as a status and the message a refusal would
   * carry (the asset swap asks it before confirming). Never an error for what a swap would refuse.
   */
  async function validate(
    me: User,
    query: { flow: SwapFlow; from?: string | undefined; to?: string | undefined; amount?: string | undefined },
  ) {
    try {
      assertActivated(me);
      const pair = query.from && query.to ? await pairOf(me, query.flow, query.from, query.to) : null;
      if (query.amount !== undefined) {
        const parsed = swapAmount(invalidAmountMessage(query.flow)).safeParse(query.amount);
        if (!parsed.success) return { status: false, message: parsed.error.issues[0]!.message };
        if (pair) {
          assertFitsDecimals(pair.from, parsed.data);
          await assertAffordable(me, pair.from.symbol, normalize(parsed.data));
        }
      }
      return { status: true, message: messages.swapAllowed };
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return { status: false, message: error.message };
      throw error;
    }
  }

  return {
    quote,
    swap,
    validate,

    /**
     * A swap request's body checked like a swap (the quote's flow names the screen it came from); refused to
     * members whose swap would not be a request (they swap at once).
     */
    async checkRequest(me: User, body: SwapRequestBody): Promise<CheckedSwap> {
      const flow = signer.verify(body.quoteId)?.fl ?? (body.requestType === 'legacy' ? 'legacy' : 'assets');
      const s = await checked(me, flow, body);
      if (!byRequest(me, s.from)) throw badRequest(messages.swapRequestsNotNeeded, 'SWAP_NOT_A_REQUEST');
      return s;
    },

    /** The spread in percent, as members see it before confirming. */
    spread,

    /**
     * Back office: sets the spread of every later quote (quotes already given keep theirs); audited with the
     * spread it replaces (as read just before).
     */
    async setSpread(actor: User, percent: string) {
      const value = normalize(percent);
      const previous = await spread();
      await ctx.db.transaction(async (tx) => {
        await settings.set('swapSpreadPercent', value, tx);
        await audit(tx, actor, 'settings.swapSpread', null, { swapSpreadPercent: value, previous });
      });
      return { message: messages.swapSpreadUpdated, data: { swapSpreadPercent: value } };
    },
  };
}

export type SwapService = ReturnType<typeof swapService>;
