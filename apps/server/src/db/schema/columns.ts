import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every table file shares. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
/** An amount of a token or coin: NUMERIC(38, 8), never a float. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
