import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { type SendTokensBody, sentMessage } from '@vault/contract/schemas/ledger';
import { and } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { isLedgerError, type Ledger } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { refusedByPostgres } from '../../lib/postgres-error.ts';
import type { User } from '../auth/sessions.ts';
import { assertFitsDecimals, type CatalogueService } from '../catalogue/service.ts';
import { failedSendLimit } from '../members/failed-sends.ts';
import {
  checkedRecipient,
  forgetRecipient,
  mayReceive,
  recipientNotFound,
  rememberedRecipient,
} from '../members/recipient.ts';
import type { NotificationService } from '../notifications/service.ts';

/** Member-facing wallet operations; money moves only through the ledger. */
export function nativeWalletService(
  ctx: Context,
  ledger: Ledger,
  catalogue: CatalogueService,
  notifications: NotificationService,
) {
  const { db } = ctx;
  const failed = failedSendLimit(db);
  const lookUp = (me: User, body: SendTokensBody) =>
    checkedRecipient({ db, ledger, failed }, me, { to: body.to, asset: body.coin, amount: body.amount });

  /**
   * Whether `me` may send this now, and to whom. A recipient remembered from an earlier send goes straight
   * to the ledger, whose statement checks the rest (balance, recipient's standing, paused sends) at the
   * write; anyone else is looked up after the sender's own checks (see checkedRecipient).
   */
  async function sendable(me: User, body: SendTokensBody) {
    if (me.type === 'sdira') throw forbidden(messages.sdiraSendsByRequest, 'SDIRA_REQUEST_REQUIRED');
    if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
    // Platform tokens and crypto wallets both offer Send (spec 2 §2 "Token detail").
    const asset = await catalogue.lookup(body.coin);
    if (!asset) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { coin: messages.unknownAsset });
    assertFitsDecimals(asset, body.amount);
    return rememberedRecipient(me, body.to) ?? lookUp(me, body);
  }

  async function send(me: User, body: SendTokensBody, idempotency?: { key: string; requestHash: string }) {
    let recipient: { id: string; email: string };
    try {
      recipient = await sendable(me, body);
    } catch (error) {
      // A repeat whose checks no longer pass (the recipient blocked since, ...) gets the first answer:
      // the send happened, and an error would make the member send again. (Asked only on this path: a
      // repeat that passes the checks is answered by the ledger's claim of the key.)
      const first = idempotency && (await ledger.replay<{ entryId: string }>({ userId: me.id, ...idempotency }));
      if (first) return { message: sentMessage(body.coin), data: first };
      throw error;
    }
    // The entry's id is chosen here: the recipient's notification is keyed by it.
    const entryId = newId();
    const message = fillMessage(messages.tokensReceivedNotice, {
      amount: normalize(body.amount),
      symbol: body.coin,
      email: me.email,
    });
    const sendTo = async (to: { id: string; email: string }) => {
      const walletsUpdated = [
        ctx.events.row('walletUpdated', { userId: me.id, email: me.email }),
        ctx.events.row('walletUpdated', { userId: to.id, email: to.email }),
      ];
      const notice = notifications.alongside(entryId, to, message);
      const entry = {
        id: entryId,
        from: me.id,
        to: to.id,
        asset: body.coin,
        amount: body.amount,
        memo: body.memo,
        onlyIf: and(mayReceive(to.id), failed.notPaused(me.id)),
      };
      try {
        // All in the entry's one statement: the recipient's notification, and the events that refresh
        // both parties' open screens and ring the recipient's bell.
        return await ledger.send(
          { ...entry, writes: [notice.insert], events: [...walletsUpdated, notice.event] },
          idempotency,
        );
      } catch (error) {
        if (isLedgerError(error) || !refusedByPostgres(error)) throw error;
        // PostgreSQL refused the statement for something not the ledger's (those are LedgerErrors): the
        // notification's insert. Nothing was written, and the send must not fail for a notification
        // (the member would send again): once more without it, the failure logged.
        ctx.log.error({ err: error, entryId }, 'receipt notification failed');
        return ledger.send({ ...entry, events: walletsUpdated }, idempotency);
      }
    };
    try {
      return { message: sentMessage(body.coin), data: await sendTo(recipient) };
    } catch (error) {
      if (!isLedgerError(error, 'CONDITION_FAILED')) throw error;
      // The recipient may no longer receive (blocked, deleted since their id was remembered), or the
      // sender's sends were paused: ask again in order, which answers 429, 400 or 404 when that is so.
      forgetRecipient(body.to);
      const data = await sendTo(await lookUp(me, body)).catch((again) => {
        throw isLedgerError(again, 'CONDITION_FAILED') ? recipientNotFound() : again;
      });
      return { message: sentMessage(body.coin), data };
    }
  }

  return {
    /** Member to member by e-mail (spec 2 §2 "Send tokens"); refusals that probe others are counted. */
    send: (me: User, body: SendTokensBody, idempotency?: { key: string; requestHash: string }) =>
      failed.counting(me.id, () => send(me, body, idempotency)),
  };
}

export type NativeWalletService = ReturnType<typeof nativeWalletService>;
