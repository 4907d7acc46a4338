import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, truncateMemo } from '../../lib/money-format';
import { type RecentSend, useRecentSends } from './recent-sends';

/** The amount at the token's decimals, as the wallet shows it; older entries without them as typed. */
const entryAmount = (entry: RecentSend) =>
  entry.decimals === undefined ? entry.amount : grouped(entry.amount, entry.decimals);

/** Recent Transaction History (spec 2 §2): this browser's last sends; choosing one refills the form. */
export function RecentSendsPanel({
  memberEmail,
  onChoose,
}: {
  memberEmail: string;
  onChoose: (entry: RecentSend) => void;
}) {
  const entries = useRecentSends(memberEmail);
  return (
    <section aria-labelledby="recent-sends-title" className={cardClass}>
      <h2 id="recent-sends-title" className="font-semibold text-ink">
        Recent Transaction History
      </h2>
      {entries.length === 0 ? (
        <EmptyState icon="send" compact>
          No sends from this browser yet. Your sends will be listed here; choose one to fill the form with it again.
        </EmptyState>
      ) : (
        <>
          <p className="mt-1 text-xs text-ink-subtle">
            Kept in this browser only. Choose a send to fill the form with it.
          </p>
          <ul className="mt-3 space-y-2">
            {entries.map((entry) => (
              <li key={`${entry.date}-${entry.to}`}>
                <button
                  type="button"
                  onClick={() => onChoose(entry)}
                  className="flex w-full items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-left hover:border-primary hover:bg-primary-soft"
                >
                  <TokenIcon url={entry.tokenImage} symbol={entry.coin} size="size-8 text-2xs" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-ink">
                      <span className="sr-only">Send of </span>
                      {entryAmount(entry)} {entry.coin}
                      <span className="sr-only"> ({entry.tokenName})</span>
                    </span>
                    <span className="block truncate text-sm text-ink-muted" title={entry.to}>
                      to {entry.to}
                    </span>
                    <span className="block text-xs text-ink-subtle">{formatDateTime(entry.date)}</span>
                    {entry.memo ? (
                      <span className="block truncate text-xs text-ink-subtle">Memo: {truncateMemo(entry.memo)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
