import type { NativeToken } from '@vault/contract/schemas/site';
import { asc, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { nativeTokens } from '../../db/schema.ts';

/** The platform's own tokens as spec 2 §3 names their fields. */
export function nativeTokenService(ctx: Context) {
  return {
    async visible(): Promise<NativeToken[]> {
      const rows = await ctx.db
        .select()
        .from(nativeTokens)
        .where(eq(nativeTokens.isVisibleOnWeb, true))
        .orderBy(asc(nativeTokens.orderIndex));
      return rows.map((t) => ({
        _id: t.id,
        coin: t.coinSymbol,
        coinSymbol: t.coinSymbol,
        name: t.name,
        displayName: t.displayName,
        shortName: t.shortName,
        displaySymbol: t.displaySymbol,
        description: t.description,
        type: t.type,
        icon: { url: t.iconUrl },
        coinColor: t.coinColor,
        price: t.price,
        multiplier: t.multiplier,
        decimals: t.decimals,
        orderIndex: t.orderIndex,
        isVisibleOnWeb: t.isVisibleOnWeb,
      }));
    },
  };
}

export type NativeTokenService = ReturnType<typeof nativeTokenService>;
