import type { TokenSend } from '@vault/contract/schemas/wallet';
import { listClass } from '@vault/ui/table';
import { formatDateTime } from '../../lib/date-time';
import { amountText, SendStatus } from './token-history-table';

/** Token sends as a compact list, for narrow places (the /Q-tokens history beside the form). */
export function TokenSendList({ sends, label }: { sends: TokenSend[]; label: string }) {
  return (
    <ul aria-label={label} className={listClass}>
      {sends.map((send) => (
        <li key={send._id} className="flex items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-ink">
              {send.type}
              <SendStatus status={send.status} />
            </p>
            <p className="truncate text-sm text-ink-muted" title={send.email}>
              {send.email}
            </p>
            <p className="text-xs text-ink-subtle">{formatDateTime(send.createdAt)}</p>
          </div>
          <p
            className={`shrink-0 whitespace-nowrap text-sm font-semibold tabular-nums ${send.direction === 'received' ? 'text-success' : 'text-ink'}`}
          >
            {amountText(send)} {send.coin}
          </p>
        </li>
      ))}
    </ul>
  );
}
