import { randomBytes } from 'node:crypto';
import { isAmount, isPositive, normalize } from '@vault/contract/money';
import { z } from 'zod';

/** The bodies the COINQVEST sandbox accepts (sandbox.ts), checked as strictly as the API documents them. */

/** A JSON amount (number or decimal string, at most 8 decimals, not negative) as a decimal string. */
const jsonAmount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,8})?$/.test(v) && isAmount(v), { message: 'must be a positive amount' })
  .transform((v) => normalize(v));

export const customerBody = z.object({
  customer: z.object({
    email: z.email().max(200),
    firstname: z.string().max(200).optional(),
    lastname: z.string().max(200).optional(),
    company: z.string().max(200).optional(),
    adr1: z.string().max(200).optional(),
    adr2: z.string().max(200).optional(),
    zip: z.string().max(50).optional(),
    city: z.string().max(200).optional(),
    countrycode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    phonenumber: z.string().max(50).optional(),
    taxid: z.string().max(100).optional(),
  }),
});

export const checkoutBody = z.object({
  charge: z.object({
    customerId: z.string().max(100).optional(),
    billingCurrency: z.string().min(3).max(12).optional(),
    currency: z.string().min(3).max(12).optional(),
    lineItems: z
      .array(
        z.object({
          description: z.string().min(1).max(200),
          netAmount: jsonAmount,
          quantity: z.number().int().min(1).max(1_000_000).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  settlementAsset: z.string().max(200).optional(),
  settlementCurrency: z.string().max(200).optional(),
  webhook: z.url().max(2000).optional(),
  links: z.object({ returnUrl: z.url().max(2000).optional(), cancelUrl: z.url().max(2000).optional() }).optional(),
});

/** The networks the sandbox gives deposit addresses on (POST /deposit-address). */
export const ADDRESS_NETWORKS = ['BITCOIN', 'ETHEREUM', 'LITECOIN'] as const;

export const depositAddressBody = z.object({
  network: z.enum(ADDRESS_NETWORKS),
  customerId: z.string().max(100).optional(),
});

/** A fresh address in the network's own format (bech32-like for Bitcoin and Litecoin, 20 bytes hex for Ethereum). */
export function freshAddress(network: (typeof ADDRESS_NETWORKS)[number]) {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const bech = (n: number) => Array.from(randomBytes(n), (b) => alphabet[b & 31]).join('');
  if (network === 'ETHEREUM') return `0x${randomBytes(20).toString('hex')}`;
  return `${network === 'BITCOIN' ? 'bc1q' : 'ltc1q'}${bech(38)}`;
}

export const depositBody = z.object({
  address: z.string().trim().min(1).max(200),
  memo: z.string().trim().max(100).optional(),
  network: z.string().trim().max(50).optional(),
  assetCode: z.string().trim().min(1).max(100),
  amount: jsonAmount.refine(isPositive, { message: 'must be a positive amount' }),
  webhook: z.url().max(2000).optional(),
});

export const withdrawalBody = z.object({
  sourceAsset: z.string().trim().min(1).max(200),
  sourceAmount: jsonAmount.refine(isPositive, { message: 'must be a positive amount' }),
  targetNetwork: z.string().trim().min(1).max(50),
  targetAccount: z.record(z.string(), z.unknown()),
});

/** The networks withdrawals go to, as GET /networks lists them. */
export const NETWORKS = [
  { code: 'BITCOIN', name: 'Bitcoin', assetCode: 'BTC' },
  { code: 'ETHEREUM', name: 'Ethereum', assetCode: 'ETH' },
  { code: 'LITECOIN', name: 'Litecoin', assetCode: 'LTC' },
  { code: 'LIGHTNING', name: 'Lightning', assetCode: 'BTC' },
  { code: 'STELLAR', name: 'Stellar', assetCode: 'XLM' },
  { code: 'PIX', name: 'PIX (Brazil)', assetCode: 'BRL' },
  { code: 'BANK', name: 'Bank transfer (Argentina)', assetCode: 'ARS' },
];
