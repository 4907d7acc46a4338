/**
 * The membership agreement's dates (spec 1 §9), computed from the day the member reads it. Dates are
 * calendar days in UTC ('YYYY-MM-DD'): the agreement speaks of GMT.
 */

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Vesting starts on January 2 of next year. */
export const vestingStart = (today: Date) => iso(day(today.getUTCFullYear() + 1, 0, 2));

/** Held at least one year and one day from the vesting start. */
export const vestingDate = (today: Date) => iso(day(today.getUTCFullYear() + 2, 0, 3));

/** The last day to add value is December 31 of this year. */
export const lastDayToAddValue = (today: Date) => iso(day(today.getUTCFullYear(), 11, 31));

/** Rescission is possible within 5 business days (Monday to Friday), until 2400 GMT of the fifth. */
export function rescissionDeadline(today: Date): string {
  const date = day(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let businessDays = 0;
  while (businessDays < 5) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) businessDays++;
  }
  return iso(date);
}
