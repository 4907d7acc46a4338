import { messages } from '@vault/contract/messages';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { TARGET_NETWORKS } from '@vault/contract/target-accounts';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  cutReason,
  emptyAccount,
  initialWallet,
  isSdiraMember,
  knownNetworks,
  REASON_CUT,
  redeemableWallets,
} from '../src/features/redemption/redeem-options.ts';
import { cryptoRedeemResolver, directWireResolver } from '../src/features/redemption/redeem-resolvers.ts';

const wallet = (patch: Partial<NativeWallet>): NativeWallet =>
  ({
    coinSymbol: 'Q',
    type: 'liquidity',
    balance: '100',
    onHold: '0',
    price: '1',
    decimals: 2,
    redeemable: null,
    ...patch,
  }) as NativeWallet;

const Q = wallet({});
const XAG = wallet({ coinSymbol: 'XAG', type: 'asset', balance: '50', redeemable: { amount: '20', nextOn: null } });
const LEGACY = wallet({ coinSymbol: 'IRA', type: 'sdira', balance: '10', redeemable: { amount: '10', nextOn: null } });
const wallets = [Q, XAG, LEGACY];
const walletOf = (coin: string) => wallets.find((w) => w.coinSymbol === coin);

const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** Every message of a resolver's answer by its dotted path, as the form shows them under their fields. */
function flat(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    if (typeof (value as { message?: unknown }).message === 'string') {
      out[`${prefix}${key}`] = (value as { message: string }).message;
    } else Object.assign(out, flat(value as FieldErrors, `${prefix}${key}.`));
  }
  return out;
}

async function crypto(values: object) {
  const resolve = cryptoRedeemResolver(walletOf);
  const r = await resolve(
    { tokenId: '', amount: '', targetNetwork: '', targetAccount: {}, ...values },
    undefined,
    options,
  );
  return { errors: flat(r.errors), values: r.values as unknown };
}

async function wire(values: object) {
  const resolve = directWireResolver(walletOf);
  const r = await resolve({ token: '', amount: '', withdrawalAddress: '', ...values }, undefined, options);
  return { errors: flat(r.errors), values: r.values as unknown };
}

describe('which tokens each rail redeems (spec 2 §2)', () => {
  it('COINQVEST: liquidity and asset tokens; direct wire: those and sdira tokens', () => {
    expect(redeemableWallets(wallets, 'crypto').map((w) => w.coinSymbol)).toEqual(['Q', 'XAG']);
    expect(redeemableWallets(wallets, 'directWire').map((w) => w.coinSymbol)).toEqual(['Q', 'XAG', 'IRA']);
  });
  it('starts with the wallet the action named, else the first with a balance', () => {
    expect(initialWallet(wallets, 'XAG')?.coinSymbol).toBe('XAG');
    expect(initialWallet([wallet({ balance: '0' }), XAG], undefined)?.coinSymbol).toBe('XAG');
    expect(initialWallet([], undefined)).toBeUndefined();
  });
  it('tells sdira members by either flag', () => {
    expect(isSdiraMember({ sdira: true, type: 'default' } as never)).toBe(true);
    expect(isSdiraMember({ sdira: false, type: 'sdira' } as never)).toBe(true);
    expect(isSdiraMember({ sdira: false, type: 'default' } as never)).toBe(false);
  });
});

describe('the amount (spec 2 §5 Crypto redeem, Direct wire redeem)', () => {
  it("says 'Insufficient Balance' at or above the balance through COINQVEST, above it by wire", () => {
    expect(amountProblem('100', Q, 'crypto')).toBe(messages.redeemInsufficientBalance);
    expect(amountProblem('99.99', Q, 'crypto')).toBeNull();
    expect(amountProblem('100', Q, 'directWire')).toBeNull();
    expect(amountProblem('100.00000001', Q, 'directWire')).toBe(messages.redeemInsufficientBalance);
  });
  it('says how much of an asset token is redeemable now and when the next lot qualifies', () => {
    expect(amountProblem('20', XAG, 'crypto')).toBeNull();
    expect(amountProblem('20.5', XAG, 'crypto')).toBe(
      'Only tokens held for 1 year and 1 day can be redeemed: 20 XAG can be redeemed now.',
    );
    const later = { ...XAG, redeemable: { amount: '0', nextOn: '2027-03-05T12:00:00.000Z' } };
    expect(amountProblem('1', later, 'crypto')).toMatch(
      /^Only tokens held for 1 year and 1 day can be redeemed: 0 XAG can be redeemed now; more on March [45], 2027\.$/,
    );
  });
  it('leaves what is not an amount to the schema', () => {
    expect(amountProblem('abc', Q, 'crypto')).toBeNull();
    expect(amountProblem('0', Q, 'crypto')).toBeNull();
    expect(amountProblem('5', undefined, 'crypto')).toBeNull();
  });
});

describe('the COINQVEST form (contract schema + the wallet)', () => {
  it('says every message of an empty form', async () => {
    expect((await crypto({})).errors).toEqual({
      tokenId: messages.redeemTokenRequired,
      amount: messages.redeemAmountInvalid,
      targetNetwork: messages.targetNetworkRequired,
    });
  });

  it("an empty account of each network says the spec's messages, field by field", async () => {
    const expected: Record<string, Record<string, string>> = {
      BITCOIN: { 'targetAccount.address': messages.targetAddressRequired },
      ETHEREUM: { 'targetAccount.address': messages.targetAddressRequired },
      LITECOIN: { 'targetAccount.address': messages.targetAddressRequired },
      LIGHTNING: { 'targetAccount.address': messages.targetAddressRequired },
      PIX: {
        'targetAccount.pixKey': messages.targetPixKeyRequired,
        'targetAccount.taxId': messages.targetTaxIdRequired,
      },
      BANK: {
        'targetAccount.cbu': messages.targetCbuRequired,
        'targetAccount.cuitPersonal': messages.targetCuitPersonalRequired,
      },
      STELLAR: {
        'targetAccount.account': messages.targetStellarAccountRequired,
        'targetAccount.asset': messages.targetStellarAssetRequired,
      },
    };
    for (const network of TARGET_NETWORKS) {
      const { errors } = await crypto({
        tokenId: 'Q',
        amount: '5',
        targetNetwork: network,
        targetAccount: emptyAccount(network),
      });
      expect(errors, network).toEqual(expected[network]);
    }
  });

  it('adds Insufficient Balance beside the other messages, and passes a good bank redeem', async () => {
    expect((await crypto({ tokenId: 'Q', amount: '100' })).errors).toEqual({
      amount: messages.redeemInsufficientBalance,
      targetNetwork: messages.targetNetworkRequired,
    });
    const good = await crypto({
      tokenId: 'Q',
      amount: '25.5',
      targetNetwork: 'BANK',
      targetAccount: { cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6', cuitCompany: '' },
    });
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({
      tokenId: 'Q',
      amount: '25.5',
      targetNetwork: 'BANK',
      targetAccount: { cbu: '2850590940090418135201', cuitPersonal: '20123456786' },
    });
  });

  it('a Stellar account without a memo leaves the memo type out', async () => {
    const { errors, values } = await crypto({
      tokenId: 'Q',
      amount: '1',
      targetNetwork: 'STELLAR',
      targetAccount: {
        ...emptyAccount('STELLAR'),
        account: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
        asset: 'XLM',
      },
    });
    expect(errors).toEqual({});
    expect((values as { targetAccount: object }).targetAccount).toEqual({
      account: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
      asset: 'XLM',
    });
  });
});

describe('the direct-wire form', () => {
  it('says the token, the amount and the address', async () => {
    expect((await wire({})).errors).toEqual({
      token: messages.redeemTokenRequired,
      amount: messages.redeemAmountInvalid,
      withdrawalAddress: messages.redeemAddressChoose,
    });
    expect((await wire({ token: 'Q', amount: '0' })).errors.amount).toBe(messages.redeemAmountInvalid);
    expect((await wire({ token: 'Q', amount: '101' })).errors.amount).toBe(messages.redeemInsufficientBalance);
    const id = '0194f2a4-7c1e-7a3b-8c2d-1e2f3a4b5c6d';
    expect((await wire({ token: 'Q', amount: '100', withdrawalAddress: id })).errors).toEqual({});
  });
});

describe('history helpers', () => {
  it('cuts a rejection reason at 40 characters', () => {
    const long = 'The beneficiary bank refused the wire: account closed';
    expect(cutReason(long)).toBe(`${long.slice(0, REASON_CUT)}…`);
    expect(cutReason('Too short to cut')).toBe('Too short to cut');
    expect(cutReason('x'.repeat(40))).toBe('x'.repeat(40));
  });
  it('keeps only the networks the app has a form for', () => {
    expect(
      knownNetworks([
        { code: 'BANK', name: 'Bank (Argentina)', type: 'bank' },
        { code: 'DOGE', name: 'Dogecoin', type: 'address' },
      ]).map((n) => n.code),
    ).toEqual(['BANK']);
  });
});
