import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** Every table of schema.ts, by the name code imports it by. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * Which code owns each table: a folder under apps/server/src. Only the owner reads or writes its table;
 * every other module calls the owner's functions (which take the pool or the caller's transaction when
 * the work must commit together). `test/unit/table-owners.test.ts` fails when a file imports a table it
 * does not own (or names one in raw SQL), and when ARCHITECTURE.md's table ("Table owners") differs from
 * this one. A new table without an owner here does not type-check.
 */
export const TABLE_OWNERS = {
  users: 'modules/members',
  failedSends: 'modules/members',
  sessions: 'modules/auth',
  emailTokens: 'modules/auth',
  resetCodes: 'modules/auth',
  loginAttempts: 'modules/auth',
  altchaUsed: 'modules/auth',
  notifications: 'modules/notifications',
  settings: 'modules/settings',
  secrets: 'modules/secrets',
  siteMessages: 'modules/site',
  newsletterSubscribers: 'modules/site',
  nativeTokens: 'modules/catalogue',
  cryptoCoins: 'modules/catalogue',
  assetPrices: 'modules/catalogue',
  uploads: 'modules/storage',
  auditLog: 'modules/admin',
  adminActions: 'modules/admin',
  reserveRecords: 'modules/backoffice',
  administrators: 'modules/admins',
  adminRecoveryCodes: 'modules/admins',
  memberRequests: 'modules/requests',
  remittanceAddresses: 'modules/funding',
  purchases: 'modules/funding',
  providerEvents: 'modules/funding',
  providerCustomers: 'modules/funding',
  cryptoDepositAddresses: 'modules/funding',
  redeemAddresses: 'modules/redemption',
  redemptions: 'modules/redemption',
  chatRooms: 'modules/chat',
  chatRoomMembers: 'modules/chat',
  chatMessages: 'modules/chat',
  memberBlocks: 'modules/chat',
  subscriptionPlans: 'modules/subscriptions',
  userSubscriptions: 'modules/subscriptions',
  subscriptionPayments: 'modules/subscriptions',
  opportunityPools: 'modules/opportunities',
  opportunityRequests: 'modules/opportunities',
  marketplaceAds: 'modules/marketplace',
  marketplaceTrades: 'modules/marketplace',
  outbox: 'providers/mail',
  events: 'events',
  ledgerAccounts: 'ledger',
  journalEntries: 'ledger',
  postings: 'ledger',
  holds: 'ledger',
  assetLots: 'ledger',
  lotTakes: 'ledger',
  idempotencyKeys: 'ledger',
  systemIdempotencyKeys: 'ledger',
} as const satisfies Record<TableName, string>;

/**
 * The exceptions: a file that reads another owner's table, and why that cannot be a call to the owner.
 * Each must still be needed (the test fails on an exception nobody uses).
 */
export const SHARED_READS: readonly { file: string; table: TableName; why: string }[] = [
  {
    file: 'modules/auth/sessions.ts',
    table: 'users',
    why:
      'live_session, the one prepared statement every authenticated call and socket handshake runs, reads the ' +
      'session and its member together (and the idle and absolute limits depend on the role): a call to the ' +
      "members' module would be a second round trip on the hottest path.",
  },
];
