/**
 * CSV as RFC 4180 writes it: CRLF between records, a field in double quotes when it holds a comma, a quote,
 * CR or LF, quotes inside doubled. Safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab
 * or CR, which some spreadsheets skip before reading a formula) gets a leading apostrophe, so it is shown
 * as text and never run as a formula (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the records, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly Parameters<typeof csvCell>[0][])[]) {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
