import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';

/**
 * One audit row per administrator action; `actor` null is an operator at the command line. `db` may be
 * a transaction, so the row commits or rolls back with the change it records.
 */
export const audit = (
  db: Pick<Db, 'insert'>,
  actor: Pick<User, 'id'> | null,
  action: string,
  targetId: string | null,
  details: Record<string, unknown>,
) => db.insert(auditLog).values({ id: newId(), actorId: actor?.id ?? null, action, targetId, details });
