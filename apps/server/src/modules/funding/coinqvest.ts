import { messages } from '@vault/contract/messages';
import { compare, divideDown, isPositive, multiply, toFixed } from '@vault/contract/money';
import type { CoinqvestCustomerBody, OnlinePurchaseBody } from '@vault/contract/schemas/funding';
import type { Context } from '../../context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { unstorableTextAt } from '../../http/json-body.ts';
import { sha256 } from '../../lib/crypto.ts';
import { type CoinqvestClient, CoinqvestError } from '../../providers/coinqvest/adapter.ts';
import type { CoinqvestSettings } from '../../providers/coinqvest/index.ts';
import { type CoinqvestEvent, parseWebhook, verifyWebhook } from '../../providers/coinqvest/webhook.ts';
import type { User } from '../auth/sessions.ts';
import { markCoinqvestCustomer } from '../members/accounts.ts';
import type { CryptoDepositService } from './crypto-deposits.ts';
import { type OnlinePurchaseService, purchaseState } from './online-purchases.ts';
import { providerCustomerOf, saveProviderCustomer } from './provider-customers.ts';
import type { ProviderEventService } from './provider-events.ts';
import type { PurchaseRow } from './wire-view.ts';

type Idempotency = { key: string; requestHash: string };
type Deps = {
  settings: CoinqvestSettings | null;
  client: CoinqvestClient | null;
  purchases: OnlinePurchaseService;
  events: ProviderEventService;
  deposits: CryptoDepositService;
};

/** Text PostgreSQL can store (no NUL, no lone surrogate): what arrived may be anything. */
const storable = (text: string) => text.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '');
/** PostgreSQL's jsonb input refuses very deep nesting (stack depth): such a body is kept as raw text instead. */
const MAX_PAYLOAD_DEPTH = 100;
function shallow(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_PAYLOAD_DEPTH) return false;
    if (node !== null && typeof node === 'object')
      for (const item of Object.values(node)) stack.push([item, depth + 1]);
  }
  return true;
}

/** What arrived, as a jsonb value that can be stored. */
function storablePayload(payload: unknown, rawBody: string): object {
  if (payload && typeof payload === 'object' && shallow(payload) && unstorableTextAt(payload) === undefined)
    return payload;
  return { raw: storable(rawBody.slice(0, 2000)) };
}

/** The checkout a refund returns, when it names one. */
function refundedCheckout(refund: Record<string, unknown>): string | undefined {
  const ref = refund.checkoutId ?? (refund.context === 'CHECKOUT' ? refund.contextId : undefined);
  return typeof ref === 'string' && ref.length > 0 && ref.length <= 200 ? ref : undefined;
}

const unavailable = () => new AppError(503, 'PROVIDER_UNAVAILABLE', messages.providerUnavailable);

/**
 * The USD an underpaid checkout paid (decision 0013, "Underpaid crypto checkouts"): the purchase's USD times
 * the share of the settlement amount that arrived (received / required, whatever the settlement asset),
 * cut down to the cent, never above the purchase's USD. Null when the event does not say both amounts.
 */
export function underpaidUsd(amountUsd: string, required?: string, received?: string): string | null {
  if (!required || !received || !isPositive(required) || !isPositive(received)) return null;
  if (compare(received, required) >= 0) return amountUsd;
  return divideDown(multiply(amountUsd, received), required, 2);
}

/**
 * COINQVEST purchases (issue 13, decision 0013): the member registers once as a COINQVEST customer
 * (/register-qvest), then each purchase is a hosted checkout billed in USD; the tokens are issued only on
 * the verified webhook: CHECKOUT_COMPLETED issues the purchase in full, CHECKOUT_UNDERPAID (and
 * UNDERPAID_ACCEPTED when the former was missed) issues what was actually paid at the locked rate. Once per
 * event (system key) and per purchase (settlement.ts).
 */
export function coinqvestService(ctx: Context, deps: Deps) {
  const { purchases, events } = deps;
  const { publicUrl } = ctx.config;
  const client = () => {
    if (!deps.client) throw unavailable();
    return deps.client;
  };

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CoinqvestError)
        ctx.log.warn({ kind: error.kind, status: error.status, errors: error.errors }, 'coinqvest refused a call');
      throw error;
    }
  }

  /** A verified checkout event applied to its purchase. */
  async function onCheckout(event: Extract<CoinqvestEvent, { kind: 'checkout' }>, purchase: PurchaseRow) {
    const { checkout } = event;
    const receivedUsd =
      event.eventType === 'CHECKOUT_COMPLETED'
        ? purchase.amountUsd
        : underpaidUsd(purchase.amountUsd, checkout.settlementAmountRequired, checkout.settlementAmountReceived);
    const status = checkout.state ?? event.eventType.replace('CHECKOUT_', '');
    if (!receivedUsd || !isPositive(receivedUsd)) {
      await purchases.noteStatus(purchase.id, status);
      await events.markProcessed('coinqvest', event.eventId);
      return;
    }
    try {
      const issued = await events.settleFromEvent({
        provider: 'coinqvest',
        eventId: event.eventId,
        purchaseId: purchase.id,
        receivedUsd,
        providerStatus: status,
      });
      if (!issued) await events.markProcessed('coinqvest', event.eventId);
    } catch (error) {
      // Too little for one token unit, or the member deleted since: nothing issued, the back office sees it.
      if (!(error instanceof AppError)) throw error;
      ctx.log.warn({ purchaseId: purchase.id, code: error.code }, 'coinqvest: checkout event not settled');
      await purchases.noteStatus(purchase.id, `${status}_NOT_SETTLED`);
      await events.markProcessed('coinqvest', event.eventId);
    }
  }

  return {
    /** Sandbox, live or off (production without credentials). */
    enabled: () => deps.client !== null,

    /**
     * POST /coinqvest/customer: registers the member at COINQVEST with the account's e-mail (once; a member
     * already registered is answered as registered) and sets isCoinqvestCustomer.
     */
    async registerCustomer(me: User, body: CoinqvestCustomerBody) {
      const existing = await providerCustomerOf(ctx.db, me.id, 'coinqvest');
      if (!existing?.customerId) {
        const cq = client();
        let customerId: string;
        try {
          ({ customerId } = await call(() =>
            cq.createCustomer({
              email: me.email,
              firstname: body.firstname,
              lastname: body.lastname,
              company: body.company,
              adr1: body.adr1,
              adr2: body.adr2 || undefined,
              zip: body.zip,
              city: body.city,
              countrycode: body.countrycode,
              phonenumber: body.phonenumber,
              taxid: body.taxid || undefined,
            }),
          ));
        } catch (error) {
          if (error instanceof CoinqvestError && error.kind === 'invalid')
            throw new AppError(400, 'BAD_REQUEST', messages.coinqvestCustomerRefused);
          throw unavailable();
        }
        await ctx.db.transaction(async (tx) => {
          await saveProviderCustomer(tx, me.id, 'coinqvest', customerId);
          await markCoinqvestCustomer(tx, me.id);
        });
      } else if (!me.isCoinqvestCustomer) {
        await markCoinqvestCustomer(ctx.db, me.id);
      }
      return { message: messages.coinqvestCustomerSaved, data: { isCoinqvestCustomer: true } };
    },

    /**
     * POST /coinqvest/start-checkout: a member who is not a customer is refused (400
     * COINQVEST_CUSTOMER_REQUIRED: the web opens /register-qvest); otherwise a pending purchase (priced,
     * capped, idempotent by the member's key) and its hosted checkout, whose url the member opens.
     */
    async startCheckout(me: User, body: OnlinePurchaseBody, idempotency?: Idempotency) {
      const customer = await providerCustomerOf(ctx.db, me.id, 'coinqvest');
      if (!customer?.customerId)
        throw new AppError(400, 'COINQVEST_CUSTOMER_REQUIRED', messages.coinqvestCustomerRequired);
      const cq = client();
      const row = await purchases.openPending(me, 'coinqvest', body, idempotency);
      // A repeat of a request whose checkout was made: its url is the provider's, not kept here.
      if (row.providerRef) throw conflict(messages.onlinePurchaseNotPending, 'PURCHASE_NOT_PENDING');
      let made: { id: string; url: string };
      try {
        made = await call(() =>
          cq.createHostedCheckout({
            customerId: customer.customerId!,
            billingCurrency: 'USD',
            lineItems: [
              {
                description: `${row.orderId}: ${row.tokenAmount} ${row.asset}`,
                netAmount: toFixed(row.amountUsd, 2),
                quantity: 1,
              },
            ],
            webhook: `${publicUrl}/api/webhooks/coinqvest`,
            links: {
              returnUrl: `${publicUrl}/coinqvest/return?purchaseId=${row.id}`,
              cancelUrl: `${publicUrl}/coinqvest/cancel?purchaseId=${row.id}`,
            },
          }),
        );
      } catch {
        throw unavailable();
      }
      await purchases.attachRef(row.id, made.id, 'OPEN');
      return {
        message: messages.coinqvestCheckoutStarted,
        data: { purchaseId: row.id, orderId: row.orderId, id: made.id, url: made.url },
      };
    },

    /** GET /coinqvest/purchase/:purchaseId: the member's own COINQVEST purchase as it is now. */
    async state(me: User, purchaseId: string) {
      const row = await purchases.own(me, purchaseId);
      if (row.method !== 'coinqvest') throw new AppError(404, 'NOT_FOUND', messages.notFound);
      return { message: '', data: purchaseState(row) };
    },

    /**
     * POST /webhooks/coinqvest: every delivery is recorded. X-Webhook-Auth must be SHA-256(secret + raw
     * body): otherwise the delivery is kept as refused under an id of its own ('refused:' + a hash of what
     * arrived, so a forgery cannot block the real event) and answered 401; a verified body we cannot read is
     * 400. A verified event is recorded once (`eventType:checkout id`): a replay does nothing again.
     * A DEPOSIT_COMPLETED to a member's own address is credited once (crypto-deposits.ts).
     */
    async webhook(authHeader: unknown, rawBody: string): Promise<{ status: 200 | 400 | 401 }> {
      const refuse = async (reason: string, status: 400 | 401) => {
        let payload: unknown;
        try {
          payload = JSON.parse(rawBody);
        } catch {
          payload = undefined;
        }
        const eventType =
          payload && typeof payload === 'object' && 'eventType' in payload && typeof payload.eventType === 'string'
            ? storable(payload.eventType)
            : 'unknown';
        await events.record({
          provider: 'coinqvest',
          eventId: `refused:${sha256(`${String(authHeader)}|${rawBody}`)}`,
          eventType,
          verified: false,
          refusedReason: reason,
          payload: storablePayload(payload, rawBody),
        });
        return { status };
      };
      if (!deps.settings) return refuse('coinqvest is off', 401);
      if (!verifyWebhook(deps.settings.secret, rawBody, authHeader)) return refuse('signature', 401);
      const event = parseWebhook(rawBody);
      if (!event) return refuse('malformed', 400);
      const payload = storablePayload(JSON.parse(rawBody), rawBody);
      const eventId = event.eventId ?? `${event.eventType.slice(0, 100)}:${sha256(rawBody)}`;
      // A refund names the checkout it returns (its checkoutId, or contextId in the checkout's context).
      const refunded = event.kind === 'refund' ? refundedCheckout(event.refund) : undefined;
      const purchase =
        event.kind === 'checkout'
          ? await purchases.byRef('coinqvest', event.checkout.id)
          : refunded
            ? await purchases.byRef('coinqvest', refunded)
            : undefined;
      const recorded = await events.record({
        provider: 'coinqvest',
        eventId,
        eventType: event.eventType,
        verified: true,
        purchaseId: purchase?.id ?? null,
        payload,
      });
      if (recorded.processed) return { status: 200 };
      if (event.kind === 'checkout' && purchase) await onCheckout(event, purchase);
      else if (event.kind === 'refund' && purchase?.entryId) {
        // A refund after credit: the charge-back policy (decision 0013, charge-backs.ts).
        const taken = await events.chargeBack({
          provider: 'coinqvest',
          eventId,
          purchaseId: purchase.id,
          providerStatus: event.eventType,
        });
        ctx.log.warn({ purchaseId: purchase.id, eventId, taken }, 'coinqvest: refunded after credit');
        if (!taken) await events.markProcessed('coinqvest', eventId);
      } else if (event.kind === 'refund' && !purchase) {
        // A refund of no purchase of ours that we can name: left unprocessed, the back office sees it.
      } else if (event.kind === 'deposit') {
        // Credited once when it is a member's; otherwise left unprocessed, the back office sees it.
        const credited = await deps.deposits.credit({ ...event, eventId });
        if (!credited)
          ctx.log.warn({ eventId }, 'coinqvest: a deposit to no address of a member, or of an unknown asset');
      } else await events.markProcessed('coinqvest', eventId);
      return { status: 200 };
    },
  };
}

export type CoinqvestService = ReturnType<typeof coinqvestService>;
