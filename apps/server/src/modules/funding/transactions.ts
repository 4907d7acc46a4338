import { normalize } from '@vault/contract/money';
import type { Transaction } from '@vault/contract/schemas/funding';
import { count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { purchases, remittanceAddresses } from '../../db/schema.ts';
import type { User } from '../auth/sessions.ts';
import { assetsShown } from '../catalogue/service.ts';
import { acquireTransactions } from '../opportunities/acquire-transactions.ts';
import { subscriptionTransactions } from '../subscriptions/payments.ts';

type Token = NonNullable<Transaction['token']>;

const money = (value: string | null) => (value === null ? null : normalize(value));

/**
 * The transactions list (spec 1 §2 Transactions list, §3 Transaction; spec 2 §2): GET transaction/{a}/{b}/txs,
 * a = the page from 1, b = its size (1 to 100), newest first: the member's purchases (a direct wire, a legacy
 * deposit, the online methods of issue 13), subscription payments (issue 16, owned by modules/subscriptions:
 * `subscriptionTransactions`) and acquire requests (issue 17, modules/opportunities: `acquireTransactions`).
 * `page` merges them by createdAt: it asks each owner for its first page × limit rows, merges and cuts the
 * page, rather than any of them reading another's table (pages are small: at most 100 rows each).
 */
export function transactionService(ctx: Context) {
  const { db } = ctx;

  /** The member's purchases of one page, with the street address of the remittance address each names. */
  const purchasePage = (userId: string, page: number, limit: number) =>
    Promise.all([
      db
        .select({ purchase: purchases, streetAddress: remittanceAddresses.streetAddress })
        .from(purchases)
        .leftJoin(remittanceAddresses, eq(remittanceAddresses.id, purchases.remittanceAddressId))
        .where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(purchases).where(eq(purchases.userId, userId)),
    ]);

  /** How the tokens show (the catalogue's, asked by symbol: this module never reads its tables). */
  async function tokensOf(symbols: string[]) {
    const shown = await assetsShown(db, [...new Set(symbols)]);
    return new Map<string, Token>([
      ...shown.coins.map((c): [string, Token] => [
        c.symbol,
        { coinSymbol: c.symbol, shortName: c.symbol, decimals: c.decimals, icon: { url: c.icon } },
      ]),
      ...shown.tokens.map((t): [string, Token] => [
        t.symbol,
        { coinSymbol: t.symbol, shortName: t.shortName, decimals: t.decimals, icon: { url: t.icon } },
      ]),
    ]);
  }

  return {
    async page(me: User, page: number, limit: number) {
      // Every source's newest page × limit rows: the page's rows are among them, whatever the mix.
      const upTo = page * limit;
      const [[rows, [total]], subscriptions, acquisitions] = await Promise.all([
        purchasePage(me.id, 1, upTo),
        subscriptionTransactions(db, me.id, upTo),
        acquireTransactions(db, me.id, upTo),
      ]);
      const tokens = await tokensOf(rows.map((r) => r.purchase.asset));
      const purchaseRows = rows.map(
        ({ purchase: p, streetAddress }): Transaction => ({
          _id: p.id,
          // A legacy deposit is an sdira member's wire: the list shows it as the token purchase it is.
          type: p.type === 'legacy' ? 'tokenPurchase' : p.type,
          status: p.status,
          amount: normalize(p.amountUsd),
          wireFee: money(p.feeUsd),
          createdAt: p.createdAt.toISOString(),
          updatedAt: p.updatedAt.toISOString(),
          streetAddress: streetAddress ?? null,
          method: p.method,
          orderId: p.orderId,
          tokenAmount: normalize(p.tokenAmount),
          tokenRate: normalize(p.tokenRate),
          receivedAmount: money(p.receivedUsd),
          issuedAmount: money(p.issuedAmount),
          dueAt: p.dueAt.toISOString(),
          rejectionReason: p.rejectionReason,
          subscription: null,
          token: tokens.get(p.asset) ?? null,
        }),
      );
      const data = [...purchaseRows, ...subscriptions.data, ...acquisitions.data]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
        .slice((page - 1) * limit, upTo);
      return { data, total: (total?.n ?? 0) + subscriptions.total + acquisitions.total, page, limit };
    },
  };
}

export type TransactionService = ReturnType<typeof transactionService>;
