import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  DEFAULT_PREFIX,
  DEFAULT_REFERRAL_SOURCE,
  DEFAULT_SPONSORING_ASSEMBLY,
  dialCodeOf,
} from '@vault/contract/lookups';
import { gpaInfoStep, tafStep, WIZARD_STEPS } from '@vault/contract/schemas/membership';
import type { UserInfoResponse } from '@vault/contract/schemas/user';
import dayjs from 'dayjs';

type PersonName = { prefix: string; firstName: string; middleName: string; lastName: string; suffix: string };
type AddressValues = {
  streetAddress: string;
  stAddressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/**
 * What the wizard edits: the saved membership form of spec 1 §3, every leaf a string, plus `ui`, the
 * wizard's own choices (which country a phone code was picked from, the same-address box). `ui` travels
 * in drafts so a resumed wizard looks as it was left; it is dropped before the final save.
 */
export type WizardValues = {
  name: PersonName;
  primaryEmail: string;
  secondaryEmail: string;
  primaryPhone: { countryCode: string; areaCode: string; remNumber: string };
  physicalAddress: AddressValues;
  mailingAddress: AddressValues;
  registrationDate: string;
  sponsor: { name: string; suffix: string; phone: { areaCode: string; remNumber: string } };
  refAmbassador: {
    name: { prefix: string; firstName: string; lastName: string };
    phone: string;
    ambassador: string;
    description: string;
  };
  refOrgAddress: AddressValues;
  beneficiary: { name: PersonName; phone: string; countryCode: string; email: string; relationship: string };
  signatureUrl: string;
  ui: { primaryPhoneCountry: string; beneficiaryPhoneCountry: string; mailingSameAsPhysical: boolean };
};

export const LAST_STEP = WIZARD_STEPS.length - 1;

const address = (country: string): AddressValues => ({
  streetAddress: '',
  stAddressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country,
});

/** A fresh application with the defaults of spec 1 §5; the effective date is today. */
export function emptyValues(today = dayjs()): WizardValues {
  return {
    name: { prefix: DEFAULT_PREFIX, firstName: '', middleName: '', lastName: '', suffix: '' },
    primaryEmail: '',
    secondaryEmail: '',
    primaryPhone: { countryCode: dialCodeOf(DEFAULT_COUNTRY) ?? '+1', areaCode: '', remNumber: '' },
    physicalAddress: address(DEFAULT_COUNTRY),
    mailingAddress: address(DEFAULT_COUNTRY),
    registrationDate: today.format('YYYY-MM-DD'),
    sponsor: { name: DEFAULT_SPONSORING_ASSEMBLY, suffix: '', phone: { areaCode: '', remNumber: '' } },
    refAmbassador: {
      name: { prefix: '', firstName: '', lastName: '' },
      phone: '',
      ambassador: DEFAULT_REFERRAL_SOURCE,
      description: '',
    },
    refOrgAddress: address(''),
    beneficiary: {
      name: { prefix: '', firstName: '', middleName: '', lastName: '', suffix: '' },
      phone: '',
      countryCode: '',
      email: '',
      relationship: '',
    },
    signatureUrl: '',
    ui: { primaryPhoneCountry: DEFAULT_COUNTRY, beneficiaryPhoneCountry: '', mailingSameAsPhysical: false },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Takes from `saved` every value whose place and type the defaults know; the rest keeps its default. */
function fill<T>(defaults: T, saved: unknown): T {
  if (typeof defaults === 'string') return (typeof saved === 'string' ? saved : defaults) as T;
  if (typeof defaults === 'boolean') return (typeof saved === 'boolean' ? saved : defaults) as T;
  if (isRecord(defaults)) {
    const from = isRecord(saved) ? saved : {};
    return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, fill(value, from[key])])) as T;
  }
  return defaults;
}

/** The first country using this calling code ('' when none does), for data saved without the picked country. */
const countryOfDialCode = (dialCode: string) => COUNTRIES.find((c) => c.dialCode === dialCode)?.name ?? '';

/**
 * Where the wizard starts: the saved draft (or, failing that, the submitted form) at its step, every
 * value filled in; a new application starts at the Instructions with the account's e-mail as the
 * primary e-mail.
 */
export function initialState({ user, gpaData }: UserInfoResponse): { step: number; values: WizardValues } {
  const saved = user.savedFormData ?? gpaData ?? null;
  const values = fill(emptyValues(), saved);
  // The account's own address is the likely primary e-mail: offered until the member writes another.
  if (values.primaryEmail === '') values.primaryEmail = user.email;
  const savedUi = isRecord(saved?.ui) ? saved.ui : {};
  if (typeof savedUi.primaryPhoneCountry !== 'string' || dialCodeOf(savedUi.primaryPhoneCountry) === undefined) {
    values.ui.primaryPhoneCountry = countryOfDialCode(values.primaryPhone.countryCode);
  }
  if (typeof savedUi.beneficiaryPhoneCountry !== 'string') {
    values.ui.beneficiaryPhoneCountry = countryOfDialCode(values.beneficiary.countryCode);
  }
  const savedStep = typeof saved?.step === 'number' ? saved.step : gpaData ? LAST_STEP : 0;
  const step = Math.min(Math.max(Math.trunc(savedStep), 0), LAST_STEP);
  return { step, values };
}

/** The form as gpalevel/save takes it: without the wizard's own `ui` choices. */
export function formForSave(values: WizardValues) {
  const { ui: _ui, ...form } = values;
  return form;
}

const gpaKeys = new Set(Object.keys(gpaInfoStep.shape));
const tafKeys = new Set(Object.keys(tafStep.shape));

/** The wizard step that shows the field at this dotted path (e.g. 'physicalAddress.city' -> 1). */
export function stepOfField(path: string): number {
  const top = path.split('.')[0] ?? '';
  if (gpaKeys.has(top)) return 1;
  if (tafKeys.has(top)) return 2;
  return LAST_STEP;
}
