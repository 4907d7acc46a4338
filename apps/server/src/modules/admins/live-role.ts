import type { AdminRole } from '@vault/contract/schemas/admin-auth';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { administrators } from '../../db/schema.ts';

/**
 * The role of the administrator `userId` names while they may sign in (enrolled, not disabled), else null:
 * a SQL expression for the back office's session statement (modules/auth/sessions.ts `live_admin_session`),
 * which reads the session, its user and this in one round trip without naming this module's table.
 */
export const liveAdministratorRole = (userId: AnyPgColumn): SQL<AdminRole | null> =>
  sql<AdminRole | null>`(select ${administrators.role} from ${administrators} where ${and(
    eq(administrators.userId, userId),
    isNotNull(administrators.totpEnrolledAt),
    isNull(administrators.disabledAt),
  )})`;
