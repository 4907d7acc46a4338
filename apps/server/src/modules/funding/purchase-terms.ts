import { messages } from '@vault/contract/messages';
import { firstAssetMinimum, type PurchaseTerms, SILVER_SYMBOL } from '@vault/contract/schemas/funding';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { User } from '../auth/sessions.ts';
import { type CatalogueService, lookupAsset, type TokenRow } from '../catalogue/service.ts';
import { activationUsd, requiredAmount } from '../native-wallet/activation.ts';

type Q = Db | Tx;

/**
 * Which tokens a member may buy (spec 2 §2): native tokens shown on the web, of type liquidity or asset;
 * sdira members also their legacy (sdira) tokens, which only a legacy deposit buys. Crypto coins and hidden
 * tokens are never sold here.
 */
export const mayPurchase = (me: Pick<User, 'type'>, token: Pick<TokenRow, 'type' | 'isVisibleOnWeb'>) =>
  token.isVisibleOnWeb && (token.type !== 'sdira' || me.type === 'sdira');

/**
 * Whether the member has completed a purchase of an asset-type token: until then the first one must reach
 * the value of 21 silver tokens (spec 2 §5). Their completed purchases are few; the catalogue says which
 * symbols are asset tokens (its facts are kept in memory).
 */
export async function hasBoughtAsset(q: Q, userId: string): Promise<boolean> {
  const rows = await q
    .selectDistinct({ asset: purchases.asset })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'completed')));
  const facts = await Promise.all(rows.map((r) => lookupAsset(q, r.asset)));
  return facts.some((f) => f?.kind === 'token' && f.type === 'asset');
}

/** What a purchase of one token is priced at and must reach, from the catalogue as it is now. */
export type Terms = PurchaseTerms & { token: TokenRow; silverPrice: string };

export function purchaseTermsService(db: Db, catalogue: CatalogueService) {
  return {
    /**
     * The terms of buying `symbol` now: its rate, the first asset purchase's minimum (while the member has
     * bought no asset token) and the activation value (21 silver tokens, as native-wallet/activation.ts
     * computes it, in USD and in this token). 400 when the member may not buy it; silver without a price
     * makes both minimums unknowable, so nothing can be bought then.
     */
    async of(me: User, symbol: string): Promise<Terms> {
      const { tokens } = await catalogue.snapshot();
      const token = tokens.find((t) => t.coinSymbol === symbol);
      if (!token || !mayPurchase(me, token))
        throw badRequest(messages.tokenNotPurchasable, 'TOKEN_NOT_PURCHASABLE', {
          token: messages.tokenNotPurchasable,
        });
      // The snapshot may be a moment old; the price a purchase locks is read fresh.
      const [rate, silverPrice, bought] = await Promise.all([
        catalogue.price(symbol),
        catalogue.price(SILVER_SYMBOL),
        token.type === 'asset' ? hasBoughtAsset(db, me.id) : Promise.resolve(true),
      ]);
      if (rate === null) throw badRequest(messages.purchasePriceMissing, 'TOKEN_NOT_PURCHASABLE');
      if (silverPrice === null) throw badRequest(messages.activationUnavailable, 'ACTIVATION_UNAVAILABLE');
      return {
        coinSymbol: token.coinSymbol,
        name: token.displayName,
        type: token.type,
        rate,
        decimals: token.decimals,
        icon: { url: token.iconUrl },
        minimumTokens: bought ? null : firstAssetMinimum(silverPrice, rate),
        activationUsd: activationUsd(silverPrice),
        activationAmount: requiredAmount(silverPrice, rate, token.decimals),
        token,
        silverPrice,
      };
    },
  };
}

export type PurchaseTermsService = ReturnType<typeof purchaseTermsService>;

/** The contract's view of the terms (what GET /purchases/terms answers). */
export const publicTerms = ({ token: _token, silverPrice: _silver, ...terms }: Terms): PurchaseTerms => terms;
