import { toFixed } from '@vault/contract/money';
import { ACQUIRE_STATUSES, POOL_UNIT_DECIMALS } from '@vault/contract/schemas/opportunities';
import { formatAmount } from '../../lib/format';

/** A number of units of a pool, grouped, to their 2 decimals (spec 2 §9): "1,000,000.00 units". */
export const formatUnits = (amount: string) => formatAmount(toFixed(amount, POOL_UNIT_DECIMALS));

/** An amount of Q as the desk shows it: grouped, to the cent at least ("12.50 Q"), never rounded away. */
export function formatQ(amount: string) {
  const [, fraction = ''] = amount.split('.');
  return `${formatAmount(fraction.length >= 2 ? amount : toFixed(amount, 2))} Q`;
}

/** A price per unit in Q: its decimals as set (up to 8), at least 2. */
export const formatPricePerUnit = (price: string) => `${formatQ(price)} a unit`;

export type AcquireStatus = (typeof ACQUIRE_STATUSES)[number];

/** Words and colours of the statuses a request passes through (an unknown one is shown as it is). */
const STATUS_WORDS: Record<string, { label: string; tone: 'info' | 'success' | 'danger' | 'neutral' }> = {
  pending: { label: 'Pending', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};
export const acquireStatusLabel = (status: string) =>
  STATUS_WORDS[status]?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
export const acquireStatusTone = (status: string) => STATUS_WORDS[status]?.tone ?? 'neutral';

/** The list's status filter: a status of the contract, or every request (no `status` sent). */
export const ACQUIRE_FILTERS = [...ACQUIRE_STATUSES, 'all'] as const;
export type AcquireFilter = (typeof ACQUIRE_FILTERS)[number];
export const ACQUIRE_FILTER_LABELS = Object.fromEntries(
  ACQUIRE_FILTERS.map((f) => [f, f === 'all' ? 'All' : acquireStatusLabel(f)]),
) as Record<AcquireFilter, string>;
