import { useMutation, useQuery } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import type { OnlinePurchaseState } from '@vault/contract/schemas/funding';
import { Button, ButtonLink, Spinner } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { grouped } from '../../lib/money-format';
import { useSession } from '../../lib/session';

type Confirmation = { message: string; data: { confirmationUrl: string; purchaseId: string; orderId: string } };

/** How often the purchase is asked again while GoCardless has not settled it. */
const POLL_MS = 3_000;

/** The direct-debit purchase as it is now, asked again while it is pending. */
const useDirectDebitPurchase = (purchaseId: string | undefined) =>
  useQuery({
    queryKey: ['purchases', 'online', 'goCardless', purchaseId ?? ''],
    queryFn: () =>
      api<OnlinePurchaseState>(`go-cardless/purchase/${encodeURIComponent(purchaseId!)}`).then((r) => r.data),
    enabled: Boolean(purchaseId),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });

const REDIRECT_ID = /^RE[0-9A-Z]{1,60}$/;

/**
 * /direct-debit (spec 2 §2 Direct-debit result page): where GoCardless' page sends the payer back with
 * ?redirect_flow_id=RE…. Public (the payer may come back in a browser without a session: asked to sign in,
 * the query kept); with a session it completes the set-up (go-cardless/complete-customer-creation), says
 * "Direct Debit Set Up Successfully", offers Finalize Flow (GoCardless' confirmation page, in a new tab) and
 * follows the purchase until GoCardless settles it.
 */
export function DirectDebitPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { token } = useSession();
  const redirectId = params.get('redirect_flow_id') ?? '';
  const valid = REDIRECT_ID.test(redirectId);
  const complete = useMutation({
    mutationFn: () =>
      api<Confirmation>('go-cardless/complete-customer-creation', { body: { redirectId } }).then((r) => r.data),
  });
  const started = useRef(false);
  const { mutate } = complete;

  // Once per visit: completing twice answers the same confirmation, but there is no need to.
  useEffect(() => {
    if (!token || !valid || started.current) return;
    started.current = true;
    mutate();
  }, [token, valid, mutate]);

  const purchase = useDirectDebitPurchase(complete.data?.purchaseId);

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="font-display text-2xl font-semibold text-ink">Direct debit</h1>
      <div className={`${cardClass} mt-6 p-6`}>
        {!valid ? (
          <p role="alert" className="text-danger">
            {messages.ddFlowUnknown}
          </p>
        ) : !token ? (
          <div>
            <p className="text-ink">Sign in to finish setting up your direct debit.</p>
            <ButtonLink className="mt-4" to="/sign-in" state={{ from: `${location.pathname}${location.search}` }}>
              Sign in
            </ButtonLink>
          </div>
        ) : complete.isError ? (
          <div>
            <p role="alert" className="text-danger">
              {errorText(complete.error)}
            </p>
            <Button className="mt-4" variant="secondary" onClick={() => complete.mutate()}>
              Try again
            </Button>
          </div>
        ) : !complete.data ? (
          <p role="status" className="flex items-center gap-2 text-ink-muted">
            <Spinner className="size-5" /> Completing your direct debit set-up…
          </p>
        ) : (
          <div>
            <p role="status" className="text-xl font-semibold text-success">
              {messages.ddSetUp}
            </p>
            <p className="mt-2 text-sm text-ink-muted">
              Order {complete.data.orderId}. Finalize the flow on GoCardless' confirmation page; your tokens arrive once
              GoCardless confirms the payment.
            </p>
            <Button
              className="mt-4"
              onClick={() => window.open(complete.data.confirmationUrl, '_blank', 'noopener,noreferrer')}
            >
              Finalize Flow
            </Button>
            <div className="mt-6 border-t border-line pt-4" aria-live="polite">
              <h2 className="text-sm font-medium text-ink">Payment</h2>
              {purchase.data ? (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink">
                  <StatusBadge status={purchase.data.status} />
                  {purchase.data.status === 'completed' && purchase.data.issuedAmount
                    ? `${grouped(purchase.data.issuedAmount, 2)} tokens issued.`
                    : purchase.data.status === 'pending'
                      ? 'Waiting for GoCardless to confirm the payment.'
                      : (purchase.data.rejectionReason ?? '')}
                </p>
              ) : purchase.isError ? (
                <p className="mt-2 text-sm text-danger">{errorText(purchase.error)}</p>
              ) : (
                <p className="mt-2 text-sm text-ink-muted">Loading…</p>
              )}
              <Link to="/cryptocurrency" className="mt-4 inline-block text-sm font-medium text-primary underline">
                Go to your dashboard
              </Link>
            </div>
          </div>
        )}
      </div>
    </main>
  );
}
