import { TRANSACTIONS_PAGE_SIZE, type Transaction } from '@vault/contract/schemas/funding';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass, tableClasses } from '@vault/ui/table';
import { useState } from 'react';
import { PageNav } from '../../components/page-nav';
import { StatusBadge } from '../../components/status-badge';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, usd } from '../../lib/money-format';
import { TransactionDetail } from './transaction-detail';
import { transactionTitle, useTransactions } from './transactions';

const { wrap, table, head, th, body, row, td } = tableClasses();

/**
 * The dashboard's transactions list (spec 1 §2, spec 2 §2): Status / Amount / Type, a row per purchase,
 * activation, subscription or opportunity purchase with its icon, title, created date and street address;
 * a row opens its detail. TRANSACTIONS_PAGE_SIZE a page, with Previous and Next.
 */
export function TransactionsPanel() {
  const [page, setPage] = useState(1);
  const txs = useTransactions(page);
  const [open, setOpen] = useState<Transaction | null>(null);
  const total = txs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const list = txs.data?.data ?? [];

  return (
    <section aria-labelledby="transactions-heading" className={cardClass}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="transactions-heading" className="font-semibold text-ink">
          Transactions
        </h2>
        {txs.data && total > 0 ? (
          <p className="text-xs text-ink-subtle">
            {total} {total === 1 ? 'transaction' : 'transactions'}
          </p>
        ) : null}
      </div>

      {txs.isPending ? (
        <LoadingRows label="Loading transactions…" />
      ) : !txs.data ? (
        <LoadError query={txs} title="Your transactions could not be loaded" className="py-4" />
      ) : list.length === 0 && page === 1 ? (
        <EmptyState icon="history" action={{ label: 'Get CQR Dollars', to: '/liquidity-tokens' }}>
          No transactions yet. Your purchases, contributions and subscriptions appear here.
        </EmptyState>
      ) : (
        <>
          {txs.isError ? <RefreshError query={txs} what="Your transactions" className="mb-3" /> : null}
          {/* Phones: a compact list; wider screens: the table of Status / Amount / Type. */}
          <ul className={`${listClass} sm:hidden`} aria-label={`Transactions, page ${page} of ${pages}`}>
            {list.map((tx) => (
              <TransactionItem key={tx._id} tx={tx} onOpen={() => setOpen(tx)} />
            ))}
          </ul>
          <div className={`${wrap} hidden sm:block`}>
            <table className={`${table} min-w-[36rem]`} aria-busy={txs.isPlaceholderData || undefined}>
              <caption className="sr-only">
                Transactions, page {page} of {pages}
              </caption>
              <thead className={head}>
                <tr>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Type
                  </th>
                </tr>
              </thead>
              <tbody className={body}>
                {list.map((tx) => (
                  <TransactionRow key={tx._id} tx={tx} onOpen={() => setOpen(tx)} />
                ))}
              </tbody>
            </table>
          </div>
          <PageNav
            label="Transactions pages"
            page={page}
            pages={pages}
            onPage={setPage}
            busy={txs.isPlaceholderData && txs.isFetching}
            className="mt-4 flex items-center justify-between gap-3"
          />
        </>
      )}
      <TransactionDetail tx={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/** The icon of a row: the subscription's logo, or the token's icon (spec 1 §3: subscription.logo, token.icon.url). */
function TransactionIcon({ tx }: { tx: Transaction }) {
  return tx.subscription ? (
    <TokenIcon url={tx.subscription.logo} symbol="SUB" />
  ) : (
    <TokenIcon url={tx.token?.icon.url} symbol={tx.token?.coinSymbol ?? 'Q'} />
  );
}

/** A phone's row: the same facts, the title a button that opens the detail. */
function TransactionItem({ tx, onOpen }: { tx: Transaction; onOpen: () => void }) {
  return (
    <li className="relative flex items-start gap-3 py-3" data-testid="transaction-item">
      <TransactionIcon tx={tx} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <button
            type="button"
            onClick={onOpen}
            className="text-left font-semibold text-ink after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-focus"
          >
            {transactionTitle(tx)}
          </button>
          <span className="shrink-0 font-semibold tabular-nums text-ink">{usd(tx.amount)}</span>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
          <StatusBadge status={tx.status} />
          <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt)}</time>
        </div>
        {tx.streetAddress ? <p className="mt-0.5 truncate text-xs text-ink-muted">{tx.streetAddress}</p> : null}
      </div>
    </li>
  );
}

function TransactionRow({ tx, onOpen }: { tx: Transaction; onOpen: () => void }) {
  const title = transactionTitle(tx);
  return (
    // The whole row opens the detail for the pointer; the title is its button for the keyboard.
    <tr className={`${row} cursor-pointer`} onClick={onOpen} data-testid="transaction-row">
      <td className={`${td} w-32`}>
        <StatusBadge status={tx.status} />
      </td>
      <td className={`${td} w-36 whitespace-nowrap text-right tabular-nums`}>
        <span className="font-semibold text-ink">{usd(tx.amount)}</span>
        {tx.tokenAmount && tx.token ? (
          <span className="block text-xs text-ink-subtle">
            {grouped(tx.tokenAmount, tx.token.decimals)} {tx.token.shortName}
          </span>
        ) : null}
      </td>
      <td className={td}>
        <div className="flex items-center gap-3">
          <TransactionIcon tx={tx} />
          <div className="min-w-0">
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation();
                onOpen();
              }}
              className="text-left font-semibold text-ink hover:underline focus-visible:underline"
            >
              {title}
            </button>
            <p className="text-xs text-ink-subtle">
              <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt)}</time>
            </p>
            {tx.streetAddress ? <p className="truncate text-xs text-ink-muted">{tx.streetAddress}</p> : null}
          </div>
        </div>
      </td>
    </tr>
  );
}
