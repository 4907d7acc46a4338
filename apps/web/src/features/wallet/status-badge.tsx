import { STATUS_LABEL, type TransactionLog } from '@vault/contract/schemas/wallet';

/** Status colours of spec 1 §4: Completed green, Pending purple, Expired and Rejected red. */
const tone: Record<TransactionLog['status'], string> = {
  completed: 'bg-success-soft text-success ring-success/20',
  pending: 'bg-info-soft text-info ring-info/20',
  expired: 'bg-danger-soft text-danger ring-danger/20',
  rejected: 'bg-danger-soft text-danger ring-danger/20',
};

/** A transaction's or send's status, in its colour and the contract's words. */
export function StatusBadge({ status, className = '' }: { status: TransactionLog['status']; className?: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone[status]} ${className}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
