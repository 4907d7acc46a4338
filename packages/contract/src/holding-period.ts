import { compare, fromUnits, toUnits } from './money.ts';

/**
 * Asset tokens qualify for redemption 1 year and 1 day after they were acquired (spec 2 §1, §9); they can
 * be sent or listed at any time. "1 year" is the same calendar date a year later, clamped to the month's
 * end (acquired 29 February → 28 February), in UTC; then one day more.
 */
export function redeemableOn(acquiredAt: Date): Date {
  const year = acquiredAt.getUTCFullYear() + 1;
  const month = acquiredAt.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const sameDate = new Date(acquiredAt);
  sameDate.setUTCFullYear(year, month, Math.min(acquiredAt.getUTCDate(), lastDay));
  return new Date(sameDate.getTime() + 24 * 60 * 60 * 1000);
}

export type Lot = { remaining: string; acquiredAt: Date };

/**
 * How much of a holding can be redeemed at `at`, and when the next lot matures. Lots are consumed oldest
 * first, so tokens on hold (waiting on an administrator) are taken from the oldest, matured lots; and
 * never more than the spendable balance.
 */
export function redemption(lots: Lot[], balance: string, onHold: string, at = new Date()) {
  let matured = 0n;
  let next: Date | null = null;
  for (const lot of lots) {
    const on = redeemableOn(lot.acquiredAt);
    if (on <= at) matured += toUnits(lot.remaining);
    else if (!next || on < next) next = on;
  }
  const afterHolds = matured - toUnits(onHold);
  const amount = fromUnits(afterHolds < 0n ? 0n : afterHolds);
  return { amount: compare(amount, balance) > 0 ? balance : amount, nextOn: next?.toISOString() ?? null };
}
