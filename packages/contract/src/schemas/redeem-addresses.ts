import { messages } from '../messages.ts';
import { z } from '../zod.ts';

/**
 * Redeem addresses (issue 14 item 1; spec 2 §3 "Withdraw (redeem) address", §5 "Redeem-address form", §7
 * `direct-wires/withdraw…`): the bank accounts a member redeems to by direct wire. One schema for the web's
 * form and the server's routes: add and edit send the same body.
 */

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text: absent, null or blank is '' (stored and answered as ''). */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

/**
 * The phone in E.164 (the form joins the flag's calling code and the number): '+', a country code that does not
 * start with 0, at most 15 digits in all. Optional (not among spec 2 §5's required fields); '' when none.
 */
export const PHONE_PATTERN = /^\+[1-9]\d{5,14}$/;

/** SWIFT / BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const SWIFT_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * A US ABA routing number: 9 digits whose weighted sum 3-7-1 is a multiple of 10 (the check digit), so a
 * mistyped digit is caught before a wire bounces.
 */
export function isAbaNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const redeemAddressBody = z.object({
  name: required(messages.nameRequired, 100),
  /** The account holder's name ('Account Name'). */
  accountTitle: required(messages.accountNameRequired, 100),
  /** The account holder's address. */
  address: required(messages.redeemAddressRequired, 300),
  phoneNumber: z
    .string({ error: messages.redeemPhoneInvalid })
    .trim()
    .nullish()
    .transform((value) => (value ?? '').replace(/[\s()-]/g, ''))
    .refine((value) => value === '' || PHONE_PATTERN.test(value), messages.redeemPhoneInvalid),
  accountNumber: required(messages.accountNumberRequired, 50),
  /** Optional; when given, 9 digits with a valid ABA check digit. */
  aba: optional(20).refine((value) => value === '' || isAbaNumber(value), messages.abaInvalid),
  /** Optional; when given, a SWIFT / BIC code (upper-cased, spaces dropped). */
  swiftBic: optional(20)
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .refine((value) => value === '' || SWIFT_PATTERN.test(value), messages.swiftInvalid),
  /** Optional: a routing code outside the ABA system (sort code, transit number, IFSC, …). */
  routingCode: optional(50),
  bankName: required(messages.bankNameRequired, 100),
  bankAddress: required(messages.bankAddressRequired, 300),
  /** The Zelle address (an e-mail or a phone) of the account. */
  zellePay: required(messages.zellePayRequired, 254),
});
export type RedeemAddressBody = z.infer<typeof redeemAddressBody>;
export type RedeemAddressInput = z.input<typeof redeemAddressBody>;

export const redeemAddress = z.object({
  _id: z.string(),
  name: z.string(),
  accountTitle: z.string(),
  address: z.string(),
  /** E.164, or '' when none was given. */
  phoneNumber: z.string(),
  accountNumber: z.string(),
  aba: z.string(),
  swiftBic: z.string(),
  routingCode: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  zellePay: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RedeemAddress = z.infer<typeof redeemAddress>;
export const redeemAddressesResponse = z.object({ data: z.array(redeemAddress) });
export const redeemAddressResponse = z.object({ message: z.string(), data: redeemAddress });
export const redeemAddressDetailResponse = z.object({ data: redeemAddress });
