import { dialCodeOf } from '@vault/contract/lookups';
import { useFormContext } from 'react-hook-form';
import { AddressFields } from './address-fields';
import { AreaField, Field, FieldGroup, SelectField } from './form-fields';
import type { WizardValues } from './form-values';
import { assemblyOptions, phoneCountryOptions, prefixOptions, referralOptions } from './options';

/**
 * Step 3, TAF/Legacy: the sponsoring assembly (required), then who referred the member, the referring
 * organisation's address and a beneficiary, all optional (spec 1 §5).
 */
export function TafStep() {
  const { setValue } = useFormContext<WizardValues>();
  return (
    <div className="space-y-8">
      <FieldGroup legend="Sponsor">
        <SelectField
          name="sponsor.name"
          label="Sponsoring Assembly"
          options={assemblyOptions}
          required
          className="sm:col-span-2 lg:col-span-4"
        />
        <Field
          name="sponsor.suffix"
          context="Sponsor"
          label="Suffix"
          maxLength={20}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <Field
          name="sponsor.phone.areaCode"
          context="Sponsor"
          label="Phone area code"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <Field
          name="sponsor.phone.remNumber"
          context="Sponsor"
          label="Phone number"
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          className="lg:col-span-4"
        />
      </FieldGroup>

      <FieldGroup legend="Referral">
        <SelectField
          name="refAmbassador.ambassador"
          label="Referral source"
          options={referralOptions}
          className="sm:col-span-2 lg:col-span-4"
        />
        <SelectField
          name="refAmbassador.name.prefix"
          context="Ambassador"
          label="Prefix"
          options={prefixOptions}
          className="lg:col-span-2"
        />
        <Field
          name="refAmbassador.name.firstName"
          context="Ambassador"
          label="First name"
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-3"
        />
        <Field
          name="refAmbassador.name.lastName"
          context="Ambassador"
          label="Last name"
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-3"
        />
        <Field
          name="refAmbassador.phone"
          context="Ambassador"
          label="Phone number"
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          className="lg:col-span-4"
        />
        <AreaField
          name="refAmbassador.description"
          context="Referral"
          label="Description"
          maxLength={500}
          placeholder="How did you hear about us?"
          className="sm:col-span-2 lg:col-span-8"
        />
      </FieldGroup>

      <FieldGroup legend="Referring organization address">
        <AddressFields name="refOrgAddress" context="Referring organization" />
      </FieldGroup>

      <FieldGroup legend="Beneficiary">
        <SelectField
          name="beneficiary.name.prefix"
          context="Beneficiary"
          label="Prefix"
          options={prefixOptions}
          className="lg:col-span-2"
        />
        <Field
          name="beneficiary.name.firstName"
          context="Beneficiary"
          label="First name"
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-3"
        />
        <Field
          name="beneficiary.name.middleName"
          context="Beneficiary"
          label="Middle name"
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <Field
          name="beneficiary.name.lastName"
          context="Beneficiary"
          label="Last name"
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-3"
        />
        <Field
          name="beneficiary.name.suffix"
          context="Beneficiary"
          label="Suffix"
          maxLength={20}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <SelectField
          name="ui.beneficiaryPhoneCountry"
          errorName="beneficiary.countryCode"
          context="Beneficiary"
          label="Phone country code"
          options={phoneCountryOptions}
          onPicked={(country) => setValue('beneficiary.countryCode', dialCodeOf(country) ?? '', { shouldDirty: true })}
          className="sm:col-span-2 lg:col-span-5"
        />
        <Field
          name="beneficiary.phone"
          context="Beneficiary"
          label="Phone number"
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          className="lg:col-span-3"
        />
        <Field
          name="beneficiary.email"
          context="Beneficiary"
          label="Email"
          type="email"
          maxLength={254}
          autoComplete="off"
          className="lg:col-span-4"
        />
        <Field
          name="beneficiary.relationship"
          context="Beneficiary"
          label="Relationship"
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Spouse"
          className="lg:col-span-4"
        />
      </FieldGroup>
    </div>
  );
}
