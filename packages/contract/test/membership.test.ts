import { describe, expect, it } from 'vitest';
import { lastDayToAddValue, rescissionDeadline, vestingDate, vestingStart } from '../src/agreement.ts';
import { messages } from '../src/messages.ts';
import { fieldErrors } from '../src/schemas/common.ts';
import { gpaInfoStep, membershipDraft, membershipForm, tafStep } from '../src/schemas/membership.ts';
import { validAddress, validGpa } from './fixtures.ts';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('G.P.A. Level 3 Info step', () => {
  it('accepts a complete step', () => {
    expect(gpaInfoStep.safeParse(validGpa).success).toBe(true);
  });

  it.each([
    ['name.firstName', { name: { ...validGpa.name, firstName: ' ' } }, messages.firstNameRequired],
    ['name.lastName', { name: { ...validGpa.name, lastName: '' } }, messages.lastNameRequired],
    ['name.prefix', { name: { ...validGpa.name, prefix: 'Sir' } }, messages.prefixRequired],
    ['primaryEmail', { primaryEmail: '' }, messages.emailEmpty],
    ['primaryEmail', { primaryEmail: 'ada@' }, messages.emailInvalid],
    ['secondaryEmail', { secondaryEmail: 'nope' }, messages.emailInvalid],
    ['primaryPhone.remNumber', { primaryPhone: { ...validGpa.primaryPhone, remNumber: '' } }, messages.phoneRequired],
    [
      'primaryPhone.remNumber',
      { primaryPhone: { ...validGpa.primaryPhone, remNumber: '599999' } },
      messages.phoneTooShort,
    ],
    [
      'primaryPhone.remNumber',
      { primaryPhone: { ...validGpa.primaryPhone, remNumber: '10000000000000000' } },
      messages.phoneTooLong,
    ],
    [
      'primaryPhone.remNumber',
      { primaryPhone: { ...validGpa.primaryPhone, remNumber: '555-0142' } },
      messages.phoneDigits,
    ],
    [
      'physicalAddress.streetAddress',
      { physicalAddress: { ...validAddress, streetAddress: '' } },
      messages.streetRequired,
    ],
    ['physicalAddress.city', { physicalAddress: { ...validAddress, city: '' } }, messages.cityRequired],
    [
      'physicalAddress.postalCode',
      { physicalAddress: { ...validAddress, postalCode: '' } },
      messages.postalCodeRequired,
    ],
    ['physicalAddress.country', { physicalAddress: { ...validAddress, country: '' } }, messages.countryRequired],
    ['mailingAddress.country', { mailingAddress: { ...validAddress, country: 'Atlantis' } }, messages.countryUnknown],
    [
      'mailingAddress.streetAddress',
      { mailingAddress: { ...validAddress, streetAddress: '' } },
      messages.streetRequired,
    ],
    ['registrationDate', { registrationDate: '' }, messages.dateRequired],
    ['registrationDate', { registrationDate: '2026-13-45' }, messages.dateRequired],
  ])('%s: %s', (field, patch, message) => {
    expect(errorsOf(gpaInfoStep, { ...validGpa, ...patch })[field]).toBe(message);
  });

  it('bounds the phone number at 600000 and below 1e16, as whole numbers', () => {
    const phone = (remNumber: string) =>
      gpaInfoStep.safeParse({ ...validGpa, primaryPhone: { ...validGpa.primaryPhone, remNumber } }).success;
    expect(phone('600000')).toBe(true);
    expect(phone('9999999999999999')).toBe(true);
    expect(phone('599999')).toBe(false);
  });

  it('leaves middle name, suffix, area code and secondary e-mail optional', () => {
    const { middleName: _m, suffix: _s, ...name } = validGpa.name;
    const parsed = gpaInfoStep.parse({
      ...validGpa,
      name,
      secondaryEmail: undefined,
      primaryPhone: { countryCode: '+1', remNumber: '5550142' },
    });
    expect(parsed.name.middleName).toBe('');
    expect(parsed.primaryPhone.areaCode).toBe('');
  });
});

describe('TAF/Legacy step', () => {
  it('requires the sponsoring assembly and nothing else', () => {
    expect(errorsOf(tafStep, { sponsor: {} })['sponsor.name']).toBe(messages.sponsoringAssemblyRequired);
    expect(errorsOf(tafStep, { sponsor: { name: 'SA-51' } })['sponsor.name']).toBe(messages.sponsoringAssemblyRequired);
    expect(tafStep.safeParse({ sponsor: { name: 'SA-02' } }).success).toBe(true);
  });
});

describe('the whole form', () => {
  it('needs an uploaded signature', () => {
    const form = { ...validGpa, sponsor: { name: 'SA-02' } };
    expect(errorsOf(membershipForm, form).signatureUrl).toBe(messages.uploadSignature);
    expect(membershipForm.safeParse({ ...form, signatureUrl: '/uploads/abc.png' }).success).toBe(true);
  });
});

describe('drafts', () => {
  it('keep any subset of fields but refuse deep nesting, long strings and bad steps', () => {
    expect(
      membershipDraft.safeParse({
        step: 2,
        form: { name: { firstName: 'Ada' }, refAmbassador: { name: { prefix: 'Mr' } } },
      }).success,
    ).toBe(true);
    expect(membershipDraft.safeParse({ step: 1, form: { a: { b: { c: { d: 'x' } } } } }).success).toBe(false);
    expect(membershipDraft.safeParse({ step: 1, form: { note: 'x'.repeat(501) } }).success).toBe(false);
    expect(membershipDraft.safeParse({ step: 4, form: {} }).success).toBe(false);
    expect(membershipDraft.safeParse({ step: 1, form: { n: 5 } }).success).toBe(false);
  });
});

describe('agreement dates', () => {
  const today = new Date('2026-11-21T15:00:00Z'); // a Saturday
  it('vests from January 2 of next year for a year and a day', () => {
    expect(vestingStart(today)).toBe('2027-01-02');
    expect(vestingDate(today)).toBe('2028-01-03');
  });
  it('takes value until December 31', () => {
    expect(lastDayToAddValue(today)).toBe('2026-12-31');
  });
  it('allows rescission for 5 business days, Monday to Friday', () => {
    expect(rescissionDeadline(today)).toBe('2026-11-27');
    expect(rescissionDeadline(new Date('2026-11-25T23:59:00Z'))).toBe('2026-12-02'); // Wednesday → next Wednesday
  });
});
