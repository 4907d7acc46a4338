import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import type { OnlinePurchaseState } from '@vault/contract/schemas/funding';
import { Button, ButtonLink, Spinner } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { type OnlineProvider, providerErrorText } from './online-purchase';
import { PurchaseStatus } from './online-status';

/*
 * The pages a provider's window comes back to (issue 13, spec 2 §4): PayPal's return_url and cancel_url,
 * COINQVEST's returnUrl and cancelUrl. They open in the provider's window (this app's origin, so the member's
 * session is there): each says what happened, follows the purchase live, and offers to close the window or
 * go back to the dashboard, whose own window updates by itself.
 */

function ReturnFrame({ title, children, done }: { title: string; children: ReactNode; done: boolean }) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <Card>
        <div className="space-y-4">{children}</div>
        {done ? (
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => window.close()}>Close this window</Button>
            <ButtonLink to="/cryptocurrency" variant="secondary">
              Back to the dashboard
            </ButtonLink>
          </div>
        ) : null}
      </Card>
    </div>
  );
}

function MissingOrder() {
  return (
    <ReturnFrame title="Payment" done>
      <p role="alert" className="text-sm text-danger">
        This page was opened without a payment to show. Your purchases are in the dashboard's transactions.
      </p>
    </ReturnFrame>
  );
}

/** Runs `call` once for this page (StrictMode runs effects twice), and refreshes what a settled purchase changes. */
function useOnce(key: string | null, call: (key: string) => Promise<OnlinePurchaseState>) {
  const queryClient = useQueryClient();
  const done = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });
  const { mutate } = mutation;
  useEffect(() => {
    if (!key || done.current === key) return;
    done.current = key;
    mutate(key);
  }, [key, mutate]);
  return mutation;
}

const capture = (orderId: string) => api<OnlinePurchaseState>('paypal/order/capture', { body: { orderId } });
const cancel = (orderId: string) => api<OnlinePurchaseState>('paypal/order/cancel', { body: { orderId } });

function Working({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
      <Spinner className="size-4" />
      {text}
    </p>
  );
}

/** /paypal/return?token=ORDER&PayerID=…: the payer approved at PayPal; the order is captured here. */
export function PaypalReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('token');
  const captured = useOnce(orderId, capture);
  if (!orderId) return <MissingOrder />;
  const settled = captured.isSuccess || captured.isError;
  // A declined payment is said by the purchase's own state (rejected, with its reason).
  const declined = captured.error instanceof ApiError && captured.error.body.code === 'PAYMENT_DECLINED';
  return (
    <ReturnFrame title="PayPal payment" done={settled}>
      {!settled ? <Working text="Completing your PayPal payment…" /> : null}
      {captured.isError && !declined ? (
        <p role="alert" className="text-sm text-danger">
          {providerErrorText(captured.error)}
        </p>
      ) : null}
      {settled ? <PurchaseStatus provider="paypal" reference={orderId} /> : null}
    </ReturnFrame>
  );
}

/** /paypal/cancel?token=ORDER: the payer cancelled at PayPal; the purchase is cancelled here. */
export function PaypalCancelPage() {
  const [params] = useSearchParams();
  const orderId = params.get('token');
  const cancelled = useOnce(orderId, cancel);
  if (!orderId) return <MissingOrder />;
  const settled = cancelled.isSuccess || cancelled.isError;
  return (
    <ReturnFrame title="PayPal payment" done={settled}>
      {!settled ? <Working text="Cancelling your PayPal payment…" /> : null}
      {cancelled.isSuccess ? (
        <p role="status" className="text-sm text-ink">
          {messages.onlinePurchaseCancelled}: nothing was taken from your PayPal account.
        </p>
      ) : null}
      {cancelled.isError ? (
        <p role="alert" className="text-sm text-danger">
          {providerErrorText(cancelled.error)}
        </p>
      ) : null}
      {settled ? <PurchaseStatus provider="paypal" reference={orderId} /> : null}
    </ReturnFrame>
  );
}

function CoinqvestPage({ cancelled }: { cancelled: boolean }) {
  const [params] = useSearchParams();
  const purchaseId = params.get('purchaseId');
  if (!purchaseId) return <MissingOrder />;
  const provider: OnlineProvider = 'coinqvest';
  return (
    <ReturnFrame title="COINQVEST payment" done>
      {cancelled ? (
        <p role="status" className="text-sm text-ink">
          {messages.onlinePurchaseCancelled}. Nothing more is asked of you: the order expires by itself if it is not
          paid.
        </p>
      ) : (
        <p className="text-sm text-ink">Thank you. Your tokens are issued once COINQVEST confirms the payment.</p>
      )}
      <PurchaseStatus provider={provider} reference={purchaseId} />
    </ReturnFrame>
  );
}

/** /coinqvest/return?purchaseId=…: the checkout was paid; the purchase completes on COINQVEST's webhook. */
export const CoinqvestReturnPage = () => <CoinqvestPage cancelled={false} />;
/** /coinqvest/cancel?purchaseId=…: the checkout was cancelled (COINQVEST tells nothing: it expires). */
export const CoinqvestCancelPage = () => <CoinqvestPage cancelled />;
