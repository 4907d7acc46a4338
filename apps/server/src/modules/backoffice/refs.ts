import type { Db } from '../../db/client.ts';
import { findByEmail } from '../members/accounts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or query value can be an id at all (anything else is simply not found, never a 500). */
export const isUuid = (value: string) => UUID.test(value);

/**
 * A person named in a filter by id or e-mail (the screens type an address; links carry the id): their id,
 * or null when no live account uses the address. An id is taken as given: a deleted member's entries and
 * audit rows stay findable by it.
 */
export async function personId(db: Db, ref: string | undefined): Promise<string | null | undefined> {
  if (ref === undefined) return undefined;
  if (isUuid(ref)) return ref.toLowerCase();
  return (await findByEmail(db, ref))?.id ?? null;
}

/** The first instant of today (UTC) and of the day six days before: "today" and "the last 7 days". */
export function dayStarts(now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { today, week: new Date(today.getTime() - 6 * 86_400_000) };
}
