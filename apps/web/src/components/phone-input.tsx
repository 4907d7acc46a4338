import { COUNTRIES } from '@vault/contract/lookups';
import { TextField } from '@vault/ui/field';
import type { ComponentProps } from 'react';
import { CountryFlag } from './country-flag';
import { SearchableSelect, type SelectOption } from './searchable-select';

/** Every country by its flag, name and calling code: "United Kingdom (+44)". */
const phoneCountries: SelectOption[] = COUNTRIES.map(({ name, code, dialCode }) => ({
  value: code,
  label: `${name} (${dialCode})`,
  icon: <CountryFlag code={code} />,
}));

type Props = {
  /** Ids of the two controls start with it: `${id}-country`, `${id}-number`. */
  id: string;
  legend?: string;
  /** The chosen country's ISO code (lib/phone.ts DEFAULT_PHONE_COUNTRY: US). */
  country: string;
  onCountryChange: (code: string) => void;
  /** The number's input (react-hook-form's register), without the calling code. */
  number: Omit<ComponentProps<typeof TextField>, 'label' | 'id'>;
  error?: string | undefined;
  optional?: boolean;
};

/**
 * A phone number picked with a country flag (spec 2 §5): a searchable list of countries, each with its flag
 * and calling code, and the number beside it. lib/phone.ts joins them into E.164 and splits them back.
 */
export function PhoneInput({ id, legend = 'Phone number', country, onCountryChange, number, error, optional }: Props) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend}
        {optional ? <span className="font-normal text-ink-subtle"> (optional)</span> : null}
      </legend>
      <div className="grid gap-x-3 gap-y-2 sm:grid-cols-[minmax(0,15rem)_1fr]">
        <SearchableSelect
          id={`${id}-country`}
          label="Country code"
          options={phoneCountries}
          value={country}
          onChange={(code) => {
            if (code) onCountryChange(code);
          }}
          allowEmpty={false}
        />
        <TextField
          id={`${id}-number`}
          label="Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          {...number}
          error={error}
        />
      </div>
    </fieldset>
  );
}
