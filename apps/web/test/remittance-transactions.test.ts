import { messages } from '@vault/contract/messages';
import { describe, expect, it } from 'vitest';
import { addressFormSchema, emptyAddressForm } from '../src/features/remittance/address-schema.ts';
import { transactionTitle } from '../src/features/wallet/transactions.ts';

/** The first message per field of a parse, as the form shows them. */
function messagesOf(values: unknown): Record<string, string> {
  const result = addressFormSchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('add-address form (spec 2 §5 Remittance address)', () => {
  it('says every message of the spec for an empty form, the country defaulting to United States', () => {
    expect(emptyAddressForm.country).toBe('United States');
    expect(messagesOf(emptyAddressForm)).toEqual({
      name: messages.nameRequired,
      email: messages.sendEmailInvalid,
      streetAddress: messages.streetAddressRequired,
      city: messages.cityRequired,
      state: messages.stateRequired,
      zipCode: messages.zipCodeRequired,
      agreed: messages.remittanceAgreementRequired,
    });
  });

  it('trims, refuses blanks and a malformed e-mail, and accepts a complete form', () => {
    const filled = {
      name: '  Jane  ',
      country: 'Canada',
      email: ' Jane@Example.com ',
      streetAddress: '1 Main St',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 1K4',
      agreed: true,
    };
    expect(messagesOf({ ...filled, city: '   ', email: 'jane@' })).toEqual({
      email: messages.sendEmailInvalid,
      city: messages.cityRequired,
    });
    const parsed = addressFormSchema.parse(filled);
    expect(parsed.name).toBe('Jane');
    expect(parsed.email).toBe('jane@example.com');
  });
});

describe('transactions list titles (spec 1 §2, §3)', () => {
  it('names the type, and the method when there is one', () => {
    expect(transactionTitle({ type: 'tokenPurchase', method: 'directWire' })).toBe('Token Purchase by Direct Wire');
    expect(transactionTitle({ type: 'walletActivation', method: 'directWire' })).toBe(
      'Wallet Activation by Direct Wire',
    );
    expect(transactionTitle({ type: 'subscription', method: null })).toBe('Subscription');
    expect(transactionTitle({ type: 'nftPurchase', method: null })).toBe('Acquired Opportunity Token');
  });
});
