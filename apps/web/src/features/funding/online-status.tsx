import { messages } from '@vault/contract/messages';
import { Spinner } from '@vault/ui/button';
import { StatusBadge } from '../../components/status-badge';
import { grouped } from '../../lib/money-format';
import { type OnlineProvider, type PurchaseState, providerErrorText, usePurchaseState } from './online-purchase';

/** Tokens as issued (up to 8 decimals), without the zeros after the cents: 25.00000000 → 25.00. */
const issued = (amount: string) => grouped(amount, 8).replace(/(\.\d\d\d*?)0+$/, '$1');

/** The purchase's state in words: pending → completed (the tokens arrived) or rejected / expired. */
export function PurchaseStateText({ state, symbol }: { state: PurchaseState; symbol?: string | undefined }) {
  if (state.status === 'completed') {
    return (
      <p className="text-sm text-ink">
        {messages.onlinePurchaseCaptured}
        {state.issuedAmount ? (
          <>
            : <strong className="font-semibold">{issued(state.issuedAmount)}</strong>
            {symbol ? ` ${symbol}` : ' tokens'}.
          </>
        ) : (
          '.'
        )}
      </p>
    );
  }
  if (state.status === 'pending') {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4 shrink-0" />
        {messages.onlinePurchasePending}
      </p>
    );
  }
  if (state.status === 'expired') {
    return <p className="text-sm text-danger">This purchase expired: it was not paid in time.</p>;
  }
  return <p className="text-sm text-danger">{state.rejectionReason ?? messages.onlinePurchaseFailed}</p>;
}

/**
 * The live state of one online purchase (spec 2 §4, issue 13 "the return page shows the purchase's state
 * live"): asked every few seconds while pending, and at once when the realtime bridge refreshes ['purchases'].
 */
export function PurchaseStatus({
  provider,
  reference,
  symbol,
  enabled = true,
}: {
  provider: OnlineProvider;
  reference: string;
  symbol?: string | undefined;
  enabled?: boolean;
}) {
  const state = usePurchaseState(provider, reference, enabled);
  if (state.data) {
    return (
      <section aria-label="Purchase status" aria-live="polite" className="space-y-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          Order <span className="font-mono text-ink">{state.data.orderId}</span>
          <StatusBadge status={state.data.status} />
        </p>
        <PurchaseStateText state={state.data} symbol={symbol} />
      </section>
    );
  }
  if (state.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {providerErrorText(state.error)}
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
      <Spinner className="size-4" />
      Checking the payment…
    </p>
  );
}
