import { formatDateTime, formatLocalDay, formatLocalTime } from '../lib/format';

/** An instant in a narrow column: the local day, the time and zone under it, the full date and time on hover. */
export const LocalDateTime = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={formatDateTime(iso)} className="block whitespace-nowrap tabular-nums">
    {formatLocalDay(iso)}
    <span className="block text-xs text-ink-subtle">{formatLocalTime(iso)}</span>
  </time>
);
