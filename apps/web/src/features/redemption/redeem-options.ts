import { fillMessage, messages } from '@vault/contract/messages';
import { compare, isAmount, isPositive } from '@vault/contract/money';
import { overBalance, type RedeemNetwork } from '@vault/contract/schemas/redemption';
import type { UserInfo } from '@vault/contract/schemas/user';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { TARGET_ACCOUNT_FIELDS, TARGET_NETWORKS, type TargetNetwork } from '@vault/contract/target-accounts';

/**
 * The redeem screens' rules that need no React (spec 2 §2 Redeem, §5 Crypto redeem and Direct wire redeem):
 * which wallets each screen offers, what the amount field says before anything is sent, the target
 * account's fields per network, the history's text limits. The server decides again on every request.
 */

/** The two rails: COINQVEST (crypto, PIX, bank, Stellar; /withdrawal) and direct wire (/withdrawal-directwire). */
export type RedeemRail = 'crypto' | 'directWire';

/** sdira members redeem by direct wire only (spec 2 §2), as every screen tells them apart. */
export const isSdiraMember = (user: Pick<UserInfo, 'sdira' | 'type'>) => user.sdira || user.type === 'sdira';

/**
 * The wallets a rail redeems: through COINQVEST the liquidity and asset tokens; by direct wire those and the
 * self-directed retirement (sdira) tokens, which are redeemed by wire only.
 */
export function redeemableWallets(wallets: NativeWallet[], rail: RedeemRail): NativeWallet[] {
  const types: NativeWallet['type'][] = rail === 'crypto' ? ['liquidity', 'asset'] : ['liquidity', 'asset', 'sdira'];
  return wallets.filter((w) => types.includes(w.type));
}

/** The wallet the screen starts with: the one a wallet action named, else the first with a balance. */
export function initialWallet(wallets: NativeWallet[], coin: string | undefined): NativeWallet | undefined {
  return (
    wallets.find((w) => w.coinSymbol === coin) ??
    wallets.find((w) => isAmount(w.balance) && isPositive(w.balance)) ??
    wallets[0]
  );
}

/** 'November 24th 2027' style date of the next lot that qualifies (the member's own time zone). */
export const nextLotDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * What is wrong with an amount that the schema accepts, before the server is asked: 'Insufficient Balance'
 * when it is at or above the balance (COINQVEST, spec 2 §5 Crypto redeem) or above it (direct wire, §5 Direct
 * wire redeem); for asset and legacy tokens, more than has been held 1 year and 1 day (the server's words).
 * Null when nothing is wrong or the amount is not an amount yet (the schema says so).
 */
export function amountProblem(
  amount: string,
  wallet: Pick<NativeWallet, 'balance' | 'redeemable' | 'coinSymbol'> | undefined,
  rail: RedeemRail,
): string | null {
  const value = amount.trim();
  if (!wallet || !isAmount(value) || !isPositive(value) || !isAmount(wallet.balance)) return null;
  if (overBalance(rail, value, wallet.balance)) return messages.redeemInsufficientBalance;
  const redeemable = wallet.redeemable;
  if (redeemable && isAmount(redeemable.amount) && compare(value, redeemable.amount) > 0) {
    return fillMessage(messages.redeemNotMatured, {
      redeemable: redeemable.amount,
      symbol: wallet.coinSymbol,
      next: redeemable.nextOn ? fillMessage(messages.redeemNextLot, { date: nextLotDate(redeemable.nextOn) }) : '',
    });
  }
  return null;
}

/** The networks of GET /coinqvest/networks that this app has a form for, in the answer's order. */
export const knownNetworks = (networks: RedeemNetwork[]) =>
  networks.filter((n): n is RedeemNetwork & { code: TargetNetwork } =>
    (TARGET_NETWORKS as readonly string[]).includes(n.code),
  );

export type TargetField = (typeof TARGET_ACCOUNT_FIELDS)[TargetNetwork][number];

/** Each target-account field's label and hint (spec 2 §4 Target-network forms). */
export const FIELD_TEXT: Record<TargetField, { label: string; hint?: string; optional?: boolean }> = {
  address: { label: 'Address' },
  pixKey: { label: 'PIX key', hint: 'A CPF, CNPJ, e-mail, phone number starting with +55 or random key.' },
  taxId: { label: 'Tax ID', hint: 'The CPF or CNPJ of the account holder.' },
  cbu: { label: 'CBU', hint: 'The 22 digits of the Argentine bank account.' },
  cuitPersonal: { label: 'Personal CUIT/CUIL', hint: '11 digits.' },
  cuitCompany: { label: 'Company CUIT', optional: true, hint: 'When the account belongs to a company.' },
  account: { label: 'Stellar account', hint: 'The public key: 56 characters starting with G.' },
  asset: { label: 'Stellar asset', hint: 'An asset code such as USDC, or CODE:ISSUER.' },
  memoType: { label: 'Memo type', optional: true },
  memo: { label: 'Memo', optional: true, hint: 'When the receiving account asks for one (an exchange, a custodian).' },
};

/** The address field's label per network: what the member pastes. */
export const ADDRESS_LABEL: Record<TargetNetwork, string> = {
  BITCOIN: 'Bitcoin address',
  ETHEREUM: 'Ethereum address',
  LITECOIN: 'Litecoin address',
  LIGHTNING: 'Lightning invoice or address',
  STELLAR: 'Address',
  PIX: 'Address',
  BANK: 'Address',
};

/** An empty target account for a network: every field of its form, blank. */
export const emptyAccount = (network: TargetNetwork): Record<string, string> =>
  Object.fromEntries(TARGET_ACCOUNT_FIELDS[network].map((f) => [f, f === 'memoType' ? 'text' : '']));

/** Spec 2 §9: a rejection reason is cut at 40 characters in lists; the whole text is there on demand. */
export const REASON_CUT = 40;
export const isCut = (reason: string) => reason.length > REASON_CUT;
export const cutReason = (reason: string) => (isCut(reason) ? `${reason.slice(0, REASON_CUT)}…` : reason);

/** How many history rows a page shows. */
export const HISTORY_PAGE_SIZE = 10;
