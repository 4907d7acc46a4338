import type { PurchaseStatus } from '@vault/contract/schemas/funding';

/**
 * A purchase's (and so a wire's) status in words and colour, as the member app shows it: completed green,
 * pending blue, expired and rejected red.
 */
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  expired: 'Expired',
  rejected: 'Rejected',
};
export const PURCHASE_STATUS_TONES = {
  pending: 'info',
  completed: 'success',
  expired: 'danger',
  rejected: 'danger',
} as const satisfies Record<PurchaseStatus, string>;
