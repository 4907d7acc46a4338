import type { Lot } from '@vault/contract/holding-period';
import { normalize } from '@vault/contract/money';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { assetLots, ledgerAccounts } from '../db/schema.ts';
import { placedByAsset } from './holds.ts';

/**
 * Everything a member holds, as one SQL value for another module's statement: the dashboard reads it with
 * the catalogue's and the settings' versions in one round trip (wallet/currency-info, a named prepared
 * statement that passes a placeholder) instead of one query per table, and without naming the ledger's
 * tables. `readHoldings` turns the value into what `balances`, the placed holds and `lots` give. `userId` may
 * be a column of the outer statement (one statement for a page of members).
 */
export const holdingsOf = (userId: Placeholder | SQL | string) => sql`json_build_array(
  (select json_object_agg(${ledgerAccounts.asset}, ${ledgerAccounts.balance}::text)
   from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId}),
  ${placedByAsset(userId)},
  (select json_agg(json_build_array(${assetLots.asset}, ${assetLots.remaining}::text, ${assetLots.acquiredAt})
                   order by ${assetLots.acquiredAt}, ${assetLots.id})
   from ${assetLots} join ${ledgerAccounts} on ${ledgerAccounts.id} = ${assetLots.accountId}
   where ${ledgerAccounts.userId} = ${userId} and ${assetLots.remaining} > 0))`;

type ByAsset = Record<string, string> | null;
/** The value of `holdingsOf`, parsed (node-postgres parses json; its text, JSON.parse). */
export type HoldingsValue = [
  balances: ByAsset,
  held: ByAsset,
  lots: [asset: string, remaining: string, at: string][] | null,
];

export type Holdings = {
  /** Balances of the member's accounts, canonical decimal strings (as `balances` gives them). */
  balances: Record<string, string>;
  /** Amounts on placed (undecided) holds, per asset. */
  held: Record<string, string>;
  /** Unconsumed lots, oldest first (as `lots` gives them). */
  lots: (Lot & { asset: string })[];
};

const canonical = (byAsset: ByAsset): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [asset, amount] of Object.entries(byAsset ?? {})) out[asset] = normalize(amount);
  return out;
};

/** `holdingsOf`'s value as decimal strings and dates (to the millisecond, as Drizzle reads a timestamp). */
export const readHoldings = ([balances, held, lots]: HoldingsValue): Holdings => ({
  balances: canonical(balances),
  held: canonical(held),
  lots: (lots ?? []).map(([asset, remaining, at]) => ({
    asset,
    remaining: normalize(remaining),
    acquiredAt: new Date(at),
  })),
});
