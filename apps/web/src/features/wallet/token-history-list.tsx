import type { TokenSend } from '@vault/contract/schemas/wallet';
import { formatDateTime } from '../../lib/format';
import { amountText, SendStatus } from './token-history-table';

/** Token sends as a compact list, for narrow places (the /Q-tokens history beside the form). */
export function TokenSendList({ sends, label }: { sends: TokenSend[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {sends.map((send) => (
        <li key={send._id} className="flex items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-navy-900">
              {send.type}
              <SendStatus status={send.status} />
            </p>
            <p className="truncate text-sm text-slate-600" title={send.email}>
              {send.email}
            </p>
            <p className="text-xs text-slate-500">{formatDateTime(send.createdAt)}</p>
          </div>
          <p
            className={`shrink-0 whitespace-nowrap text-sm font-semibold tabular-nums ${send.direction === 'received' ? 'text-emerald-700' : 'text-navy-900'}`}
          >
            {amountText(send)} {send.coin}
          </p>
        </li>
      ))}
    </ul>
  );
}
