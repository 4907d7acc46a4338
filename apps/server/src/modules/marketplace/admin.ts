import { fillMessage, messages } from '@vault/contract/messages';
import type { AdminMarketplaceAd, MarketplaceAdStatus } from '@vault/contract/schemas/marketplace';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { marketplaceAds, marketplaceTrades } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import { adById, closeAd } from './escrow.ts';
import { type AdRow, adContext, toAd } from './present.ts';

/**
 * The back office's marketplace (issue 17 item 8): every ad with its owner and trades, and hiding an abusive
 * one — its unsold units back to the owner in one entry, the reason kept and audited, the owner told.
 */
export function marketplaceAdmin(
  ctx: Context,
  deps: { ledger: Ledger; catalogue: CatalogueService; notifications: NotificationService },
) {
  const { db } = ctx;
  const { ledger, catalogue, notifications } = deps;

  async function present(rows: AdRow[]): Promise<AdminMarketplaceAd[]> {
    const ids = rows.map((r) => r.id);
    const [c, trades] = await Promise.all([
      adContext(db, catalogue, rows),
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ adId: marketplaceTrades.adId, n: count() })
            .from(marketplaceTrades)
            .where(inArray(marketplaceTrades.adId, ids))
            .groupBy(marketplaceTrades.adId),
    ]);
    const tradesOf = new Map(trades.map((t) => [t.adId, t.n]));
    return rows.map((r) => {
      const ad = toAd(r, c, null);
      return {
        ...ad,
        user: { ...ad.user, email: c.owners.get(r.userId)?.email ?? '' },
        hiddenReason: r.hiddenReason,
        trades: tradesOf.get(r.id) ?? 0,
      };
    });
  }

  return {
    /** Every ad (or those of one status), newest first. */
    async list(status: MarketplaceAdStatus | undefined, page: number, limit: number) {
      const condition = status ? eq(marketplaceAds.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(marketplaceAds)
          .where(condition)
          .orderBy(desc(marketplaceAds.createdAt), desc(marketplaceAds.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(marketplaceAds).where(condition),
      ]);
      return { data: await present(rows), total: total!.n, page, limit };
    },

    /** Hides an open ad exactly once: its escrow back to the owner, the reason, the audit row, the owner's notice. */
    async hide(admin: User, id: string, reason: string) {
      if (!(await adById(db, id))) throw notFound(messages.marketplaceAdUnknown);
      const row = await ledger.transact(async (tx) => {
        const closed = await closeAd(tx, id, 'hidden', { by: admin.id, hiddenReason: reason });
        if (!closed) return undefined;
        await audit(tx.db, admin, 'marketplaceAd.hide', id, {
          reason,
          owner: closed.userId,
          asset: closed.asset,
          returned: closed.remainingShares,
          entryId: closed.closeEntryId,
        });
        const [shown] = await present([closed]);
        const notice = fillMessage(messages.marketplaceHiddenNotice, {
          symbol: shown!.symbol,
          reason,
          amount: shown!.remainingShares,
        });
        await notifications.notify(closed.userId, notice, tx.db);
        const owner = { userId: closed.userId, email: shown!.user.email };
        await ctx.events.emit(closed.coinType === 'nft' ? 'nftBalanceUpdated' : 'walletUpdated', owner, tx.db);
        return shown!;
      });
      if (!row) throw badRequest(messages.marketplaceAdNotAvailable, 'AD_NOT_AVAILABLE');
      return { message: messages.marketplaceAdHidden, data: row };
    },
  };
}

export type MarketplaceAdmin = ReturnType<typeof marketplaceAdmin>;
