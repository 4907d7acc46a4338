import { messages } from '../messages.ts';
import { add, compare, divideDown, multiply, round, subtract, toUnits } from '../money.ts';
import { z } from '../zod.ts';
import { adminReason, listOf } from './common.ts';
import { assetSymbol, decimalsMessage } from './ledger.ts';

/**
 * Funding (issue 12): the purchase flow (spec 2 §2 Funding screens, §5 Token purchase amount), remittance
 * addresses (§3, §5 Remittance address), direct wire contributions (§3 Direct wire request, §4, §7) and the
 * transactions list (spec 1 §2). Amounts are decimal strings; the arithmetic both sides share is here.
 */

// ── The purchase amount (spec 2 §5 "Token purchase amount") ─────────────────────────────────────────────

/** The dollar-token form's maximum (spec 2 §9: 99999999, 'Amount less then 8'). */
export const DOLLAR_PURCHASE_MAX = '99999999';
/** Every other purchase goes up to 1e8 tokens, like sends and swaps. */
export const PURCHASE_MAX = '100000000';
/** Activation and the first asset purchase: the value of 21 silver (ICO Ag) tokens (spec 2 §1, §5). */
export const ACTIVATION_SILVER_TOKENS = '21';
export const SILVER_SYMBOL = 'XAG';
/** Amounts are rounded to 2 decimals on submit (spec 2 §5, §9). */
export const PURCHASE_DECIMALS = 2;

/**
 * The amount a member types on Get CQR Dollars / Get assets: required, a positive number with at most 8
 * decimals; the dollar form at most 99999999, the others 1e8. The form rounds it to 2 decimals on submit.
 */
export const purchaseAmount = (kind: 'dollar' | 'asset') =>
  z
    .string({ error: messages.amountRequired })
    .trim()
    .min(1, messages.amountRequired)
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
      if (!match) return fail(messages.invalidAmount);
      if ((match[2]?.length ?? 0) > 8) return fail(decimalsMessage(8));
      if (match[1]!.length > 9 || toUnits(value) > toUnits(kind === 'dollar' ? DOLLAR_PURCHASE_MAX : PURCHASE_MAX))
        return fail(kind === 'dollar' ? messages.amountLessThen8 : 'max 8 number required');
      if (toUnits(round(value, PURCHASE_DECIMALS)) <= 0n) return fail(messages.invalidAmount);
    });

/** What a purchase of `tokenAmount` tokens at `rate` USD costs: the tokens to 2 decimals, the USD to the cent. */
export function purchaseQuote(tokenAmount: string, rate: string, decimals: number) {
  const tokens = round(round(tokenAmount, PURCHASE_DECIMALS), Math.min(decimals, PURCHASE_DECIMALS));
  return { tokenAmount: tokens, amount: multiply(tokens, rate, 2), tokenRate: rate };
}

/**
 * The first asset purchase's minimum (spec 2 §5): units of the token worth 21 silver tokens, rounded UP to
 * 3 decimals ('Please acquire a minimum value of {n} ICO Ag Tokens or more…', n to 3 decimals).
 */
export function firstAssetMinimum(silverPrice: string, tokenPrice: string): string {
  const exact = divideDown(multiply(ACTIVATION_SILVER_TOKENS, silverPrice), tokenPrice, 8);
  const down = divideDown(exact, '1', 3);
  return compare(down, exact) === 0 ? down : add(down, '0.001');
}

/**
 * What a received wire issues (issue 12 §3): the USD actually received less the wire fee, at the rate
 * locked when the request was made, cut down to the token's decimals. Zero or less: nothing can be issued.
 */
export function wireIssue(receivedUsd: string, feeUsd: string, rate: string, decimals: number) {
  const net = subtract(receivedUsd, feeUsd);
  const tokens = compare(net, '0') > 0 ? divideDown(net, rate, decimals) : '0';
  return { netUsd: net, tokens };
}

/**
 * GET /purchases/terms?token=SYM (ours; spec 2 §7 "Required-activation-amount lookup … path not shown"): what
 * the amount form needs to check before the settlement dialog: the token's rate now, whether this is the
 * member's first asset purchase and its minimum (n), and the value that activates a vault.
 */
export const purchaseTermsQuery = z.object({ token: assetSymbol });
export const purchaseTerms = z.object({
  coinSymbol: z.string(),
  name: z.string(),
  type: z.enum(['liquidity', 'asset', 'sdira']),
  rate: z.string(),
  decimals: z.number().int(),
  icon: z.object({ url: z.string() }),
  /** Set while the member has no completed asset purchase: the first must reach 21 ICO Ag tokens' value. */
  minimumTokens: z.string().nullable(),
  /** The value of 21 silver tokens in USD, and in this token (rounded up to its decimals). */
  activationUsd: z.string(),
  activationAmount: z.string(),
});
export type PurchaseTerms = z.infer<typeof purchaseTerms>;
export const purchaseTermsResponse = z.object({ data: purchaseTerms });

// ── Remittance addresses (spec 2 §3, §5) ─────────────────────────────────────────────────────────────────

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const remittanceAddressBody = z.object({
  name: required(messages.nameRequired, 100),
  /** A country of the lookup list (lookups.ts COUNTRIES), by name; the form defaults to United States. */
  country: required(messages.countryRequired, 100),
  email: z
    .string({ error: messages.sendEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, messages.sendEmailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.sendEmailInvalid),
  streetAddress: required(messages.streetAddressRequired, 300),
  city: required(messages.cityRequired, 100),
  state: required(messages.stateRequired, 100),
  zipCode: required(messages.zipCodeRequired, 20),
  /** The signature drawn on the 350 × 100 pad, uploaded first (storage/upload/base64, type=directWire). */
  signatureUrl: z
    .string({ error: messages.uploadSignatureFirst })
    .trim()
    .min(1, messages.uploadSignatureFirst)
    .max(1000),
});
export type RemittanceAddressBody = z.infer<typeof remittanceAddressBody>;

export const remittanceAddress = z.object({
  _id: z.string(),
  name: z.string(),
  country: z.string(),
  email: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** A signed URL of the private signature, for the member who asks (15-20 minutes). */
  signatureUrl: z.string(),
  /** The star: the address a direct wire contribution uses (spec 2 §5: one is required). */
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type RemittanceAddress = z.infer<typeof remittanceAddress>;
export const remittanceAddressesResponse = z.object({ data: z.array(remittanceAddress) });
export const remittanceAddressResponse = z.object({ message: z.string(), data: remittanceAddress });

// ── Direct wire requests (spec 2 §3, §4, §7) ─────────────────────────────────────────────────────────────

/** What a purchase is for: tokens, or the contribution that activates the vault (spec 1 §3 Transaction type). */
export const PURCHASE_TYPES = ['tokenPurchase', 'walletActivation'] as const;
export const PURCHASE_STATUSES = ['pending', 'completed', 'expired', 'rejected'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** How it is settled: direct wire now; the online methods in issue 13. Legacy deposits are sdira's wires. */
export const PURCHASE_METHODS = ['directWire', 'legacy', 'paypal', 'goCardless', 'coinqvest'] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];

/**
 * POST /direct-wires (spec 2 §7). The server prices it: `tokenAmount` is what the member asked for (rounded
 * to 2 decimals), `amount` and `tokenRate` are what their screen showed; the request locks the server's rate
 * and answers the USD at it (a rate that moved since the screen was drawn is not an error: the summary shows
 * the locked figures).
 */
export const directWireBody = z.object({
  amount: z.string().trim().max(40).optional(),
  tokenAmount: purchaseAmount('asset'),
  tokenRate: z.string().trim().max(40).optional(),
  token: assetSymbol,
  type: z.enum(PURCHASE_TYPES).default('tokenPurchase'),
  remittanceAddress: z.uuid({ error: messages.selectPrimaryAddress }),
});
export type DirectWireBody = z.infer<typeof directWireBody>;

/** POST request/create-legacy-deposit (sdira): the same wire, decided as a request; type is always 'legacy'. */
export const legacyDepositBody = z.object({
  coin: assetSymbol,
  tokenAmount: purchaseAmount('asset'),
  tokenRate: z.string().trim().max(40).optional(),
  amount: z.string().trim().max(40).optional(),
  to: z.string().trim().max(254).optional(),
  type: z.literal('legacy').default('legacy'),
  remittanceAddress: z.uuid({ error: messages.selectPrimaryAddress }),
});
export type LegacyDepositBody = z.infer<typeof legacyDepositBody>;

const purchaseToken = z.object({
  coinSymbol: z.string(),
  shortName: z.string(),
  decimals: z.number().int(),
  icon: z.object({ url: z.string() }),
});

export const directWireRequest = z.object({
  _id: z.string(),
  /** What the member writes on the wire so it can be matched: 'DW-' and 10 characters. */
  orderId: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  method: z.enum(PURCHASE_METHODS),
  type: z.enum([...PURCHASE_TYPES, 'legacy']),
  /** USD to remit: tokenAmount × tokenRate to the cent, plus the wire fee (taken from what arrives). */
  amount: z.string(),
  tokenAmount: z.string(),
  tokenRate: z.string(),
  /** The fee in USD taken from what is received (settings directWireFee when the request was made). */
  wireFee: z.string(),
  token: purchaseToken,
  remittanceAddress: remittanceAddress.omit({ signatureUrl: true, isPrimary: true, createdAt: true }).nullable(),
  /** The remitter's name (the remittance address's). */
  toName: z.string().nullable(),
  /** Unpaid after this, it expires (settings directWireExpiryDays from the request). */
  dueAt: z.string(),
  /** When received: the USD that arrived and the tokens issued for it. */
  receivedAmount: z.string().nullable(),
  issuedAmount: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  subscription: z.object({ title: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DirectWireRequest = z.infer<typeof directWireRequest>;
export const directWireCreated = z.object({ message: z.string(), data: directWireRequest });
export const directWiresResponse = z.object({ data: z.array(directWireRequest) });

// ── Transactions list (spec 1 §2, §3 Transaction; spec 2 §2 Transactions and history) ────────────────────

export const TRANSACTION_TYPES = ['tokenPurchase', 'nftPurchase', 'subscription', 'walletActivation'] as const;
export const transaction = z.object({
  _id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(PURCHASE_STATUSES),
  /** USD. */
  amount: z.string(),
  wireFee: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The remittance address's street address (a wire), else null. */
  streetAddress: z.string().nullable(),
  method: z.enum(PURCHASE_METHODS).nullable(),
  orderId: z.string().nullable(),
  tokenAmount: z.string().nullable(),
  /** The USD rate locked for the purchase, and the USD actually received (a wire). */
  tokenRate: z.string().nullable(),
  receivedAmount: z.string().nullable(),
  issuedAmount: z.string().nullable(),
  dueAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  subscription: z.object({ title: z.string(), logo: z.string() }).nullable(),
  token: purchaseToken.nullable(),
});
export type Transaction = z.infer<typeof transaction>;
export const TRANSACTIONS_PAGE_SIZE = 10;
/** GET transaction/{page}/{limit}/txs: the path's a and b are the page (from 1) and its size (1 to 100). */
export const transactionsParams = z.object({
  page: z.coerce.number().int().min(1).max(100_000),
  limit: z.coerce.number().int().min(1).max(100),
});
export const transactionsResponse = listOf(transaction);

// ── Back office: wires (issue 12 §3) ─────────────────────────────────────────────────────────────────────

export const adminWiresQuery = z.object({
  status: z.enum(PURCHASE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminWire = directWireRequest.extend({
  member: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  decidedBy: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  entryId: z.string().nullable(),
});
export type AdminWire = z.infer<typeof adminWire>;
export const adminWiresResponse = listOf(adminWire);

/** Recording a wire received: the USD that actually arrived (to the cent); a reason above the threshold. */
export const wireReceivedBody = z.object({
  receivedAmount: z
    .string({ error: 'Enter the amount received in USD' })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter the amount received in USD, at most 2 decimals'),
  reason: adminReason.optional(),
});
export type WireReceivedBody = z.infer<typeof wireReceivedBody>;
export const wireRejectBody = z.object({ reason: adminReason });

// ── Online purchases (issue 13) ──────────────────────────────────────────────────────────────────────────

/** The online methods (spec 2 §2 settlement dialog): paid at a provider, settled by its verified final event. */
export const ONLINE_METHODS = ['paypal', 'goCardless', 'coinqvest'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
/** Spec 2 §1, §9: 'Maximum online exchange is 5,000.00 dollar tokens' (USD per purchase; direct wire has none). */
export const ONLINE_PURCHASE_CAP = '5000';
/** An online purchase not completed within this many hours expires (the expire-wires job). */
export const ONLINE_PURCHASE_EXPIRY_HOURS = 24;

/**
 * The spec's body for paypal/order/create and coinqvest/start-checkout: `amount` is the USD to pay (to the
 * cent), `tokenId` the native token's _id or its coinSymbol, `paymentType` what it is for.
 */
export const onlinePurchaseBody = z.object({
  paymentType: z.enum(PURCHASE_TYPES).default('tokenPurchase'),
  tokenId: z.string().trim().min(1, messages.tokenNotPurchasable).max(64),
  amount: z
    .string({ error: messages.amountRequired })
    .trim()
    .min(1, messages.amountRequired)
    .regex(/^\d{1,9}(\.\d{1,2})?$/, messages.invalidAmount),
});
export type OnlinePurchaseBody = z.infer<typeof onlinePurchaseBody>;

/** A link as PayPal answers it; ours adds method REDIRECT on the approve link for the spec's client. */
export const paypalLink = z.object({ href: z.string(), rel: z.string(), method: z.string() });
export const paypalOrderCreated = z.object({
  message: z.string(),
  data: z.object({
    purchaseId: z.string(),
    orderId: z.string(),
    /** PayPal's order id. */
    id: z.string(),
    status: z.string(),
    links: z.array(paypalLink),
  }),
});
export const paypalCaptureBody = z.object({ orderId: z.string().trim().min(1).max(64) });
export const onlinePurchaseState = z.object({
  message: z.string(),
  data: z.object({
    purchaseId: z.string(),
    orderId: z.string(),
    status: z.enum(PURCHASE_STATUSES),
    providerStatus: z.string().nullable(),
    issuedAmount: z.string().nullable(),
    rejectionReason: z.string().nullable(),
  }),
});
export type OnlinePurchaseState = z.infer<typeof onlinePurchaseState>;

// ── Online purchases (issue 13): COINQVEST ──────────────────────────────────────────────────────────────

const qvestText = (required: string, max = 200) => z.string({ error: required }).trim().min(1, required).max(max);
const qvestOptional = (max = 200) => z.string().trim().max(max).optional().default('');

/**
 * /register-qvest (spec 2 §3 Member registration, §5 its messages): the COINQVEST customer's details.
 * `email` may be sent (the spec's form has it) but the account's own e-mail is the one registered.
 * `countrycode` is the ISO 3166 two-letter code.
 */
export const coinqvestCustomerBody = z.object({
  email: z.string().trim().max(200).optional(),
  firstname: qvestText(messages.qvestFirstNameRequired),
  lastname: qvestText(messages.qvestLastNameRequired),
  company: qvestText(messages.qvestCompanyRequired),
  adr1: qvestText(messages.qvestAddressLine1Required),
  adr2: qvestOptional(),
  zip: qvestText(messages.qvestZipCodeRequired, 50),
  city: qvestText(messages.qvestCityRequired),
  countrycode: z
    .string({ error: messages.qvestCountryRequired })
    .trim()
    .regex(/^[A-Za-z]{2}$/, messages.qvestCountryRequired)
    .transform((c) => c.toUpperCase()),
  phonenumber: qvestText(messages.qvestPhoneNumberRequired, 50),
  taxid: qvestOptional(100),
});
export type CoinqvestCustomerBody = z.infer<typeof coinqvestCustomerBody>;
export const coinqvestCustomerSaved = z.object({
  message: z.string(),
  data: z.object({ isCoinqvestCustomer: z.boolean() }),
});
/** coinqvest/start-checkout → the hosted checkout's url (opened in a new window) and our purchase. */
export const coinqvestCheckoutStarted = z.object({
  message: z.string(),
  data: z.object({ purchaseId: z.string(), orderId: z.string(), id: z.string(), url: z.string() }),
});

// ── Online purchases (issue 13): GoCardless ─────────────────────────────────────────────────────────────

const ddText = (required: string, max = 200) => z.string({ error: required }).trim().min(1, required).max(max);

/**
 * go-cardless/create-customer (spec 2 §3 Customer registration for the direct-debit provider, §5 its rules):
 * the fields GoCardless' payment page is prefilled with, and the purchase it pays for (the settlement
 * dialog's paymentType, tokenId, amount: the same as every online method's). company_name is optional
 * ("required in one version"); language is an ISO 639-1 code.
 */
export const goCardlessCustomerBody = onlinePurchaseBody.extend({
  email: z
    .string({ error: messages.ddEmailRequired })
    .trim()
    .min(1, messages.ddEmailRequired)
    .max(200)
    .pipe(z.email(messages.ddEmailInvalid)),
  given_name: ddText(messages.ddGivenNameRequired, 100),
  family_name: ddText(messages.ddFamilyNameRequired, 100),
  company_name: z.string().trim().max(200).optional(),
  address_line1: ddText(messages.ddAddressRequired),
  city: ddText(messages.ddCityRequired, 100),
  postal_code: ddText(messages.ddPostalCodeRequired, 30),
  phone_number: z.string({ error: messages.ddPhoneTooShort }).trim().min(6, messages.ddPhoneTooShort).max(40),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2}$/)
    .transform((l) => l.toLowerCase())
    .optional(),
});
export type GoCardlessCustomerBody = z.infer<typeof goCardlessCustomerBody>;
/** → GoCardless' payment page (open it), and the purchase it pays for. */
export const goCardlessRedirect = z.object({
  message: z.string(),
  data: z.object({ redirectUrl: z.string(), purchaseId: z.string(), orderId: z.string() }),
});
/** /direct-debit?redirect_flow_id=RE… → go-cardless/complete-customer-creation {redirectId}. */
export const goCardlessCompleteBody = z.object({
  redirectId: z
    .string()
    .trim()
    .regex(/^RE[0-9A-Z]{1,60}$/),
});
/** → GoCardless' confirmation page (Finalize Flow opens it in a new tab), and the purchase now being paid. */
export const goCardlessConfirmation = z.object({
  message: z.string(),
  data: z.object({ confirmationUrl: z.string(), purchaseId: z.string(), orderId: z.string() }),
});

// ── Back office: online purchases (issue 13) ────────────────────────────────────────────────────────────

/** A yes/no filter in the address: 'true' or 'false'. */
const yesNo = z.enum(['true', 'false']).transform((v) => v === 'true');
const backOfficePage = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};

/** GET /api/admin/purchases: by method and state; attention=true: what needs an operator (below). */
export const adminPurchasesQuery = z.object({
  method: z.enum(PURCHASE_METHODS).optional(),
  status: z.enum(PURCHASE_STATUSES).optional(),
  attention: yesNo.optional(),
  ...backOfficePage,
});
export const adminPurchase = z.object({
  _id: z.string(),
  orderId: z.string(),
  method: z.enum(PURCHASE_METHODS),
  type: z.enum([...PURCHASE_TYPES, 'legacy']),
  status: z.enum(PURCHASE_STATUSES),
  member: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  asset: z.string(),
  tokenAmount: z.string(),
  tokenRate: z.string(),
  /** USD to pay, the fee, and what arrived (when settled). */
  amountUsd: z.string(),
  feeUsd: z.string(),
  receivedUsd: z.string().nullable(),
  issuedAmount: z.string().nullable(),
  entryId: z.string().nullable(),
  providerRef: z.string().nullable(),
  providerStatus: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** A payment failed, refunded or charged back after credit: taken back, and the rest owed (decision 0013). */
  chargedBackAt: z.string().nullable(),
  reversedAmount: z.string().nullable(),
  debtAmount: z.string().nullable(),
  /** Its provider events not processed, or refused. */
  openEvents: z.number().int(),
  /** Charged back with a debt, or an event of it unprocessed or refused. */
  attention: z.boolean(),
  dueAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;
export const adminPurchasesResponse = listOf(adminPurchase);

/** GET /api/admin/provider-events: every webhook event received, newest first. */
export const adminProviderEventsQuery = z.object({
  provider: z.enum(ONLINE_METHODS).optional(),
  verified: yesNo.optional(),
  ...backOfficePage,
});
export const adminProviderEvent = z.object({
  _id: z.string(),
  provider: z.enum(ONLINE_METHODS),
  eventId: z.string(),
  eventType: z.string(),
  verified: z.boolean(),
  refusedReason: z.string().nullable(),
  processed: z.boolean(),
  processedAt: z.string().nullable(),
  receivedAt: z.string(),
  /** The order it was for, when it names one of ours. */
  purchase: z.object({ id: z.string(), orderId: z.string() }).nullable(),
  payload: z.unknown(),
});
export type AdminProviderEvent = z.infer<typeof adminProviderEvent>;
export const adminProviderEventsResponse = listOf(adminProviderEvent);
