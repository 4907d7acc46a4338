import type { MemberSort } from '@vault/contract/schemas/backoffice';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { User } from './accounts.ts';

/**
 * The back office's reads of the members' table (it belongs to this module): the member list with its
 * search, and the sign-up and activation figures of the overview. Members only (role member); deleted
 * (anonymised) accounts are not listed.
 */
type Q = Db | Tx;

export type MemberFilter = {
  /** Part of the e-mail or the name, any case. */
  search?: string;
  status: 'active' | 'blocked' | 'all';
};

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listed = (filter: MemberFilter): SQL => {
  const conditions: (SQL | undefined)[] = [eq(users.role, 'member'), isNull(users.deletedAt)];
  if (filter.status === 'active') conditions.push(eq(users.isBlocked, false));
  if (filter.status === 'blocked') conditions.push(eq(users.isBlocked, true));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(sql`${users.email} ilike ${pattern}`, sql`${users.name} ilike ${pattern}`));
  }
  return and(...conditions)!;
};

const ORDER: Record<MemberSort, SQL[]> = {
  '-createdAt': [desc(users.createdAt), desc(users.id)],
  createdAt: [asc(users.createdAt), asc(users.id)],
  email: [asc(users.email)],
  '-email': [desc(users.email)],
  name: [asc(users.name), asc(users.email)],
  '-name': [desc(users.name), desc(users.email)],
};

/**
 * The ids of every active member (role member, not deleted, not blocked: the list's "active"), as a SELECT
 * for another module's statement: the notification to every member is one INSERT … SELECT over it, so
 * whoever is active when it runs gets one, in one round trip. Its one column is `id`.
 */
export const activeMemberIds = (): SQL =>
  sql`select ${users.id} as id from ${users} where ${listed({ status: 'active' })}`;

/** One page of members and how many match (two statements, in parallel). */
export async function searchMembers(
  q: Q,
  filter: MemberFilter,
  page: { sort: MemberSort; limit: number; offset: number },
): Promise<{ rows: User[]; total: number }> {
  const where = listed(filter);
  const [rows, [count]] = await Promise.all([
    q
      .select()
      .from(users)
      .where(where)
      .orderBy(...ORDER[page.sort])
      .limit(page.limit)
      .offset(page.offset),
    q.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A member (role member, not deleted) by id: the back office's member file. */
export async function findMember(q: Q, id: string): Promise<User | undefined> {
  const [user] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'member'), isNull(users.deletedAt)));
  return user;
}

/**
 * Sign-ups (members created) and vault activations since `today` and since `week` (both UTC day
 * starts), in one statement. Deleted accounts still count: they signed up.
 */
export async function memberFigures(q: Q, since: { today: Date; week: Date }) {
  const [row] = await q
    .select({
      signUpsToday: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.today})::int`,
      signUpsWeek: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.week})::int`,
      activationsToday: sql<number>`count(*) filter (where ${users.walletActivatedAt} >= ${since.today})::int`,
      activationsWeek: sql<number>`count(*) filter (where ${users.walletActivatedAt} >= ${since.week})::int`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'member'),
        or(sql`${users.createdAt} >= ${since.week}`, sql`${users.walletActivatedAt} >= ${since.week}`),
      ),
    );
  return {
    signUps: { today: row?.signUpsToday ?? 0, last7Days: row?.signUpsWeek ?? 0 },
    activations: { today: row?.activationsToday ?? 0, last7Days: row?.activationsWeek ?? 0 },
  };
}
