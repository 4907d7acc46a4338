import type { PurchaseStatus } from '@vault/contract/schemas/funding';
import { STATUS_LABEL, type TransactionLog } from '@vault/contract/schemas/wallet';

type Status = TransactionLog['status'] | PurchaseStatus;

/** Status colours of spec 1 §4: Completed green, Pending purple, Expired and Rejected red. */
const tone: Record<Status, string> = {
  completed: 'bg-success-soft text-success ring-success/20',
  pending: 'bg-info-soft text-info ring-info/20',
  expired: 'bg-danger-soft text-danger ring-danger/20',
  rejected: 'bg-danger-soft text-danger ring-danger/20',
};

/**
 * A transaction's, send's or direct wire's status, in its colour and the contract's words (shared by the
 * wallet screens, the dashboard's transactions list and the remittance hub's wires).
 */
export function StatusBadge({ status, className = '' }: { status: Status; className?: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone[status]} ${className}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
