import type { TokenSend } from '@vault/contract/schemas/wallet';
import { formatDateTime } from '../../lib/format';
import { grouped } from '../../lib/money-format';
import { StatusBadge } from './status-badge';

/** A send's amount at its token's own decimals (spec 1 §9: native wallets show their own), with its sign. */
export const amountText = (send: Pick<TokenSend, 'amount' | 'decimals' | 'direction'>) =>
  `${send.direction === 'received' ? '+' : '−'}${grouped(send.amount, send.decimals)}`;

/**
 * Token history (spec 2 §2): email, type, amount, created date. Phones get the
 * compact list instead; a narrow window in between scrolls the table sideways.
 */
export function TokenHistoryTable({
  sends,
  caption,
  className = '',
}: {
  sends: TokenSend[];
  caption: string;
  className?: string;
}) {
  return (
    <section aria-label={caption} className={`overflow-x-auto rounded-xl ring-1 ring-slate-200 ${className}`}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Type
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Created date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {sends.map((send) => (
            <tr key={send._id}>
              <td className="max-w-[16rem] truncate px-4 py-3 text-navy-900" title={send.email}>
                {send.email}
              </td>
              <td className="px-4 py-3">
                <span className="text-navy-900">{send.type}</span>
                <SendStatus status={send.status} />
              </td>
              <td
                className={`whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums ${send.direction === 'received' ? 'text-emerald-700' : 'text-navy-900'}`}
              >
                {amountText(send)} {send.coin}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(send.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Completed sends need no badge; pending and rejected requests say so (spec 2 §4 status colours). */
export function SendStatus({ status }: { status: TokenSend['status'] }) {
  return status === 'completed' ? null : <StatusBadge status={status} className="ml-2" />;
}
