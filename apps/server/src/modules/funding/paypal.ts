import { messages } from '@vault/contract/messages';
import { normalize, toFixed } from '@vault/contract/money';
import type { OnlinePurchaseBody } from '@vault/contract/schemas/funding';
import type { Context } from '../../context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { unstorableTextAt } from '../../http/json-body.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  type Capture,
  captureOf,
  type Order,
  type PaypalAdapter,
  PaypalError,
  type TransmissionHeaders,
} from '../../providers/paypal/adapter.ts';
import type { User } from '../auth/sessions.ts';
import { type OnlinePurchaseService, purchaseState } from './online-purchases.ts';
import type { ProviderEventService } from './provider-events.ts';
import type { PurchaseRow } from './wire-view.ts';

type Idempotency = { key: string; requestHash: string };
type Deps = { adapter: PaypalAdapter | null; purchases: OnlinePurchaseService; events: ProviderEventService };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PayPal's events for money taken back after a capture completed. */
const LOST_AFTER_CREDIT = new Set(['PAYMENT.CAPTURE.REVERSED', 'PAYMENT.CAPTURE.REFUNDED']);
/** What the member reads when PayPal declines (spec 2 §8 'something error occurred'). */
const DECLINED = messages.onlinePurchaseFailed;

const unavailable = () => new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);

/**
 * PayPal purchases (issue 13, decision 0013): the member's order is created at PayPal (Orders v2, intent
 * CAPTURE, custom_id our purchase), approved by the payer at PayPal, captured by our server when the payer
 * returns; the tokens are issued only from a final COMPLETED capture (the capture's answer to our own
 * authenticated call, or the verified PAYMENT.CAPTURE.COMPLETED webhook, whichever comes first: once).
 */
export function paypalService(ctx: Context, deps: Deps) {
  const { purchases, events } = deps;
  const publicUrl = ctx.config.publicUrl;
  const adapter = () => {
    if (!deps.adapter) throw unavailable();
    return deps.adapter;
  };

  /** A PayPal call; its refusals are logged (the caller says what they mean to the member). */
  async function paypal<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaypalError)
        ctx.log.warn({ status: error.status, issue: error.issue, name: error.body.name }, 'paypal refused a call');
      throw error;
    }
  }

  /** The capture's outcome applied to the purchase: issued once when COMPLETED, rejected when declined. */
  async function settleCapture(row: PurchaseRow, capture: Capture | undefined, orderStatus: string) {
    if (capture?.status === 'COMPLETED') {
      if (capture.amount?.currency_code !== 'USD' || !capture.amount.value) {
        await purchases.noteStatus(row.id, `CAPTURE_${capture.status}_NOT_USD`);
        return;
      }
      await events.settleFromEvent({
        provider: 'paypal',
        eventId: `capture:${capture.id}`,
        purchaseId: row.id,
        receivedUsd: normalize(capture.amount.value),
        providerStatus: 'COMPLETED',
      });
    } else if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') {
      await events.failPurchase(row.id, DECLINED, capture.status);
    } else {
      await purchases.noteStatus(row.id, capture?.status ?? orderStatus);
    }
  }

  const answer = async (id: string, message: string) => ({
    message,
    data: purchaseState((await purchases.byId(id))!),
  });

  return {
    /** Sandbox, live or off (production without credentials). */
    enabled: () => deps.adapter !== null,

    /**
     * POST /paypal/order/create: a pending purchase (priced, capped, idempotent by the member's key), then the
     * PayPal order for it (idempotent at PayPal by PayPal-Request-Id = our purchase id, so a retry names the
     * same order). Answers PayPal's links, the approve (payer-action) link also given with method REDIRECT.
     */
    async createOrder(me: User, body: OnlinePurchaseBody, idempotency?: Idempotency) {
      const pp = adapter();
      const row = await purchases.openPending(me, 'paypal', body, idempotency);
      let order: Order;
      try {
        order = await paypal(() =>
          pp.createOrder({
            purchaseId: row.id,
            amount: toFixed(row.amountUsd, 2),
            returnUrl: `${publicUrl}/paypal/return`,
            cancelUrl: `${publicUrl}/paypal/cancel`,
            description: `${row.orderId}: ${row.tokenAmount} ${row.asset}`,
          }),
        );
      } catch {
        throw unavailable();
      }
      await purchases.attachRef(row.id, order.id, order.status);
      const links = (order.links ?? []).flatMap((l) =>
        l.rel === 'approve' || l.rel === 'payer-action'
          ? [l, { href: l.href, rel: 'approve', method: 'REDIRECT' }]
          : [l],
      );
      return {
        message: messages.onlinePurchaseCreated,
        data: { purchaseId: row.id, orderId: row.orderId, id: order.id, status: order.status, links },
      };
    },

    /**
     * POST /paypal/order/capture {orderId}: the member's own order only (another's is 404). COMPLETED issues
     * the tokens (once, even if the webhook also arrives); DECLINED or INSTRUMENT_DECLINED rejects the
     * purchase; not approved yet is 409; an order already captured is read back and settled from its capture.
     */
    async capture(me: User, orderId: string) {
      const row = await purchases.ownByRef(me, 'paypal', orderId);
      if (row.status === 'completed') return answer(row.id, messages.onlinePurchaseCaptured);
      if (row.status !== 'pending') throw conflict(messages.onlinePurchaseNotPending, 'PURCHASE_NOT_PENDING');
      const pp = adapter();
      let order: Order;
      try {
        order = await paypal(() => pp.captureOrder(orderId, `${row.id}:capture`));
      } catch (error) {
        if (!(error instanceof PaypalError)) throw error;
        if (error.issue === 'ORDER_NOT_APPROVED')
          throw conflict(messages.onlinePurchaseNotApproved, 'PAYMENT_NOT_APPROVED');
        if (error.issue === 'INSTRUMENT_DECLINED') {
          await events.failPurchase(row.id, DECLINED, 'INSTRUMENT_DECLINED');
          throw new AppError(409, 'PAYMENT_DECLINED', DECLINED);
        }
        if (error.issue !== 'ORDER_ALREADY_CAPTURED') throw unavailable();
        try {
          order = await paypal(() => pp.getOrder(orderId));
        } catch {
          throw unavailable();
        }
      }
      await settleCapture(row, captureOf(order), order.status);
      const now = (await purchases.byId(row.id))!;
      if (now.status === 'rejected') throw new AppError(409, 'PAYMENT_DECLINED', now.rejectionReason ?? DECLINED);
      return answer(
        row.id,
        now.status === 'completed' ? messages.onlinePurchaseCaptured : messages.onlinePurchasePending,
      );
    },

    /** POST /paypal/order/cancel {orderId}: the payer cancelled at PayPal; a pending purchase is rejected. */
    async cancel(me: User, orderId: string) {
      const row = await purchases.ownByRef(me, 'paypal', orderId);
      if (row.status === 'pending') await events.failPurchase(row.id, messages.onlinePurchaseCancelled, 'CANCELLED');
      return answer(row.id, messages.onlinePurchaseCancelled);
    },

    /** GET /paypal/order/:orderId: the member's own purchase as it is now (the return page polls it). */
    async state(me: User, orderId: string) {
      const row = await purchases.ownByRef(me, 'paypal', orderId);
      return { message: '', data: purchaseState(row) };
    },

    /**
     * POST /webhooks/paypal: every event is recorded (provider_events), verified or not. Verified by PayPal
     * (verify-webhook-signature with our webhook id); a refused one is kept under an id of its own
     * ('refused:' + a hash of what arrived), so a forgery wearing a real event's id cannot block the real
     * one, and answered 400. A verified one is recorded once (its event id): PAYMENT.CAPTURE.COMPLETED
     * settles the purchase its custom_id names (when the order id matches), DENIED rejects it; a replay or a
     * re-delivery does nothing again.
     */
    async webhook(headers: TransmissionHeaders, rawBody: string): Promise<{ status: 200 | 400 | 503 }> {
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> } | undefined;
      // What PostgreSQL cannot store (a NUL, a lone surrogate) is refused and kept only as a note.
      const storable = !rawBody.includes('\u0000') && !/\p{Cs}/u.test(rawBody);
      try {
        const parsed = storable ? JSON.parse(rawBody) : undefined;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && unstorableTextAt(parsed) === undefined)
          event = parsed;
      } catch {
        event = undefined;
      }
      const refuse = async (reason: string) => {
        await events.record({
          provider: 'paypal',
          eventId: `refused:${sha256(`${headers.transmission_id}|${headers.transmission_sig}|${rawBody}`)}`,
          eventType: typeof event?.event_type === 'string' ? event.event_type : 'unknown',
          verified: false,
          refusedReason: reason,
          payload: event ?? { raw: storable ? rawBody.slice(0, 2000).replace(/\p{Cs}/gu, '') : '(not storable text)' },
        });
        return { status: 400 as const };
      };
      if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string' || event.id.length > 100)
        return refuse('malformed');
      if (!deps.adapter) return refuse('paypal is off');
      if (Object.values(headers).some((v) => !v || v.length > 500)) return refuse('signature headers');
      let verified: boolean;
      try {
        verified = await deps.adapter.verifyWebhook(headers, event);
      } catch (error) {
        // PayPal refused the question (a malformed header): refused. Unreachable: not refused, not taken;
        // PayPal delivers it again.
        if (error instanceof PaypalError && error.status >= 400 && error.status < 500 && error.status !== 401)
          return refuse('signature');
        ctx.log.warn({ err: error }, 'paypal webhook: verification call failed');
        return { status: 503 };
      }
      if (!verified) return refuse('signature');

      const resource = event.resource ?? {};
      const customId =
        typeof resource.custom_id === 'string' && UUID.test(resource.custom_id) ? resource.custom_id : null;
      const purchase = customId ? await purchases.byId(customId) : undefined;
      const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids;
      const matches = purchase?.method === 'paypal' && purchase.providerRef === related?.order_id;
      const recorded = await events.record({
        provider: 'paypal',
        eventId: event.id,
        eventType: event.event_type,
        verified: true,
        purchaseId: matches ? purchase!.id : null,
        payload: event,
      });
      if (recorded.processed || !matches || !purchase) return { status: 200 };
      const capture = resource as unknown as Capture;
      if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && capture.status === 'COMPLETED') {
        if (capture.amount?.currency_code !== 'USD' || !capture.amount.value) {
          await purchases.noteStatus(purchase.id, 'CAPTURE_COMPLETED_NOT_USD');
          await events.markProcessed('paypal', event.id);
          return { status: 200 };
        }
        await events.settleFromEvent({
          provider: 'paypal',
          eventId: event.id,
          purchaseId: purchase.id,
          receivedUsd: normalize(capture.amount.value),
          providerStatus: 'COMPLETED',
        });
      } else if (event.event_type === 'PAYMENT.CAPTURE.DENIED') {
        await events.failPurchase(purchase.id, DECLINED, 'DENIED');
        await events.markProcessed('paypal', event.id);
      } else if (LOST_AFTER_CREDIT.has(event.event_type) && purchase.entryId !== null) {
        // A charge-back or refund after credit: the charge-back policy (decision 0013, charge-backs.ts).
        const taken = await events.chargeBack({
          provider: 'paypal',
          eventId: event.id,
          purchaseId: purchase.id,
          providerStatus: event.event_type.replace('PAYMENT.CAPTURE.', ''),
        });
        ctx.log.warn(
          { purchaseId: purchase.id, eventId: event.id, type: event.event_type, taken },
          'paypal: lost after credit',
        );
      } else {
        await events.markProcessed('paypal', event.id);
      }
      return { status: 200 };
    },
  };
}

export type PaypalService = ReturnType<typeof paypalService>;
