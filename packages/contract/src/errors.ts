/**
 * Every `code` the API answers with (`{ message, code, fields? }`), listed once: the server's AppError takes
 * only these (`ErrorCode`), the error response schema allows only these (so `/api/docs` lists them), and the
 * web compares against `ErrorCode.X`, never a string of its own. The message is what a member reads; the
 * code is what a program branches on. Add a code here before a service answers it.
 */
export const ERROR_CODES = [
  // Any route: the request itself (http/errors.ts, http/json-body.ts, Fastify's own refusals, mapped)
  'BAD_REQUEST',
  'VALIDATION',
  'MALFORMED_JSON',
  'BAD_TEXT',
  'BAD_URL',
  'URL_TOO_LONG',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  // Access (http/auth.ts): sessions, roles, gates
  'UNAUTHORIZED',
  'FORBIDDEN',
  'MAINTENANCE',
  'PASSWORD_CHANGE_REQUIRED',
  'MEMBERSHIP_REQUIRED',
  // Accounts (auth)
  'HUMAN_CHECK_FAILED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'BLOCKED',
  'EMAIL_NOT_VERIFIED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'OLD_PASSWORD_WRONG',
  'SAME_PASSWORD',
  // Administrators' sign-in (admins): an enrolment link used, expired or unknown
  'ENROLMENT_LINK_INVALID',
  // Uploads (storage) and the membership form
  'FILE_MISSING',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'BAD_UPLOAD_TYPE',
  'UPLOAD_UNREADABLE',
  'STORAGE_QUOTA_EXCEEDED',
  'TOO_MANY_PARTS',
  'TOO_MANY_FILES',
  'TOO_MANY_FIELDS',
  'SIGNATURE_REQUIRED',
  // Catalogue and prices
  'UNKNOWN_ASSET',
  'TOO_MANY_DECIMALS',
  'INVALID_PRICE',
  'PRICE_FIXED',
  'PRICE_TOO_HIGH',
  'DECIMALS_LOWERED',
  'ICON_UNKNOWN',
  // Vault activation
  'ADMIN_NO_VAULT',
  'ALREADY_ACTIVATED',
  'ACTIVATION_UNAVAILABLE',
  'ACTIVATION_COIN_NOT_ACCEPTED',
  'ACTIVATION_SHORTFALL',
  'ACTIVATION_NOT_ACQUIRED',
  'NOT_ACTIVATED',
  // Sends and requests
  'INSUFFICIENT_BALANCE',
  'INVALID_AMOUNT',
  'SEND_TO_SELF',
  'RECIPIENT_NOT_FOUND',
  'RECIPIENT_INACTIVE',
  'SDIRA_REQUEST_REQUIRED',
  'SDIRA_ONLY',
  'REQUEST_DECIDED',
  // Swaps
  'PAIR_NOT_OFFERED',
  'SAME_TOKEN',
  'TARGET_LEGACY',
  'SWAP_TOO_SMALL',
  'SWAP_REQUEST_REQUIRED',
  'SWAP_NOT_A_REQUEST',
  'QUOTE_INVALID',
  'QUOTE_EXPIRED',
  'PRICE_MOVED',
  // Funding (issue 12): remittance addresses
  'REMITTANCE_ADDRESS_LIMIT',
  // Redemption (issue 14): redeem addresses
  'REDEEM_ADDRESS_LIMIT',
  // Funding (issue 12): purchases and direct wires
  'TOKEN_NOT_PURCHASABLE',
  'PRIMARY_ADDRESS_REQUIRED',
  'PURCHASE_MINIMUM',
  'LEGACY_DEPOSIT_REQUIRED',
  'TOO_MANY_PENDING_WIRES',
  'WIRE_DECIDED',
  'WIRE_TOO_SMALL',
  // Funding (issue 13): online purchases
  'ONLINE_PURCHASE_CAP',
  'PURCHASE_NOT_PENDING',
  'PAYMENT_NOT_APPROVED',
  'PAYMENT_DECLINED',
  'PROVIDER_UNAVAILABLE',
  // A coin the crypto provider gives no deposit address for (issue 13 item 4).
  'COIN_NOT_DEPOSITABLE',
  // Redemption (issue 14): lots not held 1 year and 1 day, sdira tokens only by wire, a token without a price.
  'NOT_MATURED',
  'SDIRA_DIRECT_WIRE',
  'NOT_REDEEMABLE',
  'WEBHOOK_REFUSED',
  // COINQVEST (issue 13): the member must register with COINQVEST first (the web opens /register-qvest)
  'COINQVEST_CUSTOMER_REQUIRED',
  // Chat (issue 15): a room one member blocked, or whose other member is blocked or deleted
  'CHAT_READ_ONLY',
  // Subscriptions (issue 16): the gate of opportunity tokens, plans, a member's subscriptions
  'SUBSCRIPTION_REQUIRED',
  'PLAN_UNAVAILABLE',
  'PLAN_NOT_RECURRING',
  'ALREADY_SUBSCRIBED',
  'SUBSCRIPTION_NOT_CANCELLABLE',
  'SUBSCRIPTION_CANCELLED',
  'SUBSCRIPTION_ENDED',
  'PLAN_RETIRED',
  // Opportunity pools (issue 17): more units asked than the pool has left
  'SHARES_NOT_AVAILABLE',
  // Opportunity pools (issue 17, H2): a supply cut below what is already reserved or sold
  'POOL_SUPPLY_IN_USE',
  // Marketplace (issue 17 items 4, 5; H1): an owner buying their own ad; an ad sold out, paused or closed
  // meanwhile; fewer units left than asked; units a seller does not hold
  'OWN_AD',
  'AD_NOT_AVAILABLE',
  'UNITS_NOT_AVAILABLE',
  'INSUFFICIENT_UNITS',
  // Maker-checker (admin): the maker may not decide their own action; one decision per action; one waiting
  // action per request or entry
  'MAKER_CANNOT_DECIDE',
  'ACTION_DECIDED',
  'ACTION_PENDING',
  // The ledger's refusals, in the spec's words at the edge (http/errors.ts fromLedgerError)
  'HOLD_RESOLVED',
  'ALREADY_REVERSED',
  'NOT_REVERSIBLE',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes by name, for comparisons: `error.body.code === ErrorCode.QUOTE_EXPIRED`. */
export const ErrorCode = Object.freeze(Object.fromEntries(ERROR_CODES.map((code) => [code, code]))) as {
  readonly [K in ErrorCode]: K;
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/**
 * Codes the web app gives a failed call that never got an answer of ours: no connection, or an answer
 * without our shape (a proxy's error page). The API never answers them.
 */
export const CLIENT_ERROR_CODES = ['NETWORK', 'UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
