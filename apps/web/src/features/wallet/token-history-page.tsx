import type { TokenSend } from '@vault/contract/schemas/wallet';
import { ButtonLink, Spinner } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import type { ReactNode } from 'react';
import { TOKEN_SENDS_LIMIT, useTokenSends } from './queries';
import { TokenSendList } from './token-history-list';
import { TokenHistoryTable } from './token-history-table';

/** /token-history (spec 2 §2 "Token history"): the member's token sends and receipts, newest first. */
export function TokenHistoryPage() {
  const sends = useTokenSends();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Token History</h1>
          <p className="mt-1 text-sm text-ink-muted">Tokens you sent to and received from other members.</p>
        </div>
        <ButtonLink to="/Send">Send tokens</ButtonLink>
      </div>
      <TokenSendsState
        query={sends}
        empty={
          <EmptyState icon="history" action={{ label: 'Send your first tokens', to: '/Send' }} className={cardSurface}>
            You have not sent or received tokens yet.
          </EmptyState>
        }
      >
        {(rows) => (
          <>
            {/* A table where there is room, a list on phones (only one is displayed, and so announced). */}
            <TokenHistoryTable sends={rows} caption="Token history" className="hidden sm:block" />
            <div className={`${cardSurface} px-4 sm:hidden`}>
              <TokenSendList sends={rows} label="Token history" />
            </div>
          </>
        )}
      </TokenSendsState>
    </div>
  );
}

/** Loading, error, empty or the rows: shared by /token-history and the /Q-tokens history. */
export function TokenSendsState({
  query,
  empty,
  filter,
  children,
}: {
  query: ReturnType<typeof useTokenSends>;
  empty: ReactNode;
  filter?: (send: TokenSend) => boolean;
  children: (rows: TokenSend[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-ink-muted">
        <Spinner /> Loading the history…
      </p>
    );
  }
  if (!query.data) {
    return (
      <Card>
        <LoadError query={query} title="Your token history could not be loaded." />
      </Card>
    );
  }
  const rows = filter ? query.data.filter(filter) : query.data;
  return (
    <div className="space-y-4">
      {/* A failed refresh keeps the rows already shown. */}
      {query.isError ? <RefreshError query={query} what="Your token history" /> : null}
      {rows.length === 0 ? empty : children(rows)}
      {/* The list is the newest TOKEN_SENDS_LIMIT of them: say so rather than let it pass for all. */}
      {query.data.length >= TOKEN_SENDS_LIMIT ? (
        <p className="text-sm text-ink-muted">Showing the latest {TOKEN_SENDS_LIMIT} sends and receipts only.</p>
      ) : null}
    </div>
  );
}
