import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.ts';
import { users } from './members.ts';

/** Funding and redemption: remittance addresses, purchases, providers, deposit and redeem addresses, redemptions (db/schema.ts). */

/**
 * A member's remittance addresses (issue 12, spec 2 §3): the banking details they remit from, each signed
 * (a private upload). At most one is the primary (the star), which a direct wire contribution uses.
 */
export const remittanceAddresses = pgTable(
  'remittance_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** The stored path of the signature (storage's, kind directWire). */
    signaturePath: text('signature_path').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    /** Deleted addresses are kept (a wire names the address it was made with), hidden from the member. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('remittance_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('remittance_addresses_one_primary').on(t.userId).where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
  ],
);

/**
 * Purchases (issue 12): a member's request to buy tokens, settled outside the vault (a direct wire now; the
 * online methods in issue 13). Pending until an operator records the money received (tokens issued through
 * the ledger from the method's clearing account, exactly once: `entry_id`) or rejects it; a direct wire not
 * paid by `due_at` expires. The rate is locked when it is made.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey(),
    /** What the member quotes on the wire: 'DW-' and 10 characters. */
    orderId: text('order_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['directWire', 'legacy', 'paypal', 'goCardless', 'coinqvest'] }).notNull(),
    type: text('type', { enum: ['tokenPurchase', 'walletActivation', 'legacy'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'expired', 'rejected'] })
      .notNull()
      .default('pending'),
    asset: text('asset').notNull(),
    tokenAmount: money('token_amount').notNull(),
    tokenRate: money('token_rate').notNull(),
    /** USD to pay (token_amount × token_rate, to the cent). */
    amountUsd: money('amount_usd').notNull(),
    feeUsd: money('fee_usd').notNull(),
    remittanceAddressId: uuid('remittance_address_id').references(() => remittanceAddresses.id),
    dueAt: ts('due_at').notNull(),
    receivedUsd: money('received_usd'),
    issuedAmount: money('issued_amount'),
    entryId: uuid('entry_id').unique(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** An online method's own reference (issue 13): PayPal order id, GoCardless payment id, COINQVEST checkout id. */
    providerRef: text('provider_ref'),
    /** The provider's last state of it as received (CREATED, APPROVED, confirmed, CHECKOUT_UNDERPAID, …). */
    providerStatus: text('provider_status'),
    /**
     * A payment failed or charged back after its tokens were issued (issue 13, decision 0013): the tokens taken
     * back (what the member still held) and the rest owed, which the back office sees.
     */
    chargedBackAt: ts('charged_back_at'),
    reversedAmount: money('reversed_amount'),
    debtAmount: money('debt_amount'),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('purchases_provider_ref_key').on(t.method, t.providerRef),
    index('purchases_status_idx').on(t.status, t.createdAt),
    index('purchases_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    check('purchases_amounts_positive', sql`${t.tokenAmount} > 0 and ${t.tokenRate} > 0 and ${t.amountUsd} > 0`),
    check('purchases_fee_not_negative', sql`${t.feeUsd} >= 0`),
    check(
      'purchases_completed_issued',
      sql`(${t.status} = 'completed') = (${t.entryId} is not null and ${t.receivedUsd} is not null and ${t.issuedAmount} > 0)`,
    ),
  ],
);

/**
 * Every webhook event a provider sent us (issue 13), verified or refused: the back office lists them, and the
 * unique (provider, event_id) makes a replayed or re-delivered event a no-op.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider', { enum: ['paypal', 'goCardless', 'coinqvest'] }).notNull(),
    /** The provider's id of the event (PayPal event id, GoCardless EV…, COINQVEST's), or a hash when it has none. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    verified: boolean('verified').notNull(),
    refusedReason: text('refused_reason'),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('provider_events_event_key').on(t.provider, t.eventId),
    index('provider_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * A member's customer record at an online provider (issue 13): COINQVEST's customer id, GoCardless's customer
 * and mandate (the direct debit the member set up). One per member and provider.
 */
export const providerCustomers = pgTable(
  'provider_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['paypal', 'goCardless', 'coinqvest'] }).notNull(),
    customerId: text('customer_id'),
    mandateId: text('mandate_id'),
    /** A GoCardless redirect flow waiting for the member to come back and complete it. */
    pendingFlowId: text('pending_flow_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A member's own crypto deposit addresses at the crypto provider (issue 13 item 4, decision 0013): one per
 * network is shown (the first made); every one the provider ever gave stays, so a deposit to any of them is
 * the member's. A deposit is attributed by (network, address, memo): a shared address with a memo (Stellar)
 * is one member's by its memo; '' when the network has none.
 */
export const cryptoDepositAddresses = pgTable(
  'crypto_deposit_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['coinqvest'] }).notNull(),
    /** The provider's network: BITCOIN, ETHEREUM, LITECOIN. */
    network: text('network').notNull(),
    address: text('address').notNull(),
    memo: text('memo').notNull().default(''),
    /** The provider's id of the address, when it gives one. */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_deposit_addresses_key').on(t.network, t.address, t.memo),
    index('crypto_deposit_addresses_user_idx').on(t.userId, t.network, t.createdAt),
  ],
);

/**
 * A member's redeem addresses (issue 14 item 1, spec 2 §3 "Withdraw (redeem) address"): the bank accounts they
 * redeem to by direct wire. Optional details (phone, ABA, SWIFT / BIC, routing code) are '' when not given.
 */
export const redeemAddresses = pgTable(
  'redeem_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    accountTitle: text('account_title').notNull(),
    address: text('address').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    aba: text('aba').notNull().default(''),
    swiftBic: text('swift_bic').notNull().default(''),
    routingCode: text('routing_code').notNull().default(''),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    zellePay: text('zelle_pay').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted addresses are kept (a redeem request names the address it was made to), hidden from the member. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('redeem_addresses_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Redeem requests (issue 14): a member takes tokens out of the vault, paid by COINQVEST (`crypto`: a crypto
 * network, PIX, a bank, Stellar) or by our bank's wire (`directWire`, to one of their redeem addresses). The
 * tokens sit on a hold from the request on (`hold_id`); approval pays out and commits the hold to the
 * treasury (the tokens leave circulation, `entry_id`), rejection and expiry release it. The price and USD value
 * are the catalogue's when the request was made.
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['crypto', 'directWire'] }).notNull(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 8 }).notNull(),
    usdValue: numeric('usd_value', { precision: 38, scale: 2 }).notNull(),
    /**
     * The redemption fee in the asset's units (settings redemptionFeePercent when the request was made): on
     * completion it goes to the fees account and the rest leaves circulation; the payout is worth the rest.
     */
    fee: numeric('fee', { precision: 38, scale: 8 }).notNull().default('0'),
    targetNetwork: text('target_network'),
    targetAccount: jsonb('target_account'),
    targetAsset: text('target_asset'),
    redeemAddressId: uuid('redeem_address_id').references(() => redeemAddresses.id),
    /** The redeem address as it was when the request was made (the member may edit or delete it later). */
    redeemAddress: jsonb('redeem_address'),
    holdId: uuid('hold_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'completed', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** COINQVEST's withdrawal id and state, once the payout was asked for. */
    payoutRef: text('payout_ref'),
    payoutStatus: text('payout_status'),
    entryId: uuid('entry_id'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redemptions_hold_key').on(t.holdId),
    index('redemptions_user_idx').on(t.userId, t.createdAt),
    index('redemptions_status_idx').on(t.status, t.expiresAt),
    check('redemptions_amount_positive', sql`${t.amount} > 0`),
    check('redemptions_fee_within_amount', sql`${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
  ],
);
