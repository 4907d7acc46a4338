import type { GoCardlessSettings } from './adapter.ts';
import type { Bounded, Delivery, Payment, SandboxEvent } from './sandbox-store.ts';
import { newId } from './sandbox-store.ts';
import { signWebhookBody } from './webhook.ts';

/**
 * The GoCardless sandbox's payments: the states a payment moves through (as GoCardless' own sandbox
 * simulates them), the event each change makes, and the signed webhook deliveries, retried with backoff
 * (a 498 is not retried).
 */

const CAUSES: Record<string, [origin: string, cause: string, description: string]> = {
  created: ['api', 'payment_created', 'Payment created via the API.'],
  submitted: [
    'gocardless',
    'payment_submitted',
    'Payment submitted to the banks. As a result, it can no longer be cancelled.',
  ],
  confirmed: [
    'gocardless',
    'payment_confirmed',
    'Enough time has passed since the payment was submitted for the banks to return an error, so this payment is now confirmed.',
  ],
  paid_out: ['gocardless', 'payment_paid_out', 'The payment has been paid out by GoCardless.'],
  failed: ['bank', 'insufficient_funds', "The customer's account had insufficient funds to make this payment."],
  charged_back: [
    'bank',
    'authorisation_disputed',
    'The customer has disputed that the amount taken differs from the amount they were notified of.',
  ],
  cancelled: ['api', 'payment_cancelled', 'The payment was cancelled.'],
};
export const eventFor = (p: Payment, action: string): SandboxEvent => {
  const [origin, cause, description] = CAUSES[action]!;
  return {
    id: newId('EV'),
    created_at: new Date().toISOString(),
    resource_type: 'payments',
    action,
    links: { payment: p.id },
    details: { origin, cause, description },
    metadata: {},
  };
};

/** The states a payment passes through to reach `to`, or null when it cannot. */
export function pathTo(from: string, to: string): string[] | null {
  const forward = ['pending_submission', 'submitted', 'confirmed', 'paid_out'];
  if (to === 'cancelled') return from === 'pending_submission' ? ['cancelled'] : null;
  if (to === 'failed') {
    if (from === 'pending_submission') return ['submitted', 'failed'];
    return from === 'submitted' ? ['failed'] : null;
  }
  if (to === 'charged_back') return from === 'confirmed' || from === 'paid_out' ? ['charged_back'] : null;
  const i = forward.indexOf(from);
  const j = forward.indexOf(to);
  if (i < 0 || j < 0 || j <= i) return null;
  return forward.slice(i + 1, j + 1);
}

/** Delivers events to the site's webhook, signed; `close` stops every attempt still waiting (the server closes). */
export function webhookDelivery(settings: GoCardlessSettings, retryDelays: number[], deliveries: Bounded<Delivery>) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  function deliver(events: SandboxEvent[]) {
    const body = JSON.stringify({ events });
    const signature = signWebhookBody(body, settings.webhookSecret);
    const delivery: Delivery = { id: newId('WB'), events: events.map((e) => e.id), attempts: [], outcome: 'pending' };
    deliveries.set(delivery.id, delivery);
    const attempt = (n: number) => {
      if (closed) return;
      if (n >= retryDelays.length) {
        delivery.outcome = 'gave_up';
        return;
      }
      const timer = setTimeout(async () => {
        timers.delete(timer);
        let status = 0;
        try {
          const res = await fetch(settings.webhookUrl, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'Webhook-Signature': signature,
              'User-Agent': 'gocardless-webhook-service/1.1',
            },
            body,
            signal: AbortSignal.timeout(10_000),
            redirect: 'manual',
          });
          status = res.status;
          await res.arrayBuffer().catch(() => undefined);
        } catch {
          status = 0;
        }
        delivery.attempts.push({ at: new Date().toISOString(), status });
        if (status >= 200 && status < 300) delivery.outcome = 'delivered';
        else if (status === 498) delivery.outcome = 'refused';
        else attempt(n + 1);
      }, retryDelays[n]);
      timer.unref();
      timers.add(timer);
    };
    attempt(0);
    return delivery;
  }

  return {
    deliver,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
