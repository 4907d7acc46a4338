import type { Transaction } from '@vault/contract/schemas/funding';
import { Modal } from '@vault/ui/modal';
import { useRef } from 'react';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/date-time';
import { displayPrice, grouped, usd } from '../../lib/money-format';
import { transactionTitle } from './transactions';

/**
 * A transaction's detail (spec 1 §2 "opens a detail"): order number, tokens, rate, fee, received, issued,
 * due date and rejection reason, each where the transaction has one.
 */
export function TransactionDetail({ tx, onClose }: { tx: Transaction | null; onClose: () => void }) {
  // The last transaction shown stays in the dialog while it closes.
  const last = useRef(tx);
  if (tx) last.current = tx;
  const t = last.current;
  const symbol = t?.token?.shortName ?? t?.token?.coinSymbol ?? '';
  const decimals = t?.token?.decimals ?? 2;
  const tokens = (amount: string | null | undefined) => (amount ? `${grouped(amount, decimals)} ${symbol}` : null);
  return (
    <Modal
      open={tx !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t ? transactionTitle(t) : 'Transaction'}
      size="md"
    >
      {t ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="transaction-detail">
          <dt className="text-ink-subtle">Status</dt>
          <dd>
            <StatusBadge status={t.status} />
          </dd>
          <Row term="Order number" value={t.orderId} mono />
          <Row term="Subscription" value={t.subscription?.title} />
          <Row term="Amount" value={usd(t.amount)} />
          <Row term="Tokens" value={tokens(t.tokenAmount)} />
          <Row
            term="Rate"
            value={t.tokenRate ? `${displayPrice(t.tokenRate, { kind: 'rate' }).text} per ${symbol}` : null}
          />
          <Row term="Fee" value={t.wireFee ? usd(t.wireFee) : null} />
          <Row term="Received" value={t.receivedAmount ? usd(t.receivedAmount) : null} />
          <Row term="Issued" value={tokens(t.issuedAmount)} />
          <Row term="Street address" value={t.streetAddress} />
          <Row term="Created" value={formatDateTime(t.createdAt)} />
          <Row term="Due date" value={t.dueAt && t.status === 'pending' ? formatDateTime(t.dueAt) : null} />
          <Row term="Expired on" value={t.dueAt && t.status === 'expired' ? formatDateTime(t.dueAt) : null} />
          <Row term="Rejection reason" value={t.rejectionReason} danger />
          <Row term="Updated" value={formatDateTime(t.updatedAt)} />
        </dl>
      ) : null}
    </Modal>
  );
}

function Row({
  term,
  value,
  mono = false,
  danger = false,
}: {
  term: string;
  value: string | null | undefined;
  mono?: boolean;
  danger?: boolean;
}) {
  if (!value) return null;
  return (
    <>
      <dt className="text-ink-subtle">{term}</dt>
      <dd className={`break-words ${mono ? 'font-mono text-xs leading-5' : ''} ${danger ? 'text-danger' : 'text-ink'}`}>
        {value}
      </dd>
    </>
  );
}
