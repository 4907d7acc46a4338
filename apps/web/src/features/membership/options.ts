import { COUNTRIES, PREFIXES, REFERRAL_SOURCES, SPONSORING_ASSEMBLIES } from '@vault/contract/lookups';
import type { SelectOption } from '../../components/searchable-select';

/** The lookup lists of spec 1 §3 as select options. */
export const prefixOptions: SelectOption[] = PREFIXES.map((prefix) => ({ value: prefix, label: prefix }));
export const countryOptions: SelectOption[] = COUNTRIES.map(({ name }) => ({ value: name, label: name }));
/** A phone's calling code is picked by its country: "United Kingdom (+44)". */
export const phoneCountryOptions: SelectOption[] = COUNTRIES.map(({ name, dialCode }) => ({
  value: name,
  label: `${name} (${dialCode})`,
}));
export const assemblyOptions: SelectOption[] = SPONSORING_ASSEMBLIES.map(({ code, label }) => ({ value: code, label }));
export const referralOptions: SelectOption[] = REFERRAL_SOURCES.map((source) => ({ value: source, label: source }));
