import { describe, expect, it } from 'vitest';
import { directWireBody, isRoutingNumber, masterWalletsBody } from '../src/schemas/settings-admin.ts';

describe('settings the back office sets', () => {
  it('checks a routing number by its ABA check digit', () => {
    for (const good of ['021000021', '011000015', '121000358']) expect(isRoutingNumber(good), good).toBe(true);
    for (const bad of ['021000022', '12345678', '0210000210', '02100002a'])
      expect(isRoutingNumber(bad), bad).toBe(false);
  });

  it('keeps the direct wire fee a normalised decimal string and the days a whole number', () => {
    expect(directWireBody.parse({ directWireFee: '25.50', directWireExpiryDays: '3' })).toEqual({
      directWireFee: '25.5',
      directWireExpiryDays: 3,
    });
    expect(directWireBody.safeParse({ directWireFee: '0.001', directWireExpiryDays: 3 }).success).toBe(false);
  });

  it('takes Bitcoin and Ethereum addresses only', () => {
    expect(
      masterWalletsBody.safeParse({
        masterWalletBTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        masterWalletETH: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
      }).success,
    ).toBe(true);
    expect(masterWalletsBody.safeParse({ masterWalletBTC: '0xabc', masterWalletETH: 'bc1q' }).success).toBe(false);
  });
});
