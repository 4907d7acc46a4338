import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/format';
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
    <section
      aria-labelledby="recent-sends-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="recent-sends-title" className="font-semibold text-navy-900">
        Recent Transaction History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No sends from this browser yet. Your sends will be listed here; choose one to fill the form with it again.
        </p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">
            Kept in this browser only. Choose a send to fill the form with it.
          </p>
          <ul className="mt-3 space-y-2">
            {entries.map((entry) => (
              <li key={`${entry.date}-${entry.to}`}>
                <button
                  type="button"
                  onClick={() => onChoose(entry)}
                  className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-left hover:border-brand-500 hover:bg-brand-50"
                >
                  <TokenIcon url={entry.tokenImage} symbol={entry.coin} size="size-8 text-[0.6rem]" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-navy-900">
                      <span className="sr-only">Send of </span>
                      {entryAmount(entry)} {entry.coin}
                      <span className="sr-only"> ({entry.tokenName})</span>
                    </span>
                    <span className="block truncate text-sm text-slate-700" title={entry.to}>
                      to {entry.to}
                    </span>
                    <span className="block text-xs text-slate-500">{formatDateTime(entry.date)}</span>
                    {entry.memo ? (
                      <span className="block truncate text-xs text-slate-500">Memo: {truncateMemo(entry.memo)}</span>
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
