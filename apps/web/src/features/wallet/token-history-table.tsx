import type { TokenSend } from '@vault/contract/schemas/wallet';
import { tableClasses } from '@vault/ui/table';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/date-time';
import { grouped } from '../../lib/money-format';

const { wrap, table, head, th, body, td } = tableClasses({ framed: true });

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
    <section aria-label={caption} className={`${wrap} ${className}`}>
      <table className={`${table} min-w-[36rem]`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={head}>
          <tr>
            <th scope="col" className={th}>
              Email
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={`${th} text-right`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Created date
            </th>
          </tr>
        </thead>
        <tbody className={body}>
          {sends.map((send) => (
            <tr key={send._id}>
              <td className={`${td} max-w-[16rem] truncate text-ink`} title={send.email}>
                {send.email}
              </td>
              <td className={td}>
                <span className="text-ink">{send.type}</span>
                <SendStatus status={send.status} />
              </td>
              <td
                className={`${td} whitespace-nowrap text-right font-semibold tabular-nums ${send.direction === 'received' ? 'text-success' : 'text-ink'}`}
              >
                {amountText(send)} {send.coin}
              </td>
              <td className={`${td} whitespace-nowrap text-ink-muted`}>{formatDateTime(send.createdAt)}</td>
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
