import { COUNTRIES, type Country } from '@vault/contract/lookups';

/** The phone picker's default country (spec 2 §5: the flag defaults to US). */
export const DEFAULT_PHONE_COUNTRY = 'US';

const byCode = new Map<string, Country>(COUNTRIES.map((c) => [c.code, c]));
export const countryByCode = (code: string): Country | undefined => byCode.get(code);

/** The number's digits only: spaces, dashes, dots and brackets typed for readability are dropped. */
export const phoneDigits = (local: string) => local.replace(/[\s().-]/g, '');

/** Where the leading 0 is part of the number itself, kept in E.164 (Italy, San Marino, Vatican City). */
const KEEPS_LEADING_ZERO = new Set(['IT', 'SM', 'VA']);

/**
 * The phone in E.164: the country's calling code and the number's digits (a national trunk 0 dropped, as
 * dialled from abroad), or '' when no number was typed.
 */
export function joinPhone(countryCode: string, local: string): string {
  const typed = phoneDigits(local);
  const digits = KEEPS_LEADING_ZERO.has(countryCode) ? typed : typed.replace(/^0/, '');
  if (digits === '') return '';
  const dial = countryByCode(countryCode)?.dialCode ?? '+1';
  return `${dial}${digits}`;
}

/** Where countries share a calling code, the one a number with it is shown under (the code's main country). */
const MAIN_COUNTRY: Record<string, string> = {
  '+1': 'US',
  '+7': 'RU',
  '+39': 'IT',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+64': 'NZ',
  '+212': 'MA',
  '+262': 'RE',
  '+358': 'FI',
  '+500': 'FK',
  '+590': 'GP',
  '+599': 'CW',
  '+672': 'NF',
};

/**
 * A stored E.164 phone back to the picker's country and number: the longest calling code it starts with; where
 * countries share one (+1, +44, +7…), its main country (the United States for +1, the United Kingdom for +44).
 */
export function splitPhone(phone: string): { country: string; local: string } {
  if (!phone.startsWith('+')) return { country: DEFAULT_PHONE_COUNTRY, local: phone };
  let best: Country | undefined;
  for (const country of COUNTRIES)
    if (phone.startsWith(country.dialCode) && (!best || country.dialCode.length > best.dialCode.length)) best = country;
  const main = best && MAIN_COUNTRY[best.dialCode];
  if (main) best = countryByCode(main) ?? best;
  return best
    ? { country: best.code, local: phone.slice(best.dialCode.length) }
    : { country: DEFAULT_PHONE_COUNTRY, local: phone.slice(1) };
}
