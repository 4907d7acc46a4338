import { dialCodeOf } from '@vault/contract/lookups';
import { CheckboxField } from '@vault/ui/field';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressFields } from './address-fields';
import { Field, FieldGroup, fieldId, SelectField } from './form-fields';
import type { WizardValues } from './form-values';
import { phoneCountryOptions, prefixOptions } from './options';

/** Step 2, G.P.A. Level 3 Info: name, contact, physical and mailing address, effective date (spec 1 §5). */
export function GpaInfoStep() {
  const { control, getValues, setValue, clearErrors, register, watch } = useFormContext<WizardValues>();
  const sameAddress = useWatch({ control, name: 'ui.mailingSameAsPhysical' });

  // While the box is ticked the mailing address follows the physical one, keystroke by keystroke.
  useEffect(() => {
    const copy = () => {
      setValue('mailingAddress', { ...getValues('physicalAddress') }, { shouldDirty: true });
      clearErrors('mailingAddress');
    };
    if (getValues('ui.mailingSameAsPhysical')) copy();
    const subscription = watch((values, { name }) => {
      if (!values.ui?.mailingSameAsPhysical) return;
      if (name === 'ui.mailingSameAsPhysical' || name?.startsWith('physicalAddress')) copy();
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, setValue, clearErrors]);

  return (
    <div className="space-y-8">
      <FieldGroup legend="Name">
        <SelectField name="name.prefix" label="Prefix" options={prefixOptions} required className="lg:col-span-2" />
        <Field
          name="name.firstName"
          label="First name"
          required
          maxLength={100}
          autoComplete="given-name"
          className="lg:col-span-3"
        />
        <Field
          name="name.middleName"
          label="Middle name"
          maxLength={100}
          autoComplete="additional-name"
          className="lg:col-span-2"
        />
        <Field
          name="name.lastName"
          label="Last name"
          required
          maxLength={100}
          autoComplete="family-name"
          className="lg:col-span-3"
        />
        <Field
          name="name.suffix"
          label="Suffix"
          maxLength={20}
          autoComplete="honorific-suffix"
          className="lg:col-span-2"
        />
      </FieldGroup>

      <FieldGroup legend="Contact">
        <Field
          name="primaryEmail"
          label="Primary email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className="lg:col-span-6"
        />
        <Field
          name="secondaryEmail"
          label="Secondary email"
          type="email"
          maxLength={254}
          autoComplete="off"
          className="lg:col-span-6"
        />
        <SelectField
          name="ui.primaryPhoneCountry"
          errorName="primaryPhone.countryCode"
          context="Primary phone"
          label="Country code"
          options={phoneCountryOptions}
          required
          allowEmpty={false}
          onPicked={(country) => setValue('primaryPhone.countryCode', dialCodeOf(country) ?? '', { shouldDirty: true })}
          className="sm:col-span-2 lg:col-span-5"
        />
        <Field
          name="primaryPhone.areaCode"
          context="Primary phone"
          label="Area code"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <Field
          name="primaryPhone.remNumber"
          context="Primary phone"
          label="Number"
          inputMode="numeric"
          required
          maxLength={16}
          autoComplete="tel-local"
          hint="Digits only."
          className="lg:col-span-5"
        />
      </FieldGroup>

      <FieldGroup legend="Physical address">
        <AddressFields name="physicalAddress" context="Physical address" required />
      </FieldGroup>

      <FieldGroup
        legend="Mailing address"
        note={
          <CheckboxField
            id={fieldId('ui.mailingSameAsPhysical')}
            label="Mailing address is the same as physical address"
            {...register('ui.mailingSameAsPhysical')}
          />
        }
      >
        <AddressFields name="mailingAddress" context="Mailing address" required readOnly={sameAddress} />
      </FieldGroup>

      <FieldGroup legend="Membership">
        <Field
          name="registrationDate"
          label="Effective date"
          type="date"
          required
          hint="The day your membership takes effect."
          className="sm:col-span-1 lg:col-span-4"
        />
      </FieldGroup>
    </div>
  );
}
