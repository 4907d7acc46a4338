import { messages } from '@vault/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  emptyRedeemAddressForm,
  redeemAddressFormSchema,
  redeemAddressFormValues,
} from '../src/features/redemption/address-form-schema.ts';
import { joinPhone, splitPhone } from '../src/lib/phone.ts';

/** The first message per field of a parse, as the form shows them. */
function messagesOf(values: unknown): Record<string, string> {
  const result = redeemAddressFormSchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const filled = {
  ...emptyRedeemAddressForm,
  name: ' Savings ',
  accountTitle: 'Ada Lovelace',
  address: '12 Analytical Way',
  accountNumber: '000123456789',
  bankName: 'First Bank',
  bankAddress: '1 Bank Plaza',
  zellePay: 'ada@example.com',
};

describe('redeem-address form (spec 2 §5 Redeem-address form)', () => {
  it('says every message of the spec for an empty form; swift, routing, aba and phone are optional', () => {
    expect(emptyRedeemAddressForm.phoneCountry).toBe('US');
    expect(messagesOf(emptyRedeemAddressForm)).toEqual({
      name: 'Name is required',
      accountTitle: 'Account Name is required',
      address: 'Address is required',
      accountNumber: 'Account no. is required',
      bankName: 'Bank Name is required',
      bankAddress: 'Bank Address is required',
      zellePay: 'ZellePay Address is required',
    });
    expect(redeemAddressFormSchema.parse(filled)).toEqual({
      name: 'Savings',
      accountTitle: 'Ada Lovelace',
      address: '12 Analytical Way',
      phoneNumber: '',
      accountNumber: '000123456789',
      aba: '',
      swiftBic: '',
      routingCode: '',
      bankName: 'First Bank',
      bankAddress: '1 Bank Plaza',
      zellePay: 'ada@example.com',
    });
  });

  it('checks the phone, ABA and SWIFT when given, and joins the phone with its flag’s calling code', () => {
    expect(messagesOf({ ...filled, phoneLocal: '555-CALL', aba: '123456789', swiftBic: 'BANK' })).toEqual({
      phoneLocal: messages.phoneDigits,
      aba: messages.abaInvalid,
      swiftBic: messages.swiftInvalid,
    });
    expect(messagesOf({ ...filled, phoneLocal: '12' })).toEqual({ phoneLocal: messages.phoneTooShort });
    const parsed = redeemAddressFormSchema.parse({
      ...filled,
      phoneCountry: 'GB',
      phoneLocal: '020 7946 0958',
      aba: '021000021',
      swiftBic: 'barc gb 22',
    });
    expect(parsed).toMatchObject({ phoneNumber: '+442079460958', aba: '021000021', swiftBic: 'BARCGB22' });
  });

  it('fills the edit form from a saved address, its phone split back into flag and number', () => {
    const saved = {
      ...redeemAddressFormSchema.parse({ ...filled, phoneLocal: '(202) 555-0123' }),
      _id: 'x',
      createdAt: '',
      updatedAt: '',
    };
    expect(saved.phoneNumber).toBe('+12025550123');
    expect(redeemAddressFormValues(saved)).toMatchObject({ phoneCountry: 'US', phoneLocal: '2025550123' });
    expect(redeemAddressFormValues({ ...saved, phoneNumber: '' })).toMatchObject({
      phoneCountry: 'US',
      phoneLocal: '',
    });
  });
});

describe('phone with a country flag (lib/phone.ts)', () => {
  it('joins E.164, dropping a trunk 0 except where it is part of the number', () => {
    expect(joinPhone('US', '')).toBe('');
    expect(joinPhone('DE', '030 123456')).toBe('+4930123456');
    expect(joinPhone('IT', '06 1234 5678')).toBe('+390612345678');
  });

  it('splits by the longest calling code, a shared one under its main country', () => {
    expect(splitPhone('+12025550123')).toEqual({ country: 'US', local: '2025550123' });
    expect(splitPhone('+35312345678')).toEqual({ country: 'IE', local: '12345678' });
    expect(splitPhone('+4930123456')).toEqual({ country: 'DE', local: '30123456' });
    // A calling code several countries share is shown under its main one.
    expect(splitPhone('+442079460958')).toEqual({ country: 'GB', local: '2079460958' });
    expect(splitPhone('+74951234567')).toEqual({ country: 'RU', local: '4951234567' });
  });
});
