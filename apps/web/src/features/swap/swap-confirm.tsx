import type { SwapQuote } from '@vault/contract/schemas/swap';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { grouped } from '../../lib/money-format';
import { rateText, type SwapSide } from './swap-options';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote: SwapQuote | null;
  fromSide: SwapSide | undefined;
  target: SwapSide | undefined;
  request: boolean;
  submitting: boolean;
  requoting: boolean;
  /** Why the quote cannot be confirmed any more (expired, the market moved), once it cannot. */
  staleMessage: string | null;
  onConfirm: () => void;
  onRequote: () => void;
  onExpired: () => void;
};

/** Seconds until `iso`, never below 0. */
const secondsLeft = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));

/**
 * The firm quote, before anything moves: what the member gives and receives, the rate, the spread and how
 * long the quote holds. Once it expires (or the server says the market moved) Confirm makes way for
 * "Get a new quote": the member confirms the new numbers, never a price they were not shown.
 */
export function SwapConfirm(props: Props) {
  const { quote, request, submitting, staleMessage } = props;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(() => (quote ? secondsLeft(quote.expiresAt) : 0));
  const { onExpired, open } = props;

  useEffect(() => {
    if (!quote || !open) return;
    setLeft(secondsLeft(quote.expiresAt));
    const timer = setInterval(() => {
      const now = secondsLeft(quote.expiresAt);
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        onExpired();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [quote, open, onExpired]);

  const fromDecimals = Math.max(props.fromSide?.displayDecimals ?? 0, decimalsOf(quote?.amount ?? ''));
  const toDecimals = props.target?.decimals ?? 8;

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={request ? 'Confirm your swap request' : 'Confirm your swap'}
      size="sm"
      // Cancel first: Enter pressed twice (Swap, then again) must not swap.
      initialFocus={cancelRef}
    >
      {quote ? (
        <dl className="divide-y divide-line rounded-xl bg-canvas px-4 text-sm">
          <Row term="You give">
            {grouped(quote.amount, fromDecimals)} {quote.from}
          </Row>
          <Row term="You receive">
            <span className="text-base font-semibold">
              {grouped(quote.receiveAmount, toDecimals)} {quote.to}
            </span>
          </Row>
          <Row term="Rate">{rateText(quote.from, quote.rate, quote.to, toDecimals)}</Row>
          <Row term={`Spread (${quote.spreadPercent} %)`}>
            {grouped(quote.fee, toDecimals)} {quote.to}
          </Row>
        </dl>
      ) : null}

      {staleMessage ? (
        <p role="alert" className="mt-4 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning">
          {staleMessage}
        </p>
      ) : quote ? (
        <p className="mt-4 text-sm text-ink-muted" aria-live="off">
          This quote holds for <span className="font-semibold text-ink tabular-nums">{left} s</span>.
          {request ? ' The amount you give is held until an administrator decides.' : ''}
        </p>
      ) : null}

      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        {staleMessage ? (
          <Button onClick={props.onRequote} busy={props.requoting}>
            Get a new quote
          </Button>
        ) : (
          <Button onClick={props.onConfirm} busy={submitting}>
            Confirm
          </Button>
        )}
        <Button ref={cancelRef} variant="secondary" onClick={() => props.onOpenChange(false)} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/** Decimals the quote's amount has, so the summary never rounds away part of what is given. */
const decimalsOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-ink-subtle">{term}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}
