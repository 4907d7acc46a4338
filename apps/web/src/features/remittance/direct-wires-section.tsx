import type { DirectWireRequest } from '@vault/contract/schemas/funding';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass, tableClasses } from '@vault/ui/table';
import { StatusBadge } from '../../components/status-badge';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, usd } from '../../lib/money-format';
import { useDirectWires } from './queries';

const { wrap, table, head, th, body, td } = tableClasses({ framed: true });

/** Spec 2 §9: a rejection reason is cut at 40 characters in lists (the whole reason is its title). */
const REASON_CUT = 40;
const cut = (text: string) => (text.length > REASON_CUT ? `${text.slice(0, REASON_CUT)}…` : text);

/** The member's direct wire requests (GET /direct-wires/user): order number, amounts, status, due date. */
export function DirectWiresSection() {
  const wires = useDirectWires();
  const list = wires.data ?? [];
  return (
    <section aria-labelledby="wires-heading" className="space-y-3">
      <div>
        <h2 id="wires-heading" className="text-lg font-semibold text-ink">
          Direct wire requests
        </h2>
        <p className="text-sm text-ink-muted">
          Remit each wire within 3 days, quoting its order number. Its status changes here when the funds arrive.
        </p>
      </div>
      {wires.isPending ? (
        <LoadingRows label="Loading your direct wire requests…" />
      ) : !wires.data ? (
        <LoadError query={wires} title="Your direct wire requests could not be loaded" className="py-2" />
      ) : list.length === 0 ? (
        <EmptyState icon="history" action={{ label: 'Get CQR Dollars', to: '/liquidity-tokens' }}>
          No direct wire requests yet. Choose Direct wire when you get CQR Dollars or assets.
        </EmptyState>
      ) : (
        <>
          {wires.isError ? <RefreshError query={wires} what="Your direct wire requests" /> : null}
          {/* Phones: a compact list; wider screens: the table. */}
          <ul className={`${listClass} sm:hidden`} aria-label="Direct wire requests">
            {list.map((wire) => (
              <WireItem key={wire._id} wire={wire} />
            ))}
          </ul>
          <div className={`${wrap} hidden sm:block`}>
            <table className={`${table} min-w-[44rem]`}>
              <caption className="sr-only">Direct wire requests</caption>
              <thead className={head}>
                <tr>
                  <th scope="col" className={th}>
                    Order number
                  </th>
                  <th scope="col" className={th}>
                    Tokens
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Due date
                  </th>
                </tr>
              </thead>
              <tbody className={body}>
                {list.map((wire) => (
                  <WireRow key={wire._id} wire={wire} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

const kindText = (wire: DirectWireRequest) =>
  wire.type === 'walletActivation' ? 'Wallet activation' : wire.type === 'legacy' ? 'Legacy deposit' : 'Token purchase';

function WireItem({ wire }: { wire: DirectWireRequest }) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid="direct-wire-item">
      <TokenIcon url={wire.token.icon.url} symbol={wire.token.coinSymbol} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-semibold text-ink">
            {grouped(wire.tokenAmount, wire.token.decimals)} {wire.token.shortName}
          </p>
          <p className="shrink-0 font-semibold tabular-nums text-ink">{usd(wire.amount)}</p>
        </div>
        <p className="text-xs text-ink-muted">
          {kindText(wire)} · <span className="font-mono">{wire.orderId}</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
          <StatusBadge status={wire.status} />
          <span>
            Due <time dateTime={wire.dueAt}>{formatDateTime(wire.dueAt)}</time>
          </span>
        </div>
        {wire.rejectionReason ? <p className="text-xs text-danger">Reason: {wire.rejectionReason}</p> : null}
        {wire.issuedAmount ? (
          <p className="text-xs text-ink-subtle">
            Issued {grouped(wire.issuedAmount, wire.token.decimals)} {wire.token.shortName}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function WireRow({ wire }: { wire: DirectWireRequest }) {
  return (
    <tr data-testid="direct-wire">
      <td className={`${td} font-mono text-xs text-ink`}>
        {wire.orderId}
        <span className="block font-sans text-ink-subtle">{formatDateTime(wire.createdAt)}</span>
      </td>
      <td className={td}>
        <span className="flex items-center gap-2">
          <TokenIcon url={wire.token.icon.url} symbol={wire.token.coinSymbol} size="size-7 text-2xs" />
          <span className="whitespace-nowrap tabular-nums text-ink">
            {grouped(wire.tokenAmount, wire.token.decimals)} {wire.token.shortName}
            <span className="block text-xs text-ink-subtle">{kindText(wire)}</span>
          </span>
        </span>
      </td>
      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
        <span className="font-semibold text-ink">{usd(wire.amount)}</span>
        <span className="block text-xs text-ink-subtle">Fee {usd(wire.wireFee)}</span>
        {wire.receivedAmount ? (
          <span className="block text-xs text-success">Received {usd(wire.receivedAmount)}</span>
        ) : null}
      </td>
      <td className={td}>
        <StatusBadge status={wire.status} />
        {wire.rejectionReason ? (
          <span className="mt-1 block text-xs text-danger" title={wire.rejectionReason}>
            <span aria-hidden="true">{cut(wire.rejectionReason)}</span>
            <span className="sr-only">Reason: {wire.rejectionReason}</span>
          </span>
        ) : null}
        {wire.issuedAmount ? (
          <span className="mt-1 block text-xs text-ink-subtle">
            Issued {grouped(wire.issuedAmount, wire.token.decimals)} {wire.token.shortName}
          </span>
        ) : null}
      </td>
      <td className={`${td} whitespace-nowrap text-ink-muted`}>
        <time dateTime={wire.dueAt}>{formatDateTime(wire.dueAt)}</time>
      </td>
    </tr>
  );
}
