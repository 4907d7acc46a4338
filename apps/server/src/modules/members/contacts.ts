import { and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { containsPattern } from './directory.ts';

/**
 * The chat's reads of the members' table (issue 15): who may be contacted, and the names and pictures rooms
 * show. The chat module owns rooms and blocks; whether an account is a live member is this module's to say.
 */
type Q = Db | Tx;

/** A member who may be written to: role member, verified, not blocked, not deleted. */
const contactable = and(
  eq(users.role, 'member'),
  isNotNull(users.emailVerifiedAt),
  eq(users.isBlocked, false),
  isNull(users.deletedAt),
)!;

/**
 * One page of members who may be contacted whose name or e-mail contains `keyword` (any case), never the
 * caller nor anyone in `excluded` (a SELECT of ids: the chat's blocks, embedded so the page is one
 * statement). Only id, name and picture leave here: the e-mail is matched, never answered.
 */
export async function searchContacts(
  q: Q,
  opts: { callerId: string; keyword: string; excluded: SQL; limit: number; offset: number },
) {
  const conditions: SQL[] = [contactable, ne(users.id, opts.callerId), sql`${users.id} not in (${opts.excluded})`];
  if (opts.keyword) {
    const pattern = containsPattern(opts.keyword);
    conditions.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`)!);
  }
  return q
    .select({ id: users.id, name: users.name, profilePicture: users.profilePicture })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Whether this account may be written to (a new room's other member). */
export async function isContactable(q: Q, id: string): Promise<boolean> {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), contactable));
  return Boolean(row);
}

/** Of these ids, those that are no longer contactable (blocked, deleted, unknown): their rooms are read-only. */
export async function uncontactable(q: Q, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), contactable));
  const live = new Set(rows.map((r) => r.id));
  return new Set(ids.filter((id) => !live.has(id)));
}

/**
 * Names and pictures of these accounts as rooms show them (deleted ones too: an anonymised name), with
 * whether each is still contactable. The e-mail is for the back office's support inbox only.
 */
export async function chatProfiles(q: Q, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profilePicture: users.profilePicture,
      contactable: sql<boolean>`(${contactable})`,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
