import type { AdminPurchase } from '@vault/contract/schemas/funding';
import { Modal } from '@vault/ui/modal';
import { Facts } from '../../components/facts';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { PURCHASE_STATUS_LABELS } from '../../lib/purchase-status';
import { METHOD_LABELS } from './describe';

/** One purchase in full: what was ordered, paid and issued, the provider's side, a charge-back and its debt. */
export function PurchaseDialog({ purchase: p, onClose }: { purchase: AdminPurchase | null; onClose: () => void }) {
  return (
    <Modal
      open={p !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={p ? `Purchase ${p.orderId}` : 'Purchase'}
      size="lg"
    >
      {p ? (
        <Facts
          rows={[
            ['Member', `${p.member.name || 'No name'} · ${p.member.email}`],
            ['Method', METHOD_LABELS[p.method]],
            ['Status', PURCHASE_STATUS_LABELS[p.status]],
            ['Tokens ordered', `${formatAmount(p.tokenAmount)} ${p.asset} at ${formatUsd(p.tokenRate)}`],
            ['USD to pay', formatUsd(p.amountUsd)],
            ['Fee', formatUsd(p.feeUsd)],
            ['USD received', p.receivedUsd ? formatUsd(p.receivedUsd) : '—'],
            ['Tokens issued', p.issuedAmount ? `${formatAmount(p.issuedAmount)} ${p.asset}` : '—'],
            [
              'Provider reference',
              <span key="ref" className="font-mono text-xs">
                {p.providerRef ?? '—'}
              </span>,
            ],
            ['Provider state', p.providerStatus ?? '—'],
            ['Rejection reason', p.rejectionReason ?? '—'],
            ['Charged back', p.chargedBackAt ? formatDateTime(p.chargedBackAt) : '—'],
            ['Taken back', p.reversedAmount ? `${formatAmount(p.reversedAmount)} ${p.asset}` : '—'],
            ['Owed (debt)', p.debtAmount ? `${formatAmount(p.debtAmount)} ${p.asset}` : '—'],
            ['Open provider events', String(p.openEvents)],
            ['Due', formatDateTime(p.dueAt)],
            ['Created', formatDateTime(p.createdAt)],
            [
              'Entry',
              <span key="entry" className="font-mono text-xs">
                {p.entryId ?? '—'}
              </span>,
            ],
          ]}
        />
      ) : null}
    </Modal>
  );
}
