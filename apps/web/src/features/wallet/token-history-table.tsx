import type { TokenSend } from '@vault/contract/schemas/wallet';
import { formatDateTime } from '../../lib/format';
import { grouped } from './format';

const statusTone = {
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  pending: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  rejected: 'bg-red-50 text-red-700 ring-red-600/20',
};
/** At least 2 decimals, never fewer than the amount has (nothing rounded away). */
const amountText = (amount: string) => grouped(amount, Math.max(2, amount.split('.')[1]?.length ?? 0));

const statusLabel = { completed: 'Completed', pending: 'Pending', rejected: 'Rejected' };

/**
 * Token history (spec 2 §2): email, type, amount, created date. On a phone the table scrolls sideways
 * inside its own region (focusable, so keyboards can scroll it too).
 */
export function TokenHistoryTable({ sends, caption }: { sends: TokenSend[]; caption: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
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
                {send.status !== 'completed' ? (
                  <span
                    className={`ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone[send.status]}`}
                  >
                    {statusLabel[send.status]}
                  </span>
                ) : null}
              </td>
              <td
                className={`whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums ${send.direction === 'received' ? 'text-emerald-700' : 'text-navy-900'}`}
              >
                {send.direction === 'received' ? '+' : '−'}
                {amountText(send.amount)} {send.coin}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(send.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
