import { messages } from '@vault/contract/messages';
import { type RedeemAddress, redeemAddressBody } from '@vault/contract/schemas/redeem-addresses';
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, joinPhone, phoneDigits, splitPhone } from '../../lib/phone';

/**
 * The redeem-address form (spec 2 §5 "Redeem-address form"): the contract's body, the phone as a country (its
 * flag, US by default) and a number, joined into the body's E.164 phoneNumber on submit. The number is
 * optional; when typed, digits only (spaces, dashes and brackets allowed), 4 to 14 of them.
 */
export const redeemAddressFormSchema = redeemAddressBody
  .omit({ phoneNumber: true })
  .extend({
    phoneCountry: z.string(),
    phoneLocal: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') return;
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        const digits = phoneDigits(value);
        if (!/^\d+$/.test(digits)) return fail(messages.phoneDigits);
        if (digits.length < 4) return fail(messages.phoneTooShort);
        if (digits.length > 14) return fail(messages.phoneTooLong);
      }),
  })
  .transform(({ phoneCountry, phoneLocal, ...address }) => ({
    ...address,
    phoneNumber: joinPhone(phoneCountry, phoneLocal),
  }));
export type RedeemAddressFormInput = z.input<typeof redeemAddressFormSchema>;
export type RedeemAddressFormOutput = z.output<typeof redeemAddressFormSchema>;

/** An empty form: the phone's flag defaults to US. */
export const emptyRedeemAddressForm: RedeemAddressFormInput = {
  name: '',
  accountTitle: '',
  address: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phoneLocal: '',
  accountNumber: '',
  aba: '',
  swiftBic: '',
  routingCode: '',
  bankName: '',
  bankAddress: '',
  zellePay: '',
};

/** The edit form, filled with the saved address (its phone split back into flag and number). */
export function redeemAddressFormValues(address: RedeemAddress): RedeemAddressFormInput {
  const { country, local } = address.phoneNumber
    ? splitPhone(address.phoneNumber)
    : { country: DEFAULT_PHONE_COUNTRY, local: '' };
  return {
    name: address.name,
    accountTitle: address.accountTitle,
    address: address.address,
    phoneCountry: country,
    phoneLocal: local,
    accountNumber: address.accountNumber,
    aba: address.aba,
    swiftBic: address.swiftBic,
    routingCode: address.routingCode,
    bankName: address.bankName,
    bankAddress: address.bankAddress,
    zellePay: address.zellePay,
  };
}
