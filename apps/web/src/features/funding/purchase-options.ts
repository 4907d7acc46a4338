import type { PurchaseTerms } from '@vault/contract/schemas/funding';
import type { NativeToken } from '@vault/contract/schemas/site';
import type { UserInfo } from '@vault/contract/schemas/user';
import { z } from 'zod';

/**
 * The purchase flow's rules in one place (spec 2 §2 Funding screens, §4 Purchase and settlement): which
 * tokens each screen offers, which settlement methods the dialog offers, and what /direct-wire receives.
 */

/** The dollar token (1 CQR Dollar = 1 USD): the catalogue's liquidity token, Q when there are several. */
export const DOLLAR_SYMBOL = 'Q';

/** sdira members (self-directed IRA accounts) deposit by request (spec 2 §1). */
export const isSdiraMember = (user: Pick<UserInfo, 'sdira' | 'type'>) => user.sdira || user.type === 'sdira';

export function dollarToken(tokens: NativeToken[]): NativeToken | undefined {
  const liquidity = tokens.filter((t) => t.type === 'liquidity');
  return liquidity.find((t) => t.coinSymbol === DOLLAR_SYMBOL) ?? liquidity[0];
}

/** Get assets: the asset tokens shown on the web; an sdira member's own (sdira) tokens too. */
export const assetTokens = (tokens: NativeToken[], sdira: boolean) =>
  tokens.filter((t) => t.type === 'asset' || (sdira && t.type === 'sdira'));

/** The asset-type IRA flow: an sdira member buying an sdira token (spec 2 §2). */
export const isIraFlow = (sdira: boolean, tokenType: PurchaseTerms['type']) => sdira && tokenType === 'sdira';

export const SETTLEMENT_METHODS = {
  directWire: 'Direct wire',
  goCardless: 'Go cardless',
  coinqvest: 'COINQVEST',
  paypal: 'PayPal',
} as const;
export type SettlementMethod = keyof typeof SETTLEMENT_METHODS;

/** Direct wire, Go cardless, COINQVEST, PayPal; the IRA flow has no direct debit (Go cardless). */
export const settlementMethods = (ira: boolean): SettlementMethod[] =>
  ira ? ['directWire', 'coinqvest', 'paypal'] : ['directWire', 'goCardless', 'coinqvest', 'paypal'];

/** What a wire is for: tokens, the contribution that activates the vault, or an sdira legacy deposit. */
export const WIRE_TYPES = ['tokenPurchase', 'walletActivation', 'legacy'] as const;
export type WireType = (typeof WIRE_TYPES)[number];

/**
 * sdira members fund by legacy deposit only, whatever the token (the server refuses their direct wires:
 * 'Legacy accounts are funded by legacy deposit'); the others buy tokens or make the activation contribution.
 */
export const wireType = (activation: boolean, sdira: boolean): WireType =>
  sdira ? 'legacy' : activation ? 'walletActivation' : 'tokenPurchase';

/** The location state of /direct-wire (spec 2 §2: detail, activationAmount, type). */
const directWireState = z.object({
  detail: z.object({
    token: z.string().min(1),
    tokenAmount: z.string().min(1),
    amount: z.string().min(1),
    tokenRate: z.string().min(1),
  }),
  activationAmount: z.string().nullable(),
  type: z.enum(WIRE_TYPES),
});
export type DirectWireState = z.infer<typeof directWireState>;

/** The state, or null when the page was opened without one (a bookmark, a new tab). */
export function readDirectWireState(state: unknown): DirectWireState | null {
  const parsed = directWireState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** What /vault-token says when /direct-wire was opened without a purchase to settle. */
export const NO_PURCHASE_NOTICE = 'Choose what to get and the amount first: the direct wire summary starts from there.';

/** The coin a wallet action put in the location state (the token detail's Top-Up). */
export const coinFromState = (state: unknown): string | undefined => {
  const coin = (state as { coin?: unknown } | null)?.coin;
  return typeof coin === 'string' ? coin : undefined;
};

/** A notice another screen left in the location state. */
export const noticeFromState = (state: unknown): string | undefined => {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
};
