import { messages } from '../messages.ts';
import { compare, toUnits } from '../money.ts';
import { MAX_SWAP_SPREAD_PERCENT, SWAP_SPREAD_PATTERN } from '../swap-pricing.ts';
import { z } from '../zod.ts';
import { assetSymbol, decimalsMessage } from './ledger.ts';

/**
 * Swaps (spec 2 §2 "Swaps", §4, §5 "Swap", §7, §8; issue 10 §5). The platform's treasury is the
 * counterparty, at the catalogue's prices less a spread set by administrators. Three screens, three flows:
 * - crypto (/crypto-swap): a cryptocurrency into CQR Dollars (liquidity tokens);
 * - assets (/assets-swap): between asset tokens, or between an asset token and a liquidity token;
 * - legacy (/legacy-swap): a legacy (sdira) token into a liquidity or asset token, always by request.
 * sdira members swap by request in every flow; nothing is ever swapped INTO a legacy token.
 */

export const SWAP_FLOWS = ['crypto', 'assets', 'legacy'] as const;
export type SwapFlow = (typeof SWAP_FLOWS)[number];
export const swapFlow = z.enum(SWAP_FLOWS);

/** Sends and swaps go up to 1e8 tokens (spec 2 §9). */
const MAX_UNITS = 10n ** 16n;

/**
 * An amount as typed on a swap screen (spec 2 §5 "Swap"): empty 'Please enter amount', 0 'Amount cannot be
 * zero', negative or not a number `invalid` ('Invalid amount'; the asset swap says 'Please enter valid
 * amount'), at most 8 decimals and 1e8. Travels as a decimal string.
 */
export const swapAmount = (invalid: string = messages.invalidAmount) =>
  z
    .string({ error: messages.swapEnterAmount })
    .trim()
    .min(1, messages.swapEnterAmount)
    .max(40, invalid)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
      if (!match) return fail(invalid);
      if ((match[2]?.length ?? 0) > 8) return fail(decimalsMessage(8));
      if (match[1]!.length > 9 || toUnits(value) > MAX_UNITS) return fail('max 8 number required');
      if (toUnits(value) === 0n) return fail(messages.swapAmountZero);
    });

/** The message for an amount that is not one, by flow: the asset swap words it its own way (spec 2 §5). */
export const invalidAmountMessage = (flow: SwapFlow) =>
  flow === 'assets' ? messages.assetSwapInvalidAmount : messages.invalidAmount;

/**
 * What the member wants: a token's symbol, or their wallet id of it (`<member id>:<symbol>`, the
 * `walletId` of a native wallet; spec 2 §7 names the target by wallet id).
 */
export const swapTarget = z
  .string()
  .trim()
  .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:)?[A-Z0-9]{1,12}$/, messages.invalidRequest);

/** The symbol a target names (a symbol, or a wallet id's symbol) and the member a wallet id names, if any. */
export function parseSwapTarget(to: string): { symbol: string; owner: string | null } {
  const at = to.lastIndexOf(':');
  return at < 0 ? { symbol: to, owner: null } : { symbol: to.slice(at + 1), owner: to.slice(0, at) };
}

/** The swap form of a flow (I have, I want, amount): the screens validate with it, the routes extend it. */
export const swapForm = (flow: SwapFlow) =>
  z.object({
    coinSymbol: assetSymbol,
    to: swapTarget,
    amount: swapAmount(invalidAmountMessage(flow)),
  });
export type SwapForm = z.infer<ReturnType<typeof swapForm>>;

/** The signed quote a swap pays (from the rates route); at most this long. */
const quoteId = z.string().min(1, messages.swapQuoteInvalid).max(1000, messages.swapQuoteInvalid);

/** POST native-wallet/swap and native-wallet/assets-swap: the form and the quote being confirmed. */
export const swapBody = (flow: SwapFlow) => swapForm(flow).extend({ quoteId });
export type SwapBody = z.infer<ReturnType<typeof swapBody>>;

/**
 * POST request/create-swap-request (spec 1 §3 "Swap request": from coin, to coin, amount, requestType legacy
 * or empty): the same as a swap, decided by an administrator. `requestType` is informative: a request whose
 * given token is a legacy token is a legacy request whatever it says.
 */
export const swapRequestBody = swapBody('legacy').extend({
  requestType: z.enum(['legacy', '']).optional(),
});
export type SwapRequestBody = z.infer<typeof swapRequestBody>;

/** native-token/rates/{flow}/swap?from&to&amount (the screens ask for amount 1 to show the rate). */
export const swapRateQuery = z.object({
  from: assetSymbol,
  to: swapTarget,
  amount: swapAmount().default('1'),
});
export type SwapRateQuery = z.infer<typeof swapRateQuery>;
export const swapRateParams = z.object({ flow: swapFlow });

const decimal = z.string();

/** A firm quote: the price the swap pays if confirmed before `expiresAt` (and the market stays within the spread). */
export const swapQuote = z.object({
  /** Signed by the server; POST it back with the same from, to and amount. */
  quoteId: z.string(),
  expiresAt: z.string(),
  flow: swapFlow,
  from: z.string(),
  to: z.string(),
  amount: decimal,
  /** USD prices of one unit of each, from the catalogue. */
  fromPrice: decimal,
  toPrice: decimal,
  /** Units of `to` per unit of `from` at the catalogue's prices, and after the spread. */
  marketRate: decimal,
  rate: decimal,
  /** The spread in percent ('0.5'), taken from what is received. */
  spreadPercent: decimal,
  grossAmount: decimal,
  /** The spread in `to`. */
  fee: decimal,
  receiveAmount: decimal,
  /** Confirming makes a request an administrator decides (sdira members, legacy tokens). */
  byRequest: z.boolean(),
});
export type SwapQuote = z.infer<typeof swapQuote>;
export const swapQuoteResponse = z.object({ data: swapQuote });

/** A swap done: the journal entry and what moved. */
export const swapResponse = z.object({
  message: z.string(),
  data: z.object({
    entryId: z.string(),
    from: z.string(),
    to: z.string(),
    amount: decimal,
    receiveAmount: decimal,
    fee: decimal,
    rate: decimal,
  }),
});
export type SwapResponse = z.infer<typeof swapResponse>;

/** A swap request made: its id (the amount given now waits on a hold). */
export const swapRequestCreated = z.object({ message: z.string(), data: z.object({ requestId: z.string() }) });

/**
 * GET native-wallet/validate-swap (spec 2 §4: the asset swap asks it first and shows its message when the
 * status is false). Without from/to/amount it answers whether the member may swap at all in the flow.
 */
export const validateSwapQuery = z.object({
  flow: swapFlow.default('assets'),
  from: assetSymbol.optional(),
  to: swapTarget.optional(),
  amount: z.string().max(40).optional(),
});
export const validateSwapResponse = z.object({ status: z.boolean(), message: z.string() });

/** Back office: the spread of every swap, in percent (default 0.5). */
export const swapSpreadBody = z.object({
  swapSpreadPercent: z
    .string({ error: messages.swapSpreadInvalid })
    .trim()
    .regex(SWAP_SPREAD_PATTERN, messages.swapSpreadInvalid)
    // zod runs a refinement even when the pattern failed: it checks the pattern again before comparing.
    .refine(
      (value) => SWAP_SPREAD_PATTERN.test(value) && compare(value, MAX_SWAP_SPREAD_PERCENT) <= 0,
      messages.swapSpreadInvalid,
    ),
});
export const swapSpreadResponse = z.object({
  message: z.string(),
  data: z.object({ swapSpreadPercent: decimal }),
});
