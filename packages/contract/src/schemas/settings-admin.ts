import { compare, normalize } from '../money.ts';
import { z } from '../zod.ts';

/**
 * The platform settings an owner sets in the back office (issue 11 item 3, Settings): the bank details of
 * spec 2 §3 (zellePay, the domestic and international direct wire accounts), the direct wire fee and the days
 * a direct wire request stays open, the master wallet addresses, maintenance. Members read the bank details,
 * fee and expiry days (the direct wire success page shows where to pay, its due date comes from
 * directWireExpiryDays) and the master wallets in `/api/settings`; the back office reads them all with
 * `GET /api/admin/settings`.
 */

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * A US routing (ABA) number: 9 digits whose weighted sum 3·7·1 is a multiple of 10 (the check digit every
 * bank's routing number carries), so a mistyped digit is caught here rather than by a returned wire.
 */
export function isRoutingNumber(value: string) {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

const routingNo = z
  .string({ error: 'Routing no. is required' })
  .trim()
  .regex(/^\d{9}$/, 'A routing number has 9 digits')
  .refine(isRoutingNumber, 'This routing number is not valid (check digit)');

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (place), optionally 3 (branch). */
const swiftCode = z
  .string({ error: 'SWIFT code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'A SWIFT/BIC code has 8 or 11 letters and digits');

export const zellePay = z.object({
  accountName: text('Account Name'),
  accountType: text('Account type', 50),
  /** The Zelle address (an e-mail or a phone number) members pay to. */
  bankAddress: text('ZellePay Address', 300),
});
export type ZellePay = z.infer<typeof zellePay>;

const wireAccount = {
  accountName: text('Account Name'),
  mailingAddress: text('Mailing address', 300),
  accountType: text('Account type', 50),
  bankName: text('Bank Name'),
  bankAddress: text('Bank Address', 300),
  /** What the member writes on the wire (for further credit to …); may be empty. */
  endorsement: z.string().trim().max(300, 'Endorsement must be at most 300 characters'),
};

export const directWireDomesticAccount = z.object({
  ...wireAccount,
  accountNo: z
    .string({ error: 'Account no. is required' })
    .trim()
    .min(1, 'Account no. is required')
    .regex(/^\d{4,17}$/, 'A US account number has 4 to 17 digits'),
  routingNo,
});
export type DirectWireDomesticAccount = z.infer<typeof directWireDomesticAccount>;

export const directWireInternationalAccount = z.object({
  ...wireAccount,
  accountNo: z
    .string({ error: 'Account no. is required' })
    .trim()
    .min(1, 'Account no. is required')
    .regex(/^[A-Za-z0-9 -]{4,34}$/, 'An account number has 4 to 34 letters and digits'),
  routingNo,
  swiftCode,
});
export type DirectWireInternationalAccount = z.infer<typeof directWireInternationalAccount>;

/** The three accounts members pay into; null until an owner sets them. */
export const bankDetails = z.object({
  zellePay: zellePay.nullable(),
  directWireDomesticAccount: directWireDomesticAccount.nullable(),
  directWireInternationalAccount: directWireInternationalAccount.nullable(),
});
export type BankDetails = z.infer<typeof bankDetails>;
/** What an owner saves: all three accounts, each complete. */
export const bankDetailsBody = z.object({
  zellePay,
  directWireDomesticAccount,
  directWireInternationalAccount,
});
export type BankDetailsBody = z.infer<typeof bankDetailsBody>;

export const DIRECT_WIRE_EXPIRY_DAYS_MAX = 30;
/** The fee of a direct wire, in USD: at most 2 decimals, kept as a decimal string (money.ts), never a number. */
const fee = z
  .string({ error: 'Enter the fee in USD' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the fee in USD, at most 2 decimals (e.g. 25 or 25.50)')
  .transform(normalize);

export const directWire = z.object({
  directWireFee: z.string(),
  directWireExpiryDays: z.number().int(),
});
export const directWireBody = z.object({
  directWireFee: fee,
  directWireExpiryDays: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(DIRECT_WIRE_EXPIRY_DAYS_MAX, `At most ${DIRECT_WIRE_EXPIRY_DAYS_MAX} days`),
});
export type DirectWireBody = z.infer<typeof directWireBody>;

/** A fee in percent, 0 to `max`, at most 2 decimals (the redemption and marketplace fees). */
const feePercent = (max: string) =>
  z
    .string({ error: 'Enter the fee in percent' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Enter the fee in percent, at most 2 decimals (e.g. 1 or 1.25)')
    .transform(normalize)
    .refine((v) => compare(v, max) <= 0, `The fee is at most ${max} percent`);

export const MAX_REDEMPTION_FEE_PERCENT = '10';
/**
 * The redemption fee (issue 14 item 4, "fee legs per settings"): a percentage of what is redeemed, taken in the
 * token itself when the request completes (the fees account gets it; the rest leaves circulation and is what is
 * paid out). Fixed on each request when it is made, so the member is never charged a rate they did not see.
 */
export const redemptionFee = z.object({ redemptionFeePercent: z.string() });
export const redemptionFeeBody = z.object({ redemptionFeePercent: feePercent(MAX_REDEMPTION_FEE_PERCENT) });
export type RedemptionFeeBody = z.infer<typeof redemptionFeeBody>;

export const MAX_MARKETPLACE_FEE_PERCENT = '10';
/**
 * The marketplace fee (issue 17 item 5): a percentage of each trade's price, in Q, kept from the seller's
 * proceeds for the fees account in the trade's own entry. 0 until an owner sets it; the buyer always pays the
 * listed price.
 */
export const marketplaceFee = z.object({ marketplaceFeePercent: z.string() });
export const marketplaceFeeBody = z.object({ marketplaceFeePercent: feePercent(MAX_MARKETPLACE_FEE_PERCENT) });
export type MarketplaceFeeBody = z.infer<typeof marketplaceFeeBody>;

/** The platform's deposit addresses: Bitcoin, and Ethereum (which ERC-20 tokens such as USDT use too). */
export const masterWallets = z.object({ masterWalletBTC: z.string(), masterWalletETH: z.string() });
export const masterWalletsBody = z.object({
  masterWalletBTC: z
    .string({ error: 'Enter the Bitcoin address' })
    .trim()
    .regex(
      /^(bc1[a-z0-9]{25,87}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
      'A Bitcoin address starts with bc1, 1 or 3 (25 to 90 characters)',
    ),
  masterWalletETH: z
    .string({ error: 'Enter the Ethereum address' })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'An Ethereum address is 0x and 40 hexadecimal digits'),
});
export type MasterWalletsBody = z.infer<typeof masterWalletsBody>;

export const maintenanceBody = z.object({ maintenance: z.boolean() });

/** `GET /api/admin/settings`: everything the Settings screen shows (the maker-checker threshold has its own call). */
export const adminSettings = z.object({
  maintenance: z.boolean(),
  ...bankDetails.shape,
  ...directWire.shape,
  ...redemptionFee.shape,
  ...marketplaceFee.shape,
  ...masterWallets.shape,
});
export type AdminSettings = z.infer<typeof adminSettings>;
export const adminSettingsResponse = z.object({ data: adminSettings });
export const adminSettingsUpdated = z.object({ message: z.string(), data: adminSettings });
