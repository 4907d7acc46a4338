import {
  PAYMENT_METHOD_LABEL,
  SUBSCRIPTION_LOG_PAGE_SIZE,
  type SubscriptionLog,
} from '@vault/contract/schemas/subscriptions';
import { ButtonLink } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass, tableClasses } from '@vault/ui/table';
import { useState } from 'react';
import { PageNav } from '../../components/page-nav';
import { formatDateTime } from '../../lib/date-time';
import { useSubscriptionLog } from './queries';
import { qText } from './subscribe-steps';

const { wrap, table, head, th, body, td } = tableClasses();

/** What a payment paid for: the first period, or a renewal. */
const KIND: Record<SubscriptionLog['type'], string> = {
  subscriptionPurchase: 'Subscription Acquire',
  subscriptionRenew: 'Subscription Renew',
};

/**
 * /subscription-history (spec 2 §2, §3 Subscription log): the member's subscription payments, newest first,
 * with the spec's columns Remittance Method (nativeToken reads CQR Dollar), Units Amount and Subscription On,
 * and the plan each paid for. A table from sm, a list on phones; paged by the spec's 30.
 */
export function SubscriptionHistoryPage() {
  const [page, setPage] = useState(1);
  const log = useSubscriptionLog(page);
  const rows = log.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / SUBSCRIPTION_LOG_PAGE_SIZE));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">Subscription History</h1>
          <p className="mt-1 text-sm text-ink-muted">
            Every payment of your subscriptions: the first and each renewal.
          </p>
        </div>
        <ButtonLink to="/subscription" variant="secondary">
          Back to Subscription
        </ButtonLink>
      </div>
      <section aria-label="Subscription payments" className={`${cardSurface} space-y-4 p-5 sm:p-6`}>
        {log.isPending ? (
          <LoadingRows label="Loading your subscription history…" />
        ) : !log.data ? (
          <LoadError query={log} title="Your subscription history could not be loaded" className="py-2" />
        ) : rows.length === 0 && page === 1 ? (
          <EmptyState icon="history" action={{ label: 'Choose a plan', to: '/subscription' }}>
            No subscription payments yet. The payments of your subscriptions appear here.
          </EmptyState>
        ) : (
          <>
            {log.isError ? <RefreshError query={log} what="Your subscription history" /> : null}
            {/* A table where there is room, a list on phones (only one is displayed, and so announced). */}
            <ul className={`${listClass} sm:hidden`} aria-label="Subscription payments">
              {rows.map((row) => (
                <li key={row._id} className="space-y-1 py-3" data-testid="subscription-payment-item">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="min-w-0 break-words font-semibold text-ink">{row.plan.title}</p>
                    <p className="shrink-0 font-semibold text-ink tabular-nums">{qText(row.paymentAmount)}</p>
                  </div>
                  <p className="text-xs text-ink-muted">
                    {PAYMENT_METHOD_LABEL[row.paymentMethod]} · {KIND[row.type]}
                  </p>
                  <p className="text-xs text-ink-subtle">
                    <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
            <div className={`${wrap} hidden sm:block`}>
              <table className={table}>
                <caption className="sr-only">Subscription payments</caption>
                <thead className={head}>
                  <tr>
                    <th scope="col" className={th}>
                      Plan
                    </th>
                    <th scope="col" className={th}>
                      Remittance Method
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Units Amount
                    </th>
                    <th scope="col" className={th}>
                      Subscription On
                    </th>
                  </tr>
                </thead>
                <tbody className={body}>
                  {rows.map((row) => (
                    <tr key={row._id} data-testid="subscription-payment-row">
                      <td className={td}>
                        <span className="block font-medium text-ink">{row.plan.title}</span>
                        <span className="block text-xs text-ink-subtle">{KIND[row.type]}</span>
                      </td>
                      <td className={`${td} text-ink`}>{PAYMENT_METHOD_LABEL[row.paymentMethod]}</td>
                      <td className={`${td} whitespace-nowrap text-right font-semibold text-ink tabular-nums`}>
                        {qText(row.paymentAmount)}
                      </td>
                      <td className={`${td} text-xs text-ink-muted`}>
                        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageNav
              label="Subscription history pages"
              page={page}
              pages={pages}
              onPage={setPage}
              disabled={log.isFetching}
            />
          </>
        )}
      </section>
    </div>
  );
}
