import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { EventRow } from './types.ts';

/** The events table's one writer (besides delivery, which deletes what it delivered). */

const values = (rows: EventRow[]) =>
  sql.join(
    rows.map((r) => sql`(${r.scope}, ${r.name}, ${JSON.stringify(r.payload)}::jsonb)`),
    sql`, `,
  );

/** Writes events in `q`: in a transaction, they exist (and are delivered) only if it commits. */
export async function recordEvents(q: Db | Tx, rows: EventRow[]) {
  if (rows.length === 0) return;
  await q.execute(sql`insert into events (scope, name, payload) values ${values(rows)}`);
}

/**
 * The same insert as the body of a CTE in another statement (the ledger's one-statement send), written
 * only when `guard` (a WHERE clause of that statement) holds: the events exist if and only if the
 * movement does, without a transaction around it.
 */
export function eventsInsert(rows: EventRow[], guard: SQL): SQL {
  return sql`insert into events (scope, name, payload)
    select * from (values ${values(rows)}) e (scope, name, payload) ${guard}`;
}

/**
 * Deletes events nobody delivered within `maxAgeSeconds`: a scope whose processes are gone (a process
 * without Redis that stopped), or a CLI run with nobody to tell. Their news is stale by then.
 */
export async function pruneEvents(db: Db, maxAgeSeconds: number): Promise<number> {
  const result = await db.execute(
    sql`delete from events where created_at < now() - make_interval(secs => ${maxAgeSeconds})`,
  );
  return result.rowCount ?? 0;
}
