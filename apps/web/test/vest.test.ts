import { messages } from '@vault/contract/messages';
import { marketplaceQuantity, marketplaceValue } from '@vault/contract/schemas/marketplace';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { findSource } from '../src/features/marketplace/sell-source.ts';
import { textChecked } from '../src/features/marketplace/text-field-schema.ts';
import { walletActions } from '../src/features/wallet/wallet-actions-routes.ts';
import { typedDecimals } from '../src/lib/decimal-input.ts';

/** CQR Vest's pure rules (issue 17, member web): the sell listing's source, its fields' messages, the addresses. */

const info = {
  nativeWallets: [
    {
      coinSymbol: 'XAG',
      walletId: 'u1:XAG',
      displayName: 'Silver',
      displaySymbol: 'XAG',
      icon: { url: '/tokens/xag.svg' },
      balance: '10',
      decimals: 4,
    },
  ],
  nftWallets: [{ _id: 'p1', name: 'Silent Wave', image: '/w.png', balance: '40', pricePerShare: '1.25' }],
} as unknown as CurrencyInfo;

describe('the sell listing (spec 2 §5)', () => {
  it('lists an asset token by its wallet id and a pool by its id, with their decimals and a way back', () => {
    expect(findSource(info, new URLSearchParams('mode=sell&coin=XAG'))).toMatchObject({
      coinType: 'native',
      walletId: 'u1:XAG',
      decimals: 4,
      balance: '10',
      back: '/vault-graph?coin=XAG',
    });
    expect(findSource(info, new URLSearchParams('mode=sell&pool=p1'))).toMatchObject({
      coinType: 'nft',
      walletId: 'p1',
      decimals: 2,
      back: '/silent-wave?pool=p1',
    });
    expect(findSource(info, new URLSearchParams('mode=sell&coin=XAU'))).toBeNull();
    expect(findSource(info, new URLSearchParams('mode=sell&pool=nope'))).toBeNull();
    expect(findSource(info, new URLSearchParams('mode=sell'))).toBeNull();
  });

  it("says the contract's words: 'Value is Required', 'Quantity is Required', at most 8 decimals", () => {
    const value = textChecked(marketplaceValue);
    const quantity = textChecked(marketplaceQuantity);
    const first = (r: ReturnType<typeof value.safeParse>) => (r.success ? null : r.error.issues[0]?.message);
    expect(first(value.safeParse(''))).toBe(messages.marketplaceValueRequired);
    expect(first(quantity.safeParse('  '))).toBe(messages.marketplaceQuantityRequired);
    expect(first(quantity.safeParse('1.123456789'))).toBe(messages.marketplaceQuantityDecimals);
    expect(first(quantity.safeParse('-1'))).toBe(messages.marketplaceQuantityInvalid);
    expect(first(quantity.safeParse('0'))).toBe(messages.marketplaceQuantityInvalid);
    expect(quantity.safeParse('4.5').success).toBe(true);
    expect(value.safeParse('25').success).toBe(true);
  });

  it('counts the decimals as typed (the field refuses a ninth)', () => {
    expect(typedDecimals('12')).toBe(0);
    expect(typedDecimals('12.')).toBe(0);
    expect(typedDecimals('1.12345678')).toBe(8);
    expect(typedDecimals('1.123456789')).toBe(9);
  });

  it("an asset token's Exchange opens the sell listing with the token in the address (a reload keeps it)", () => {
    const member = { isWalletActivated: true, sdira: false, type: 'member' };
    const exchange = walletActions('asset', 'XAG', member).find((a) => a.label === 'Exchange');
    expect(exchange?.target).toMatchObject({ kind: 'navigate', to: '/silent-wave?mode=sell&coin=XAG' });
  });
});
