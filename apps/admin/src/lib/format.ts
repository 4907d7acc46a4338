/** Dates and times as administrators read them: day month year and 24-hour time, local, with the zone. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** A calendar day (a lot's redeemable date) is a UTC day: shown as that day wherever the reader is. */
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** The local day of an instant, for a list's narrow column (the time is in the row's detail): "23 Nov 2026". */
const localDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatLocalDay = (iso: string) => localDay.format(new Date(iso));
const localTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
/** The local time of an instant with its zone, under its day in a narrow column: "08:17 UTC". */
export const formatLocalTime = (iso: string) => localTime.format(new Date(iso));
export const formatDay = (iso: string) => day.format(new Date(iso));

/** "in 3 minutes", "in 45 seconds": how long a 429 asks to wait. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * An amount as the API gives it (a decimal string, never a JS number): its whole part grouped by thousands,
 * its decimals as they are. "1234567.5" → "1,234,567.5", "-0.00000001" stays exact.
 */
export function formatAmount(amount: string) {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** A count: 1,234. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A USD value (a decimal string): "$12,345.67". */
export function formatUsd(value: string) {
  const [whole = '0', cents = ''] = value.split('.');
  return `$${formatAmount(whole)}.${cents.padEnd(2, '0').slice(0, 2)}`;
}
