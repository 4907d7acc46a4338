/**
 * The Argentine bank account (spec 2 §4 Bank type: cbu, cuitPersonal, optional cuitCompany). The check
 * digits are the BCRA's (CBU, also CVU) and AFIP's (CUIT/CUIL) rules; no well-kept small library does only
 * this, so they are ours, tested on published examples.
 */

const digitsOf = (value: string) => value.replace(/[\s.-]/g, '');

const weightedSum = (digits: string, weights: number[]) =>
  [...digits].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);

/**
 * A CBU (or CVU): 22 digits in two blocks, each closed by a check digit. Block 1: bank (3), branch (4),
 * check; block 2: account (13), check. Weights 7 1 3 9 repeating, check = (10 − sum mod 10) mod 10.
 */
export function isCbu(value: string): boolean {
  const v = digitsOf(value);
  if (!/^\d{22}$/.test(v)) return false;
  const check = (block: string, weights: number[]) => (10 - (weightedSum(block, weights) % 10)) % 10;
  const first = check(v.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]);
  const second = check(v.slice(8, 21), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]);
  return Number(v[7]) === first && Number(v[21]) === second;
}

/** CUIT/CUIL prefixes of people and of companies. */
export const CUIT_PERSON_PREFIXES = ['20', '23', '24', '27'] as const;
export const CUIT_COMPANY_PREFIXES = ['30', '33', '34'] as const;

/**
 * A CUIT or CUIL: 11 digits (2 of type, 8 of number, 1 check), weights 5 4 3 2 7 6 5 4 3 2,
 * check = 11 − sum mod 11 (11 → 0; 10 never issued). `of` limits the type prefix to people or companies.
 */
export function isCuit(value: string, of?: 'person' | 'company'): boolean {
  const v = digitsOf(value);
  if (!/^\d{11}$/.test(v)) return false;
  const prefix = v.slice(0, 2);
  const people: readonly string[] = CUIT_PERSON_PREFIXES;
  const companies: readonly string[] = CUIT_COMPANY_PREFIXES;
  if (
    of === 'person'
      ? !people.includes(prefix)
      : of === 'company'
        ? !companies.includes(prefix)
        : ![...people, ...companies].includes(prefix)
  )
    return false;
  const rest = 11 - (weightedSum(v.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  const check = rest === 11 ? 0 : rest;
  return check !== 10 && Number(v[10]) === check;
}

/** The bare digits of a CBU or CUIT typed with separators (20-12345678-6). */
export const normalizeDigits = digitsOf;
