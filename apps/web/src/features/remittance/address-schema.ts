import { DEFAULT_COUNTRY } from '@vault/contract/lookups';
import { messages } from '@vault/contract/messages';
import { remittanceAddressBody } from '@vault/contract/schemas/funding';
import { z } from 'zod';

/**
 * The add-address form (spec 2 §5 "Remittance address"): the contract's body without the signature (uploaded
 * on submit: the pad's own check says 'Please upload signature first'), and the agreement checkbox.
 */
export const addressFormSchema = remittanceAddressBody.omit({ signatureUrl: true }).extend({
  agreed: z.boolean().refine((v) => v, messages.remittanceAgreementRequired),
});
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormOutput = z.output<typeof addressFormSchema>;

/** An empty form: the country defaults to United States (spec 1 §5). */
export const emptyAddressForm: AddressFormInput = {
  name: '',
  country: DEFAULT_COUNTRY,
  email: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  agreed: false,
};
