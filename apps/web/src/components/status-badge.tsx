import type { PurchaseStatus } from '@vault/contract/schemas/funding';
import { REDEMPTION_STATUS_LABELS, type RedemptionStatus } from '@vault/contract/schemas/redemption';
import { STATUS_LABEL, type TransactionLog } from '@vault/contract/schemas/wallet';

type Status = TransactionLog['status'] | PurchaseStatus | RedemptionStatus;

/** Status colours of spec 1 §4: Completed green, Pending purple, Expired and Rejected red. */
const tone: Record<Status, string> = {
  completed: 'bg-success-soft text-success ring-success/20',
  pending: 'bg-info-soft text-info ring-info/20',
  // A redeem request an operator accepted, whose payout is on its way (issue 14).
  accepted: 'bg-warning-soft text-warning ring-warning/20',
  expired: 'bg-danger-soft text-danger ring-danger/20',
  rejected: 'bg-danger-soft text-danger ring-danger/20',
};

/**
 * A transaction's, send's, direct wire's or redeem request's status, in its colour and the contract's words
 * (shared by the wallet screens, the dashboard's transactions list, the remittance hub's wires and the redeem
 * history, which reads a completed request as Approved).
 */
export function StatusBadge({
  status,
  redemption = false,
  className = '',
}: {
  status: Status;
  /** A redeem request: its own words (REDEMPTION_STATUS_LABELS). */
  redemption?: boolean;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone[status]} ${className}`}
    >
      {redemption || status === 'accepted' ? REDEMPTION_STATUS_LABELS[status] : STATUS_LABEL[status]}
    </span>
  );
}
