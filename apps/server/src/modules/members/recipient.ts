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

/** Prepared once per database handle: every send asks it (named statement, planned once). */
const byEmail = new WeakMap<Db, ReturnType<typeof prepareByEmail>>();
const prepareByEmail = (db: Db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, sql.placeholder('email')), receives))
    .prepare('recipient_by_email');

/**
 * The member `to` (an e-mail, already trimmed and lower-cased by the contract) names as the recipient of
 * `sender`'s tokens: never the sender, only an active member (404 otherwise, the same answer for "no such
 * e-mail", "blocked" and "unverified", so it does not tell which).
 */
export async function findRecipient(db: Db, sender: { email: string }, to: string) {
  if (to === sender.email) throw badRequest(messages.sendToSelf, 'SEND_TO_SELF', { to: messages.sendToSelf });
  let query = byEmail.get(db);
  if (!query) {
    query = prepareByEmail(db);
    byEmail.set(db, query);
  }
  const [recipient] = await query.execute({ email: to });
  if (!recipient) throw notFound(messages.recipientNotFound);
  return recipient;
}

/** Whether the member with this id may still receive tokens (a request approved days after it was made). */
export async function canReceive(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), receives));
  return Boolean(row);
}
