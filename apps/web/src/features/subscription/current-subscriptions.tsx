import type { UserSubscription } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import { type Ref, useEffect, useRef, useState } from 'react';
import { TokenIcon } from '../../components/token-icon';
import { CancelDialog } from './cancel-dialog';
import type { useCurrentSubscriptions } from './queries';
import { qText } from './subscribe-steps';
import { formatDay, subscriptionStatus, TONE_CLASS } from './subscription-text';

/**
 * Current Subscriptions (spec 2 §2, §4): each with its plan, when it started, when it renews or ends, its
 * status (active, cancelled with access until the end of the period, a failed renewal in its grace period),
 * and Cancel Subscription where the server allows it (canCancel: not lifetime, not cancelled already).
 */
export function CurrentSubscriptions({
  query,
  headingRef,
}: {
  query: ReturnType<typeof useCurrentSubscriptions>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const [cancelling, setCancelling] = useState<UserSubscription | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // After a cancel the button that opened the dialog is gone, so the dialog cannot hand the focus back to it:
  // the message takes it, once the dialog has finished closing (it returns the focus in a task of its own).
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => noticeRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [notice]);

  const rows = query.data ?? [];
  return (
    <section aria-labelledby="current-subscriptions" className={`${cardClass} scroll-mt-24 space-y-4`}>
      <div>
        <h2
          id="current-subscriptions"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none"
        >
          Current Subscriptions
        </h2>
        <p className="text-sm text-ink-muted">Your plans, paid in vault dollars, and until when they run.</p>
      </div>
      {notice ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl bg-success-soft px-4 py-3 text-sm text-success outline-none ring-1 ring-success/20"
        >
          {notice}
        </p>
      ) : null}
      {query.isPending ? (
        <LoadingRows label="Loading your subscriptions…" count={2} />
      ) : !query.data ? (
        <LoadError query={query} title="Your subscriptions could not be loaded" className="py-2" />
      ) : rows.length === 0 ? (
        <EmptyState icon="box">You have no subscription yet. Choose a plan above to subscribe.</EmptyState>
      ) : (
        <>
          {query.isError ? <RefreshError query={query} what="Your subscriptions" /> : null}
          <ul className={listClass} aria-label="Current subscriptions">
            {rows.map((row) => (
              <SubscriptionItem
                key={row._id}
                row={row}
                onCancel={() => {
                  setNotice(null);
                  setCancelling(row);
                  setDialogOpen(true);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <CancelDialog subscription={cancelling} open={dialogOpen} onOpenChange={setDialogOpen} onCancelled={setNotice} />
    </section>
  );
}

function SubscriptionItem({ row, onCancel }: { row: UserSubscription; onCancel: () => void }) {
  const status = subscriptionStatus(row);
  const titleId = `subscription-${row._id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start"
      data-testid="subscription"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <TokenIcon url={row.plan.logo} symbol={row.plan.title.slice(0, 1)} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p id={titleId} className="break-words font-semibold text-ink">
              {row.plan.title}
            </p>
            <span
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASS[status.tone]}`}
            >
              {status.label}
            </span>
          </div>
          <p className="text-sm text-ink-muted">
            {row.plan.durationLabel} · {row.isRenewable ? 'Recurring' : 'One time'} ·{' '}
            <span className="tabular-nums">{qText(row.priceUSD)}</span>
          </p>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-ink-subtle">Subscribed on</dt>
              <dd className="text-ink">
                <time dateTime={row.subscriptionOn}>{formatDay(row.subscriptionOn)}</time>
              </dd>
            </div>
            {status.until ? (
              <div className="flex gap-1">
                <dt className="text-ink-subtle">{status.until.term}</dt>
                <dd className="text-ink">
                  <time dateTime={status.until.iso}>{formatDay(status.until.iso)}</time>
                </dd>
              </div>
            ) : null}
          </dl>
          {status.note ? (
            <p className={`text-sm ${status.tone === 'danger' ? 'text-danger' : 'text-ink-muted'}`}>{status.note}</p>
          ) : null}
        </div>
      </div>
      {row.canCancel ? (
        <Button
          variant="secondary"
          size="sm"
          className="ml-12 self-start sm:ml-0 sm:shrink-0"
          aria-haspopup="dialog"
          aria-describedby={titleId}
          onClick={onCancel}
        >
          Cancel Subscription
        </Button>
      ) : null}
    </li>
  );
}
