import { messages } from '@vault/contract/messages';
import { compare } from '@vault/contract/money';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, badRequest, insufficientBalance } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { FailedSendLimit } from './failed-sends.ts';

/**
 * Who may receive tokens: an existing, verified, unblocked member (administrators have no vault, so
 * tokens sent to them could never be spent). One rule for sends, send requests and
 * their approval.
 */
const receives = and(
  eq(users.role, 'member'),
  isNull(users.deletedAt),
  isNotNull(users.emailVerifiedAt),
  eq(users.isBlocked, false),
);

/** The same answer for "no such e-mail", "blocked", "unverified" and "administrator". */
export const recipientNotFound = () => new AppError(404, 'RECIPIENT_NOT_FOUND', messages.recipientNotFound);

/**
 * The member `to` (an e-mail, already trimmed and lower-cased by the contract) names as the recipient of
 * `sender`'s tokens: never the sender, only an active member (404 otherwise, the same answer for "no such
 * e-mail", "blocked" and "unverified", so it does not tell which).
 */
export async function findRecipient(db: Db, sender: { email: string }, to: string) {
  if (to === sender.email) throw badRequest(messages.sendToSelf, 'SEND_TO_SELF', { to: messages.sendToSelf });
  const [recipient] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, to), receives));
  if (!recipient) throw recipientNotFound();
  knownIds.set(to, recipient.id);
  if (knownIds.size > KNOWN_IDS_LIMIT) knownIds.delete(knownIds.keys().next().value!);
  return recipient;
}

/**
 * E-mail → id of members found as recipients before. An account's e-mail never changes (deleting it
 * anonymises it in place, and that id then fails `mayReceive`), so the id is looked up once; whether the
 * member may still receive is checked by PostgreSQL in the very statement that writes the send.
 */
const knownIds = new Map<string, string>();
const KNOWN_IDS_LIMIT = 10_000;

/** A recipient found before (still to be checked by the statement that writes: `mayReceive`), if any. */
export function rememberedRecipient(sender: { email: string }, to: string) {
  const id = to === sender.email ? undefined : knownIds.get(to);
  return id ? { id, email: to } : undefined;
}

/**
 * The recipient of `sender`'s send of `amount` `asset`, after the questions whose answers are the
 * sender's own: are their sends paused (429), can they afford it (400 'Insufficient balance'). Only then
 * is the address looked up (404 when it is no active member). So a send nobody could afford says nothing
 * about the address, and one that could costs real money to a real member; refusals are counted by
 * `failed.counting`. The balance read here is advisory: the ledger's CHECK decides at the write.
 */
export async function checkedRecipient(
  deps: { db: Db; ledger: Ledger; failed: FailedSendLimit },
  sender: { id: string; email: string },
  send: { to: string; asset: string; amount: string },
) {
  await deps.failed.check(sender.id);
  const balance = (await deps.ledger.balances(sender.id, [send.asset]))[send.asset] ?? '0';
  if (compare(balance, send.amount) < 0) throw insufficientBalance();
  return findRecipient(deps.db, sender, send.to);
}

/** After a send's `mayReceive` failed: the remembered id is no good, ask again. */
export const forgetRecipient = (to: string) => knownIds.delete(to);

/** The same rule as a condition for the statement that writes a send (checked at the moment of writing). */
export const mayReceive = (userId: string) =>
  sql`exists (select 1 from ${users} where ${and(eq(users.id, userId), receives)})`;

/** Whether the member with this id may still receive tokens (a request approved days after it was made). */
export async function canReceive(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), receives));
  return Boolean(row);
}
