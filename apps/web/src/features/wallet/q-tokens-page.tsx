import { buttonClass } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { useId, useState } from 'react';
import { useTokenSends } from './queries';
import { DOLLAR_TOKEN, SendScreen } from './send-screen';
import { TokenSendList } from './token-history-list';
import { TokenSendsState } from './token-history-page';

/** /Q-tokens (spec 2 §2): send dollar tokens, with the member's dollar-token history behind a toggle. */
export function QTokensPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Send Dollar Tokens</h1>
        <p className="mt-1 text-sm text-ink-muted">Send dollar tokens (1 token = 1 USD) to another member by e‑mail.</p>
      </div>
      <SendScreen coin={DOLLAR_TOKEN} lockedCoin aside={() => <DollarHistory />} />
    </div>
  );
}

function DollarHistory() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section aria-labelledby={`${regionId}-title`} className={cardClass}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${regionId}-title`} className="font-semibold text-ink">
          Dollar token history
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((v) => !v)}
          className={buttonClass('secondary', 'sm')}
        >
          {open ? 'Hide history' : 'Show history'}
        </button>
      </div>
      <div id={regionId} hidden={!open} className="mt-4">
        {/* Asked only once the member opens the history. */}
        {open ? <DollarSends /> : null}
      </div>
    </section>
  );
}

function DollarSends() {
  const sends = useTokenSends();
  return (
    <TokenSendsState
      query={sends}
      empty={
        <EmptyState icon="history" compact>
          You have not sent or received dollar tokens yet.
        </EmptyState>
      }
      filter={(send) => send.coin === DOLLAR_TOKEN}
    >
      {(rows) => <TokenSendList sends={rows} label="Dollar token sends" />}
    </TokenSendsState>
  );
}
