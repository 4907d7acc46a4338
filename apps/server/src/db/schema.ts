/**
 * The database's tables, one file per area under db/schema/; this module is what the rest of the server, the
 * migrations (drizzle.config.ts) and the table-owners test import. Who may touch each table: db/owners.ts.
 */
export * from './schema/back-office.ts';
export * from './schema/catalogue.ts';
export * from './schema/chat.ts';
export * from './schema/funding.ts';
export * from './schema/ledger.ts';
export * from './schema/marketplace.ts';
export * from './schema/members.ts';
export * from './schema/opportunities.ts';
export * from './schema/subscriptions.ts';
