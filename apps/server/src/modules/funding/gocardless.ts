import { messages } from '@vault/contract/messages';
import { toFixed } from '@vault/contract/money';
import type { GoCardlessCustomerBody } from '@vault/contract/schemas/funding';
import type { Context } from '../../context.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  fromMinorUnits,
  type GoCardlessClient,
  GoCardlessError,
  type Payment,
  type RedirectFlow,
} from '../../providers/gocardless/adapter.ts';
import {
  type GoCardlessEvent,
  INVALID_SIGNATURE_STATUS,
  parseWebhookEvents,
  verifyWebhookSignature,
  WebhookBodyError,
} from '../../providers/gocardless/webhook.ts';
import type { User } from '../auth/sessions.ts';
import { type OnlinePurchaseService, purchaseState } from './online-purchases.ts';
import { providerCustomerOf, updateProviderCustomer } from './provider-customers.ts';
import type { ProviderEventService } from './provider-events.ts';
import type { PurchaseRow } from './wire-view.ts';

type Idempotency = { key: string; requestHash: string };
type Deps = {
  /** null: GoCardless is off (production without credentials). */
  client: GoCardlessClient | null;
  webhookSecret: string | null;
  purchases: OnlinePurchaseService;
  events: ProviderEventService;
};

const unavailable = () => new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Payment states after which the money is ours (GoCardless: "confirmed", then "paid_out"). */
const FINAL_PAID = new Set(['confirmed', 'paid_out']);
/** States in which the money never arrived or went back. */
const LOST = new Set(['failed', 'cancelled', 'customer_approval_denied', 'charged_back']);

/**
 * GoCardless purchases (issue 13): a direct debit against a mandate the member sets up on GoCardless'
 * payment page.
 * 1. `create-customer`: a pending purchase (priced and capped as every online one) and a redirect flow
 *    prefilled with the member's details; the flow's session token is the purchase id, the flow is the
 *    member's pending one (provider_customers.pending_flow_id).
 * 2. The payer returns to /direct-debit?redirect_flow_id=RE…; `complete-customer-creation` completes the
 *    flow (the member's own pending flow only), keeps the customer and mandate, and creates the payment for
 *    the purchase (minor units; Idempotency-Key `payment:<purchase>`, so a retry or a reload makes no second
 *    one); the purchase's provider reference is the payment id.
 * 3. Tokens are issued only from a verified webhook, once: each event is recorded (provider_events) and the
 *    payment's state is then read from GoCardless (events come out of order and say nothing of amounts):
 *    confirmed or paid_out settles the purchase with the amount GoCardless holds; failed, cancelled or
 *    charged back before credit rejects it; charged back (or failed late) after credit applies the
 *    charge-back policy (charge-backs.ts: what the member still holds taken back, the rest a debt).
 */
export function goCardlessService(ctx: Context, deps: Deps) {
  const { purchases, events } = deps;
  const { db, log } = ctx;
  const client = () => {
    if (!deps.client) throw unavailable();
    return deps.client;
  };
  /** A call to GoCardless; a refusal or an outage is logged and answered as "cannot be reached". */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GoCardlessError)
        log.warn({ status: error.status, type: error.type, errors: error.errors, what }, 'gocardless refused a call');
      throw error;
    }
  }

  /** The payment's state applied to its purchase, on behalf of one recorded event. */
  async function apply(row: PurchaseRow, payment: Payment, eventId: string) {
    if (FINAL_PAID.has(payment.status)) {
      if (payment.currency !== 'USD') {
        await purchases.noteStatus(row.id, `${payment.status}_not_usd`);
        return events.markProcessed('goCardless', eventId);
      }
      await events.settleFromEvent({
        provider: 'goCardless',
        eventId,
        purchaseId: row.id,
        receivedUsd: fromMinorUnits(payment.amount),
        providerStatus: payment.status,
      });
      // Already settled by an earlier event: settleFromEvent issued nothing; the event is still done with.
      return events.markProcessed('goCardless', eventId);
    }
    if (LOST.has(payment.status)) {
      if (row.entryId === null) {
        await events.failPurchase(row.id, messages.onlinePurchaseFailed, payment.status);
        return events.markProcessed('goCardless', eventId);
      }
      // After credit: the charge-back policy (decision 0013, charge-backs.ts): what the member still holds
      // taken back, the rest a debt, once per purchase.
      const taken = await events.chargeBack({
        provider: 'goCardless',
        eventId,
        purchaseId: row.id,
        providerStatus: payment.status,
      });
      log.warn({ purchaseId: row.id, status: payment.status, eventId, taken }, 'gocardless: payment lost after credit');
      // Already charged back by an earlier event: nothing taken; the event is still done with.
      if (!taken) await purchases.noteStatus(row.id, payment.status);
      return events.markProcessed('goCardless', eventId);
    }
    await purchases.noteStatus(row.id, payment.status);
    return events.markProcessed('goCardless', eventId);
  }

  return {
    enabled: () => deps.client !== null,

    /** POST go-cardless/create-customer → the payment page's URL. */
    async createCustomer(me: User, body: GoCardlessCustomerBody, idempotency?: Idempotency) {
      const gc = client();
      const row = await purchases.openPending(me, 'goCardless', body, idempotency);
      let flow: RedirectFlow;
      try {
        flow = await call('redirect flow', () =>
          gc.createRedirectFlow(
            {
              description: `${row.orderId}: ${row.tokenAmount} ${row.asset}`.slice(0, 100),
              sessionToken: row.id,
              successRedirectUrl: `${ctx.config.publicUrl}/direct-debit`,
              prefilledCustomer: {
                given_name: body.given_name,
                family_name: body.family_name,
                email: body.email,
                company_name: body.company_name || undefined,
                address_line1: body.address_line1,
                city: body.city,
                postal_code: body.postal_code,
                phone_number: body.phone_number,
                language: body.language,
              },
            },
            `flow:${row.id}`,
          ),
        );
      } catch {
        throw unavailable();
      }
      if (!flow.redirect_url) throw unavailable();
      await updateProviderCustomer(db, me.id, 'goCardless', { pendingFlowId: flow.id });
      return {
        message: messages.ddRedirectCreated,
        data: { redirectUrl: flow.redirect_url, purchaseId: row.id, orderId: row.orderId },
      };
    },

    /**
     * POST go-cardless/complete-customer-creation {redirectId}: the member's own pending flow only (another
     * flow is 404). Completing twice (a reload of /direct-debit) answers the same confirmation and makes no
     * second payment.
     */
    async completeCustomerCreation(me: User, redirectId: string) {
      const gc = client();
      const mine = await providerCustomerOf(db, me.id, 'goCardless');
      if (mine?.pendingFlowId !== redirectId) throw notFound(messages.ddFlowUnknown);
      let flow: RedirectFlow;
      try {
        flow = await call('read flow', () => gc.getRedirectFlow(redirectId));
      } catch (error) {
        if (error instanceof GoCardlessError && error.status === 404) throw notFound(messages.ddFlowUnknown);
        throw unavailable();
      }
      const purchaseId = flow.session_token ?? '';
      const row = UUID.test(purchaseId) ? await purchases.byId(purchaseId) : undefined;
      if (!row || row.userId !== me.id || row.method !== 'goCardless') throw notFound(messages.ddFlowUnknown);
      if (!flow.links.mandate) {
        try {
          flow = await call('complete flow', () => gc.completeRedirectFlow(redirectId, purchaseId));
        } catch (error) {
          if (error instanceof GoCardlessError && error.has('redirect_flow_incomplete'))
            throw conflict(messages.ddFlowIncomplete, 'PAYMENT_NOT_APPROVED');
          throw unavailable();
        }
      }
      const { customer, mandate } = flow.links;
      if (!customer || !mandate || !flow.confirmation_url) throw unavailable();
      await updateProviderCustomer(db, me.id, 'goCardless', { customerId: customer, mandateId: mandate });
      if (row.status !== 'pending' && row.providerRef === null)
        throw conflict(messages.onlinePurchaseNotPending, 'PURCHASE_NOT_PENDING');
      if (row.providerRef === null) {
        let payment: Payment;
        try {
          payment = await call('payment', () =>
            gc.createPayment(
              {
                amount: toFixed(row.amountUsd, 2),
                currency: 'USD',
                mandateId: mandate,
                description: `${row.orderId}: ${row.tokenAmount} ${row.asset}`.slice(0, 100),
                metadata: { purchaseId: row.id, orderId: row.orderId },
              },
              `payment:${row.id}`,
            ),
          );
        } catch {
          throw unavailable();
        }
        await purchases.attachRef(row.id, payment.id, payment.status);
      }
      return {
        message: messages.ddSetUp,
        data: { confirmationUrl: flow.confirmation_url, purchaseId: row.id, orderId: row.orderId },
      };
    },

    /** GET /go-cardless/purchase/:purchaseId: the member's own direct-debit purchase as it is now. */
    async state(me: User, purchaseId: string) {
      const row = await purchases.own(me, purchaseId);
      if (row.method !== 'goCardless') throw notFound(messages.notFound);
      return { message: '', data: purchaseState(row) };
    },

    /**
     * POST /webhooks/gocardless with its raw body: 498 for a signature that does not match (recorded as
     * refused under an id of its own, so a forgery wearing a real event's id never blocks the real one),
     * 400 for a signed body that is not a list of events, 200 once every event is recorded and acted on, 503
     * when GoCardless could not be asked for a payment's state (GoCardless delivers again; a replayed event
     * that was acted on is a no-op).
     */
    async webhook(rawBody: string, signature: unknown): Promise<{ status: 200 | 400 | 498 | 503 }> {
      const refuse = async (reason: string, status: 400 | 498) => {
        await events.record({
          provider: 'goCardless',
          eventId: `refused:${sha256(`${String(signature)}|${rawBody}`)}`,
          eventType: 'webhook',
          verified: false,
          refusedReason: reason,
          payload: { raw: rawBody.slice(0, 2000) },
        });
        return { status };
      };
      if (!deps.webhookSecret || !verifyWebhookSignature(rawBody, deps.webhookSecret, signature))
        return refuse('signature', INVALID_SIGNATURE_STATUS);
      let list: GoCardlessEvent[];
      try {
        list = parseWebhookEvents(rawBody);
      } catch (error) {
        if (error instanceof WebhookBodyError) return refuse('malformed', 400);
        throw error;
      }
      const payments = new Map<string, Promise<Payment>>();
      let retry = false;
      for (const event of list) {
        const paymentId = event.resource_type === 'payments' ? event.links.payment : undefined;
        const row = paymentId ? await purchases.byRef('goCardless', paymentId) : undefined;
        const recorded = await events.record({
          provider: 'goCardless',
          eventId: event.id,
          eventType: `${event.resource_type}.${event.action}`,
          verified: true,
          purchaseId: row?.id ?? null,
          payload: event,
        });
        if (recorded.processed) continue;
        if (!row || !paymentId) {
          await events.markProcessed('goCardless', event.id);
          continue;
        }
        if (!payments.has(paymentId))
          payments.set(
            paymentId,
            call('read payment', () => client().getPayment(paymentId)),
          );
        let payment: Payment;
        try {
          payment = await payments.get(paymentId)!;
        } catch {
          retry = true;
          continue;
        }
        const now = (await purchases.byId(row.id)) ?? row;
        await apply(now, payment, event.id);
      }
      return { status: retry ? 503 : 200 };
    },
  };
}

export type GoCardlessService = ReturnType<typeof goCardlessService>;
