/**
 * PIX (spec 2 §4: pixKey and taxId). The check digits of CPF and CNPJ are the Receita Federal's modulo-11
 * rules; no well-kept small library does only this, so they are ours, tested on published examples.
 * CNPJ includes the alphanumeric form (IN RFB 2.229/2024, issued from July 2026): 12 characters 0-9/A-Z
 * and two numeric check digits, each character worth its ASCII code less 48.
 */

/** Separators people type in a CPF or CNPJ: 123.456.789-09, 12.345.678/0001-95. */
const stripDocument = (value: string) => value.replace(/[\s./-]/g, '').toUpperCase();

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** An 11-digit CPF with both check digits, not a single digit repeated (000.000.000-00 passes the sums). */
export function isCpf(value: string): boolean {
  const v = stripDocument(value);
  if (!/^\d{11}$/.test(v) || /^(\d)\1{10}$/.test(v)) return false;
  const d = [...v].map(Number);
  const first = mod11Digit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}

/** A CNPJ, numeric or alphanumeric, with both check digits; not all zeros. */
export function isCnpj(value: string): boolean {
  const v = stripDocument(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(v) || /^0{14}$/.test(v)) return false;
  const d = [...v].map((c) => c.charCodeAt(0) - 48);
  const w = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const first = mod11Digit(d.slice(0, 12), w.slice(1));
  const second = mod11Digit(d.slice(0, 13), w);
  return d[12] === first && d[13] === second;
}

/** A CPF or CNPJ, the tax id PIX asks for, written as its bare digits (and letters). */
export function normalizeTaxId(value: string): string | null {
  return isCpf(value) || isCnpj(value) ? stripDocument(value) : null;
}

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

/** E-mail keys: at most 77 characters (the DICT's limit). */
const PIX_EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** Phone keys: +55, a two-digit area code without 0, then 8 or 9 digits. */
const PIX_PHONE = /^\+55[1-9]{2}\d{8,9}$/;
/** Random keys (EVP): a UUID. */
const PIX_EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A PIX key as the DICT stores it, with its type, or null. A key of bare digits is a CPF (11) or CNPJ (14):
 * phone keys must start with +55, as the DICT writes them. Phone separators "(11) 91234-5678" are dropped.
 */
export function parsePixKey(value: string): { type: PixKeyType; key: string } | null {
  const v = value.trim();
  if (v.includes('@')) {
    const key = v.toLowerCase();
    return key.length <= 77 && PIX_EMAIL.test(key) ? { type: 'email', key } : null;
  }
  if (v.startsWith('+')) {
    const key = v.replace(/[\s()-]/g, '');
    return PIX_PHONE.test(key) ? { type: 'phone', key } : null;
  }
  const lower = v.toLowerCase();
  if (PIX_EVP.test(lower)) return { type: 'evp', key: lower };
  if (isCpf(v)) return { type: 'cpf', key: stripDocument(v) };
  if (isCnpj(v)) return { type: 'cnpj', key: stripDocument(v) };
  return null;
}
