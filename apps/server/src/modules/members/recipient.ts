import { messages } from '@vault/contract/messages';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';

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
  if (!recipient) throw notFound(messages.recipientNotFound);
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

/** The recipient of a send: remembered, or found (and checked) as findRecipient does. */
export async function recipientOf(db: Db, sender: { email: string }, to: string) {
  const id = to === sender.email ? undefined : knownIds.get(to);
  return id ? { id, email: to } : findRecipient(db, sender, to);
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
