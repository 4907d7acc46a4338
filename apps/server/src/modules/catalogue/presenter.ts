import type { NativeToken } from '@vault/contract/schemas/site';
import type { TokenRow } from './service.ts';

/** A native token as spec 2 §3 names its fields. */
export const toNativeToken = (t: TokenRow): NativeToken => ({
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
});
