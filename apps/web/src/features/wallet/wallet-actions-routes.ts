import type { CategoryKey } from './portfolio';

/**
 * Where each wallet action leads (spec 2 §2 "Wallet list" and "Token detail", §6): one place for the rules.
 * Redeem, Swap, Exchange and Withdrawal need an activated vault; members without one go to /error.
 * Members of type sdira act by request: Send Request, Swap Request, Top-Up Request, Redeem (direct wire).
 */

export type Member = { isWalletActivated: boolean; sdira: boolean; type: string };

export type ActionTarget =
  | { kind: 'navigate'; to: string; state?: Record<string, unknown> }
  /** Non-sdira Redeem first asks which rails: CoinQvest (/withdrawal) or Direct wire (/withdrawal-directwire). */
  | { kind: 'redeemChoice'; coin: string };

export type WalletAction = { label: string; target: ActionTarget };

export const isSdira = (member: Member) => member.sdira || member.type === 'sdira';

const go = (to: string, state?: Record<string, unknown>): ActionTarget => ({ kind: 'navigate', to, state });

/** The screen, or /error when the vault is not activated yet. */
const gated = (member: Member, to: string, state?: Record<string, unknown>): ActionTarget =>
  member.isWalletActivated ? go(to, state) : go('/error');

/** The dashboard's four buttons: Withdrawal, Top-Up, Send, Swap. */
export function dashboardActions(member: Member): WalletAction[] {
  return [
    { label: 'Withdrawal', target: gated(member, '/withdrawal') },
    // Before activation the Send screen holds the deposit instructions for activating; afterwards, deposit addresses.
    { label: 'Top-Up', target: member.isWalletActivated ? go('/DepositAddress') : go('/Send') },
    { label: 'Send', target: go('/Send') },
    { label: 'Swap', target: gated(member, '/crypto-swap') },
  ];
}

/** The token detail's actions for one wallet. Opportunity holdings have their own screen, not this one. */
export function walletActions(category: Exclude<CategoryKey, 'opportunity'>, coin: string, member: Member) {
  const state = { coin };
  const topUpScreen = category === 'liquidity' ? '/liquidity-tokens' : '/cqr-asset-tokens';
  if (isSdira(member)) {
    return [
      { label: 'Send Request', target: go('/Send', state) },
      { label: 'Swap Request', target: gated(member, '/legacy-swap', state) },
      { label: 'Top-Up Request', target: go(topUpScreen, state) },
      // sdira redeems go straight to direct wire (spec 2 §2).
      { label: 'Redeem', target: gated(member, '/withdrawal-directwire', state) },
    ] satisfies WalletAction[];
  }
  if (category === 'asset' || category === 'legacy') {
    return [
      { label: 'Top-Up', target: go(topUpScreen, state) },
      { label: 'Send', target: go('/Send', state) },
      { label: 'Redeem', target: member.isWalletActivated ? { kind: 'redeemChoice', coin } : go('/error') },
      { label: 'Swap', target: gated(member, '/assets-swap', state) },
      // Exchange lists the token on the member marketplace; the 1 USD liquidity token never gets here.
      { label: 'Exchange', target: gated(member, '/silent-wave', { ...state, mode: 'sell' }) },
    ] satisfies WalletAction[];
  }
  return [
    { label: 'Top-Up', target: category === 'crypto' ? go('/DepositAddress', state) : go(topUpScreen, state) },
    { label: 'Send', target: go('/Send', state) },
    { label: 'Swap', target: gated(member, '/crypto-swap', state) },
  ] satisfies WalletAction[];
}
