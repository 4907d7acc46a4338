import { EmptyState } from '@vault/ui/empty-state';
import { listClass } from '@vault/ui/table';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { useNotifications } from './use-notifications';

const SEEN_KEY = 'notificationsSeenAt';

/** Header bell with a dropdown of notifications (spec 1 §2); a dot marks ones newer than the last look. */
export function NotificationBell() {
  const { data, isLoading, isError } = useNotifications();
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(() => readSeenAt());
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const items = data?.data ?? [];
  const newest = items[0]?.createdAt;
  const unread = newest !== undefined && Date.parse(newest) > seenAt;

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    if (!open && newest) {
      const at = Date.parse(newest);
      setSeenAt(at);
      writeSeenAt(at);
    }
    setOpen((v) => !v);
  };

  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        onClick={toggle}
        aria-label={unread ? 'Notifications (new)' : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        className="relative grid size-10 place-items-center rounded-full text-ink-muted hover:bg-sunken hover:text-ink"
      >
        <BellIcon />
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute right-2 top-2 size-2.5 rounded-full bg-danger ring-2 ring-surface"
          />
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Your notifications"
          className="fixed inset-x-4 top-16 z-30 overflow-hidden rounded-xl bg-surface shadow-xl ring-1 ring-line sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-88"
        >
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">Notifications</h2>
          <div className="max-h-96 overflow-y-auto">
            {isLoading ? (
              <p className="px-4 py-6 text-center text-sm text-ink-subtle">Loading…</p>
            ) : isError ? (
              <p className="px-4 py-6 text-center text-sm text-danger">Notifications could not be loaded.</p>
            ) : items.length === 0 ? (
              <EmptyState icon="bell" compact className="px-4">
                No notifications yet
              </EmptyState>
            ) : (
              <ul className={listClass}>
                {items.map((n) => (
                  <li key={n._id} className="px-4 py-3">
                    <p className="text-sm text-ink">{n.message}</p>
                    <p className="mt-1 text-xs text-ink-subtle">
                      <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function readSeenAt(): number {
  try {
    return Number(localStorage.getItem(SEEN_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeSeenAt(at: number) {
  try {
    localStorage.setItem(SEEN_KEY, String(at));
  } catch {
    // Without storage the dot simply comes back next visit.
  }
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
