import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { assetSymbol } from './ledger.ts';
import { nativeToken, settings } from './site.ts';
import { gpaData, userInfo } from './user.ts';

/**
 * Wallets, prices and logs as the dashboard, detail, send and activation screens read them (spec 1 §3,
 * spec 2 §3). Every amount, price and USD value is a decimal string; the web app formats, never computes.
 */

const decimal = z.string();

/** A member's wallet of one platform token (spec 2 §3 "Native wallet / token"). */
export const nativeWallet = nativeToken.extend({
  blockchain: z.string(),
  /** The member's wallet of this token: `${userId}:${coinSymbol}`. */
  walletId: z.string(),
  /**
   * The member's vault address for this token, shown with the deposit instructions and QR code. It names
   * the wallet; tokens move between members by e-mail, and deposits are credited by the platform.
   */
  address: z.string(),
  balance: decimal,
  /** Held for a pending request (sdira sends): not spendable, not part of `balance`. */
  onHold: decimal,
  /** balance × price, exactly, to the cent. */
  USD: decimal,
  marketData: z.object({ rate: decimal }),
  /**
   * Asset and legacy tokens: how much has been held 1 year and 1 day and can be redeemed now, and when the
   * next lot matures (ISO date, null when none is waiting). Null for tokens without a holding period.
   */
  redeemable: z.object({ amount: decimal, nextOn: z.string().nullable() }).nullable(),
});
export type NativeWallet = z.infer<typeof nativeWallet>;

/** An ordinary cryptocurrency wallet with market data (spec 1 §3 "Crypto wallet"). */
export const cryptoWallet = z.object({
  _id: z.string(),
  name: z.string(),
  coinSymbol: z.string(),
  decimals: z.number().int(),
  orderIndex: z.number().int(),
  icon: z.object({ url: z.string() }),
  coinColor: z.string(),
  isErc20: z.boolean(),
  isBep20: z.boolean(),
  /**
   * Where the member deposits this coin: their own address at the crypto provider (decision 0013 "Crypto
   * deposits"); '' when they have none yet (POST coinqvest/deposit-address makes it); the platform's address
   * for a coin the provider gives no address for, or when the provider is off.
   */
  address: z.string(),
  balance: decimal,
  /** balance × rate in USD, to the cent. */
  total: decimal,
  marketData: z.object({
    rate: decimal,
    /** Percent change against the last recorded price at least 24 hours old, 4 decimals. */
    changePercentage24h: decimal,
    totalVolume: decimal,
    marketCap: decimal,
  }),
});
export type CryptoWallet = z.infer<typeof cryptoWallet>;

/** Opportunity token holdings (spec 1 §3); the tokens themselves arrive with the marketplace issue. */
export const nftWallet = z.object({
  /** The pool's id (the Opportunity Ledger asks transaction-log/user/logs?nftTokenId= with it). */
  _id: z.string(),
  /** The pool's ledger asset, `nft:<pool id>`. */
  nftToken: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  balance: decimal,
  pricePerShare: decimal,
  dueDate: z.string().nullable(),
  createdAt: z.string(),
});
export type NftWallet = z.infer<typeof nftWallet>;

/** A coin accepted for vault activation and how much of it is needed (21 silver tokens' worth). */
export const activationAsset = z.object({
  coinSymbol: z.string(),
  name: z.string(),
  icon: z.object({ url: z.string() }),
  decimals: z.number().int(),
  /** Deposit address shown with its QR code: as the crypto wallet's `address` for a coin (possibly ''). */
  address: z.string(),
  /** USD price of one unit. */
  rate: decimal,
  /** Units of this coin worth 21 silver tokens, rounded up to the coin's decimals. */
  requiredAmount: decimal,
  /** The member's balance of this coin. */
  balance: decimal,
});
export type ActivationAsset = z.infer<typeof activationAsset>;

/** POST coinqvest/deposit-address: the member's own deposit address for a coin, made on first ask. */
export const depositAddressBody = z.object({ coinSymbol: assetSymbol });
export type DepositAddressBody = z.infer<typeof depositAddressBody>;
export const depositAddress = z.object({
  coinSymbol: z.string(),
  /** The provider's network: BITCOIN, ETHEREUM, LITECOIN. */
  network: z.string(),
  address: z.string(),
  /** '' unless the network shares one address among members (then the memo names the member). */
  memo: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddress>;

/** The dashboard's data in one answer (spec 1 §3 "Currency info"). */
export const currencyInfo = z.object({
  wallets: z.array(cryptoWallet),
  nativeWallets: z.array(nativeWallet),
  nftWallets: z.array(nftWallet),
  user: userInfo,
  gpaData: gpaData,
  settings,
  assetsForWalletsActivation: z.array(activationAsset),
});
export type CurrencyInfo = z.infer<typeof currencyInfo>;

/** wallet/updateWalletBalances: fresh balances of every wallet. */
export const walletBalances = z.object({ wallets: z.array(cryptoWallet), nativeWallets: z.array(nativeWallet) });
export type WalletBalances = z.infer<typeof walletBalances>;

export const rateResponse = z.object({ price: decimal });

/** native-token/rates/activation?type=required&from=&activationType=: the amount of `from` needed. */
export const activationRateQuery = z.object({
  type: z.literal('required').default('required'),
  from: assetSymbol.default('Q'),
  activationType: z.enum(['fiat', 'token']).default('fiat'),
});
export const activationRateResponse = z.object({ coinSymbol: z.string(), amount: decimal, usd: decimal });

export const SPARKLINE_RANGES = [1, 7, 30, 90] as const;
export const pricePoint = z.object({ time: z.string(), price: decimal });
export type PricePoint = z.infer<typeof pricePoint>;
/** coin/sparklines/{id}: recorded prices per range (spec 2 §3 "Graph data"). */
export const sparklines = z.object({
  spark_line_1_day: z.array(pricePoint),
  spark_line_7_day: z.array(pricePoint),
  spark_line_30_day: z.array(pricePoint),
  spark_line_90_day: z.array(pricePoint),
});
export type Sparklines = z.infer<typeof sparklines>;

/** Back office: record a new price (native token or crypto coin); it joins the history. */
export const setPriceBody = z.object({
  coinSymbol: assetSymbol,
  price: z
    .string({ error: messages.invalidAmount })
    .trim()
    .regex(/^\d{1,22}(\.\d{1,8})?$/, messages.invalidAmount)
    .refine((v) => /[1-9]/.test(v), messages.invalidAmount),
});
export type SetPriceBody = z.infer<typeof setPriceBody>;

export const activateWalletBody = z.object({ coinSymbol: assetSymbol });
export const activateWalletResponse = z.object({ message: z.string(), user: userInfo });

// ── Transaction logs (spec 2 §3 "Transaction log item", §4 "Transaction list direction") ─────────────

export const LOG_TYPES = [
  'withdraw',
  'withdrawDeposit',
  'wireDeposit',
  'paypalDeposit',
  'coinqvestDeposit',
  'cryptoSwap',
  'assetToAssetSwap',
  'debitAssets',
  'creditAssets',
  'sendAssets',
  'nftAcquire',
  'nftPurchase',
  // A marketplace sale, on the seller's side (issue 17): Exchanged. The buyer's side is nftPurchase.
  'nftExchange',
  'subscriptionPurchase',
  'subscriptionRenew',
  'sheetDebit',
  'sheetCredit',
  'legacyWithdrawDeposit',
  'legacyDeposit',
  'liquidityCredit',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** A party of a log: the caller with their id and name; another member by e-mail only (ids stay private). */
const logParty = z.object({ _id: z.string().nullable(), name: z.string().nullable(), email: z.string() }).nullable();
const logToken = z
  .object({
    coinSymbol: z.string(),
    shortName: z.string(),
    decimals: z.number().int(),
    icon: z.object({ url: z.string() }),
  })
  .nullable();

export const transactionLog = z.object({
  _id: z.string(),
  type: z.enum(LOG_TYPES),
  /** Pending while an administrator has not decided (sdira requests); otherwise completed. */
  status: z.enum(['completed', 'pending', 'rejected', 'expired']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  fromToken: logToken,
  toToken: logToken,
  fromUser: logParty,
  toUser: logParty,
  amount: decimal,
  toAmount: decimal.nullable(),
  memo: z.string().nullable(),
  coin: z.string(),
  message: z.string().nullable(),
  /**
   * Spec 2 §3: the opportunity pool the log is about (its units moved, or Q paid for them); else null. The
   * server always sends it; optional in the type only so older fixtures without it still read.
   */
  nftTokenDetails: z
    .object({ _id: z.string(), name: z.string(), title: z.string(), image: z.string() })
    .nullable()
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionLog = z.infer<typeof transactionLog>;

export const LOG_PAGE_SIZE = 30;
export const logsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LOG_PAGE_SIZE),
  /** deposit: only movements into the member's wallets; withdraw: only out; or one log type. */
  type: z.union([z.enum(['deposit', 'withdraw']), z.enum(LOG_TYPES)]).optional(),
  /** A native token or crypto coin symbol (the wallet's coinSymbol). */
  coinId: assetSymbol.optional(),
  nftTokenId: z.string().uuid().optional(),
});
export type LogsQuery = z.infer<typeof logsQuery>;
export const logsResponse = z.object({ data: z.array(transactionLog), total: z.number().int() });

/** transaction-log/native-token-send: the member's sends, newest first (/token-history). */
export const tokenSend = z.object({
  _id: z.string(),
  email: z.string(),
  direction: z.enum(['sent', 'received']),
  type: z.string(),
  coin: z.string(),
  /** Display decimals (spec 1 §9): a native token's own, DISPLAY_DECIMALS.crypto for crypto coins. */
  decimals: z.number().int(),
  amount: decimal,
  memo: z.string().nullable(),
  status: z.enum(['completed', 'pending', 'rejected']),
  createdAt: z.string(),
});
export type TokenSend = z.infer<typeof tokenSend>;
export const tokenSendsResponse = z.object({ data: z.array(tokenSend) });

/** Spec 2 §4 titles per log type; Send or Receive depends on who sent. */
export function logTitle(type: LogType, iAmSender: boolean): string {
  switch (type) {
    case 'sendAssets':
      return iAmSender ? 'Send' : 'Receive';
    case 'withdraw':
      return 'Withdraw';
    case 'wireDeposit':
      return 'Top-Up By Direct Wire';
    case 'withdrawDeposit':
      return 'Redeem';
    case 'paypalDeposit':
      return 'Top-Up By Paypal';
    case 'legacyWithdrawDeposit':
      return 'Legacy Redeem';
    case 'legacyDeposit':
      return 'Legacy Top-Up';
    case 'coinqvestDeposit':
      return 'Top-Up By CoinQVest';
    case 'cryptoSwap':
      return 'Crypto Swap';
    case 'assetToAssetSwap':
      return 'Swap';
    case 'creditAssets':
    case 'sheetCredit':
    case 'liquidityCredit':
      return 'Credit';
    case 'debitAssets':
    case 'sheetDebit':
      return 'Debit';
    case 'nftAcquire':
      return 'Acquired Opportunity Token';
    case 'nftPurchase':
      return 'Acquired From Marketplace';
    case 'nftExchange':
      return 'Exchanged';
    case 'subscriptionPurchase':
      return 'Subscription Acquire';
    case 'subscriptionRenew':
      return 'Subscription Renew';
  }
}

/** Whether a log adds to (deposit) or takes from (withdraw) the member's wallet. */
export function logDirection(type: LogType, iAmSender: boolean): 'deposit' | 'withdraw' {
  switch (type) {
    case 'sendAssets':
      return iAmSender ? 'withdraw' : 'deposit';
    // An acquire request: the Q paid leaves the wallet; the units arrive (issue 17).
    case 'nftAcquire':
      return iAmSender ? 'withdraw' : 'deposit';
    // A marketplace seller's units leave for escrow (withdraw); the Q of a sale arrives (deposit).
    case 'nftExchange':
      return iAmSender ? 'withdraw' : 'deposit';
    case 'withdraw':
    case 'withdrawDeposit':
    case 'legacyWithdrawDeposit':
    case 'debitAssets':
    case 'sheetDebit':
    case 'subscriptionPurchase':
    case 'subscriptionRenew':
      return 'withdraw';
    default:
      return 'deposit';
  }
}

/** Status colours of spec 1 §4: Completed green, Pending purple, Expired and Rejected red. */
export const STATUS_LABEL = { completed: 'Completed', pending: 'Pending', rejected: 'Rejected', expired: 'Expired' };

// ── sdira send and swap requests (spec 2 §1, §4 "Sdira requests") ─────────────────────────────────────

export const sendRequest = z.object({
  _id: z.string(),
  /** A send to another member, or a swap with the treasury (sdira members, legacy tokens). */
  kind: z.enum(['send', 'swap']),
  status: z.enum(['pending', 'approved', 'rejected']),
  from: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** Who receives: the recipient's e-mail; for a swap, the member's own. */
  to: z.string(),
  coin: z.string(),
  amount: decimal,
  /** Swaps: what the member receives when approved (net of the spread), the spread, the quoted rate. */
  toCoin: z.string().nullable(),
  toAmount: decimal.nullable(),
  fee: decimal.nullable(),
  rate: decimal.nullable(),
  memo: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SendRequest = z.infer<typeof sendRequest>;
export const rejectRequestBody = z.object({
  reason: z.string().trim().min(1, messages.rejectionReasonRequired).max(300),
});

/** request/create-legacy-send-request: the request's id (the amount now waits on a hold). */
export const sendRequestCreated = z.object({ message: z.string(), data: z.object({ requestId: z.string() }) });

/** Back office: admin/requests?status=&page=&limit= (newest first), paged like every back-office list. */
export const sendRequestsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const sendRequestsResponse = z.object({
  data: z.array(sendRequest),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
/** admin/requests/{id}/approve and /reject: the request as decided. */
export const sendRequestDecided = z.object({ message: z.string(), data: sendRequest });

/** transaction-log/native-token-send?limit= (newest first; the spec sends no parameters, so 100 by default). */
export const tokenSendsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
