import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CryptoRedeemBody,
  cryptoRedeemBody,
  type DirectWireRedeemBody,
  directWireRedeemBody,
} from '@vault/contract/schemas/redemption';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import type { Resolver } from 'react-hook-form';
import { amountProblem } from './redeem-options';

/** The COINQVEST form's values: the target account is one network's fields, as strings. */
export type CryptoRedeemValues = {
  tokenId: string;
  amount: string;
  targetNetwork: string;
  targetAccount: Record<string, string>;
  targetAsset?: string | undefined;
};

/**
 * The contract's schema (spec 2 §5 Crypto redeem: every message, formats and checksums per network), then
 * what the member's wallet says of the amount: 'Insufficient Balance' at or above the balance, or more than
 * has been held 1 year and 1 day. All messages show at once.
 */
export function cryptoRedeemResolver(
  walletOf: (coin: string) => NativeWallet | undefined,
): Resolver<CryptoRedeemValues, unknown, CryptoRedeemBody> {
  const schema = zodResolver(cryptoRedeemBody) as unknown as Resolver<CryptoRedeemValues, unknown, CryptoRedeemBody>;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const problem = result.errors.amount ? null : amountProblem(values.amount, walletOf(values.tokenId), 'crypto');
    if (!problem) return result;
    return { values: {}, errors: { ...result.errors, amount: { type: 'balance', message: problem } } };
  };
}

/** The direct-wire form's values. */
export type DirectWireValues = { token: string; amount: string; withdrawalAddress: string };

/**
 * The contract's schema (spec 2 §5 Direct wire redeem: token required, amount nonzero, an address chosen),
 * then 'Insufficient Balance' above the balance and the holding period of asset and legacy tokens.
 */
export function directWireResolver(
  walletOf: (coin: string) => NativeWallet | undefined,
): Resolver<DirectWireValues, unknown, DirectWireRedeemBody> {
  const schema = zodResolver(directWireRedeemBody) as unknown as Resolver<
    DirectWireValues,
    unknown,
    DirectWireRedeemBody
  >;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const problem = result.errors.amount ? null : amountProblem(values.amount, walletOf(values.token), 'directWire');
    if (!problem) return result;
    return { values: {}, errors: { ...result.errors, amount: { type: 'balance', message: problem } } };
  };
}
