import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import type { coinqvestCheckoutStarted, OnlinePurchaseBody, paypalOrderCreated } from '@vault/contract/schemas/funding';
import { Button, linkClass, Spinner } from '@vault/ui/button';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { moneyPoster } from '../../lib/money-post';
import { useSession } from '../../lib/session';
import { type OnlineProvider, providerErrorText, usePurchaseState } from './online-purchase';
import { PurchaseStatus } from './online-status';
import { SETTLEMENT_METHODS } from './purchase-options';
import type { Purchase } from './settlement-dialog';

/** What /register-qvest is given: where to come back to, and the token being bought. */
export type RegisterQvestState = { from: string; coin: string };

/** The provider's page in a window of its own (spec 2 §4), cut off from this one (no window.opener). */
export function openProviderWindow(url: string): boolean {
  const win = window.open('', '_blank', 'popup,width=560,height=760');
  if (!win) return false;
  win.opener = null;
  win.location.href = url;
  return true;
}

type Started = { reference: string; url: string; opened: boolean };

/**
 * PayPal and COINQVEST after "Are you sure…" Confirm (spec 2 §4, issue 13): makes the order (PayPal) or the
 * checkout (COINQVEST) with an Idempotency-Key, opens the provider's page in a new window (a link when the
 * browser blocks it) and shows the purchase's state live until it completes or fails. A member who is not
 * a COINQVEST customer goes to /register-qvest first; the 5,000.00 cap goes under the amount.
 */
export function OnlineCheckout({
  method,
  purchase,
  onBack,
  onClose,
  onAmountError,
}: {
  method: OnlineProvider;
  purchase: Purchase;
  onBack: () => void;
  onClose: () => void;
  onAmountError?: ((message: string) => void) | undefined;
}) {
  const { info } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [post] = useState(moneyPoster);
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const began = useRef(false);
  const name = SETTLEMENT_METHODS[method];
  // The same query the status below shows: the link to the provider's page is offered while it is pending.
  const state = usePurchaseState(method, started?.reference ?? null);

  const register = () => {
    const state: RegisterQvestState = { from: `${location.pathname}${location.search}`, coin: purchase.token };
    onClose();
    navigate('/register-qvest', { state });
  };

  const start = async () => {
    if (method === 'coinqvest' && info?.user.isCoinqvestCustomer === false) return register();
    const body: OnlinePurchaseBody = {
      paymentType: purchase.type === 'walletActivation' ? 'walletActivation' : 'tokenPurchase',
      tokenId: purchase.token,
      amount: purchase.amount,
    };
    setBusy(true);
    setError(null);
    try {
      let made: Omit<Started, 'opened'>;
      if (method === 'paypal') {
        const answer = await post<z.infer<typeof paypalOrderCreated>>('paypal/order/create', body);
        const link =
          answer.data.links.find((l) => l.method === 'REDIRECT') ??
          answer.data.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
        if (!link) throw new Error(messages.onlinePurchaseFailed);
        made = { reference: answer.data.id, url: link.href };
      } else {
        const answer = await post<z.infer<typeof coinqvestCheckoutStarted>>('coinqvest/start-checkout', body);
        made = { reference: answer.data.purchaseId, url: answer.data.url };
      }
      setStarted({ ...made, opened: openProviderWindow(made.url) });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    } catch (e) {
      const code = e instanceof ApiError ? e.body.code : undefined;
      if (code === 'COINQVEST_CUSTOMER_REQUIRED') return register();
      if (code === 'ONLINE_PURCHASE_CAP' && onAmountError) {
        onClose();
        onAmountError(providerErrorText(e));
        return;
      }
      setError(providerErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  // Confirm was pressed: start at once (still within the click's user activation, so the window may open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, on Confirm
  useEffect(() => {
    if (began.current) return;
    began.current = true;
    void start();
  }, []);

  if (started) {
    const pending = !state.data || state.data.status === 'pending';
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink">
          {started.opened
            ? `The ${name} page opened in a new window: complete the payment there. This dialog follows it.`
            : `Your browser did not open the ${name} window. Open it with the link below, then complete the payment there.`}
        </p>
        {pending ? (
          <p>
            <a href={started.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {started.opened ? `Open the ${name} page again` : `Open the ${name} page`}
            </a>
          </p>
        ) : null}
        <PurchaseStatus provider={method} reference={started.reference} symbol={purchase.token} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {busy || !error ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" />
          {method === 'paypal' ? 'Creating your PayPal order…' : 'Creating your COINQVEST checkout…'}
        </p>
      ) : (
        <p role="alert" className="rounded-xl bg-danger-soft p-4 text-sm text-danger ring-1 ring-danger/20">
          {error}
        </p>
      )}
      {error && !busy ? (
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => void start()}>Try again</Button>
          <Button variant="secondary" onClick={onBack}>
            Choose another method
          </Button>
        </div>
      ) : null}
    </div>
  );
}
