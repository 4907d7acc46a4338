import type { CategoryKey } from './portfolio';

/**
 * Where each wallet action leads (spec 2 §2 "Wallet list" and "Token detail", §6): one place for the rules.
 * Redeem, Swap, Exchange and Withdrawal need an activated vault; members without one go to /error.
 */

export type Member = { isWalletActivated: boolean; sdira: boolean; type: string };

export type ActionTarget =
  | { kind: 'navigate'; to: string; state?: Record<string, unknown> }
  /** Non-sdira Redeem first asks which rails: CoinQvest (/withdrawal) or Direct wire (/withdrawal-directwire). */
  | { kind: 'redeemChoice'; coin: string };

export type WalletAction = { label: string; target: ActionTarget };

/**
 * Self-directed (sdira) members: their sends wait for an administrator (spec 2 §1, §4 "Sdira requests"),
 * so they send by request, and only platform tokens. The one test of it for every screen.
 */
export const isSdira = (member: Member) => member.sdira || member.type === 'sdira';

/** What the Send action is called for this member: sdira members send by request. */
export const sendLabel = (member: Member) => (isSdira(member) ? 'Send Request' : 'Send');

const go = (to: string, state?: Record<string, unknown>): ActionTarget => ({ kind: 'navigate', to, state });

/** The screen, or /error when the vault is not activated yet. */
const gated = (member: Member, to: string, state?: Record<string, unknown>): ActionTarget =>
  member.isWalletActivated ? go(to, state) : go('/error');

/**
 * The dashboard's four buttons: Withdrawal, Top-Up, Send (Send Request for sdira members), Swap. The first
 * is the prominent one. Before activation the member's next step leads: Top-Up, then Send; Swap and
 * Withdrawal, which need an activated vault, come last. Top-Up opens the purchase flow (/vault-token) for
 * everyone: before activation it shows Member Activation, after it Get CQR Dollars or Get assets (issue 12).
 */
export function dashboardActions(member: Member): WalletAction[] {
  const withdrawal: WalletAction = { label: 'Withdrawal', target: gated(member, '/withdrawal') };
  const topUp: WalletAction = { label: 'Top-Up', target: go('/vault-token') };
  const send: WalletAction = { label: sendLabel(member), target: go('/Send') };
  const swap: WalletAction = { label: 'Swap', target: gated(member, '/crypto-swap') };
  return member.isWalletActivated ? [withdrawal, topUp, send, swap] : [topUp, send, swap, withdrawal];
}

/**
 * The token detail's actions, by the wallet's type (spec 2 §2):
 * - liquidity and crypto: Top-Up, Send, Swap;
 * - asset: Top-Up, Send, Redeem, Swap, Exchange;
 * - legacy (sdira) wallets of sdira members: Send Request, Swap Request, Top-Up Request, Redeem (direct wire).
 * What an sdira member does by request is named so: Send is Send Request on every wallet, and their crypto
 * wallets have no Send (requests move platform tokens only). Anyone else holding a legacy token gets only
 * what works for them: Send, Swap Request (legacy tokens swap by request) and Redeem (direct wire, as for
 * every legacy token).
 * Opportunity holdings have their own screen, not this one.
 */
export function walletActions(
  category: Exclude<CategoryKey, 'opportunity'>,
  coin: string,
  member: Member,
): WalletAction[] {
  const state = { coin };
  const sdira = isSdira(member);
  const send: WalletAction = { label: sendLabel(member), target: go('/Send', state) };
  const directWire: WalletAction = { label: 'Redeem', target: gated(member, '/withdrawal-directwire', state) };

  switch (category) {
    case 'liquidity':
      return [
        { label: 'Top-Up', target: go('/liquidity-tokens', state) },
        send,
        { label: 'Swap', target: gated(member, '/crypto-swap', state) },
      ];
    case 'crypto':
      return [
        { label: 'Top-Up', target: go('/DepositAddress', state) },
        ...(sdira ? [] : [send]),
        { label: 'Swap', target: gated(member, '/crypto-swap', state) },
      ];
    case 'asset':
      return [
        { label: 'Top-Up', target: go('/cqr-asset-tokens', state) },
        send,
        // Non-sdira members choose the rails; sdira members redeem by direct wire only (spec 2 §2).
        sdira
          ? directWire
          : { label: 'Redeem', target: member.isWalletActivated ? { kind: 'redeemChoice', coin } : go('/error') },
        { label: 'Swap', target: gated(member, '/assets-swap', state) },
        // Exchange lists the token on the member marketplace (never offered for the 1 USD liquidity token).
        // The mode and token ride in the address, so a reload of the sell listing shows the same form.
        {
          label: 'Exchange',
          target: gated(member, `/silent-wave?mode=sell&coin=${encodeURIComponent(coin)}`, { ...state, mode: 'sell' }),
        },
      ];
    case 'legacy': {
      // Legacy tokens are swapped by request whoever holds them (issue 10 §5).
      const swapRequest: WalletAction = { label: 'Swap Request', target: gated(member, '/legacy-swap', state) };
      if (!sdira) return [send, swapRequest, directWire];
      return [send, swapRequest, { label: 'Top-Up Request', target: go('/cqr-asset-tokens', state) }, directWire];
    }
  }
}
