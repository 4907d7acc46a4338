import { Field, SelectField } from './form-fields';
import { countryOptions } from './options';

type Props = {
  /** Which address of the form. */
  name: 'physicalAddress' | 'mailingAddress' | 'refOrgAddress';
  /** The group's name, which starts every field's accessible name ("Physical address — City"). */
  context: string;
  required?: boolean;
  readOnly?: boolean;
};

/** Street, second line, city, state, postal code and country of one address. */
export function AddressFields({ name, context, required, readOnly }: Props) {
  return (
    <>
      <Field
        name={`${name}.streetAddress`}
        context={context}
        label="Street address"
        required={required}
        readOnly={readOnly}
        maxLength={200}
        autoComplete={name === 'refOrgAddress' ? 'off' : 'address-line1'}
        className="sm:col-span-2 lg:col-span-6"
      />
      <Field
        name={`${name}.stAddressLine2`}
        context={context}
        label="Address line 2"
        readOnly={readOnly}
        maxLength={200}
        autoComplete={name === 'refOrgAddress' ? 'off' : 'address-line2'}
        className="sm:col-span-2 lg:col-span-6"
      />
      <Field
        name={`${name}.city`}
        context={context}
        label="City"
        required={required}
        readOnly={readOnly}
        maxLength={100}
        autoComplete={name === 'refOrgAddress' ? 'off' : 'address-level2'}
        className="lg:col-span-3"
      />
      <Field
        name={`${name}.state`}
        context={context}
        label="State / Province"
        readOnly={readOnly}
        maxLength={100}
        autoComplete={name === 'refOrgAddress' ? 'off' : 'address-level1'}
        className="lg:col-span-3"
      />
      <Field
        name={`${name}.postalCode`}
        context={context}
        label="Postal code"
        required={required}
        readOnly={readOnly}
        maxLength={20}
        autoComplete={name === 'refOrgAddress' ? 'off' : 'postal-code'}
        className="lg:col-span-2"
      />
      <SelectField
        name={`${name}.country`}
        context={context}
        label="Country"
        options={countryOptions}
        required={required}
        disabled={readOnly}
        className="lg:col-span-4"
      />
    </>
  );
}
