import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { tooMany } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Login throttling that an attacker cannot turn into a lock-out of the real member:
 * - one account from one IP: LIMITS.loginFailuresPerAccountAndIp failures pause that pair only;
 * - one IP, any accounts: LIMITS.loginFailuresPerIp failures pause the IP (password spraying);
 * - one account from many IPs: LIMITS.loginFailuresPerAccount failures pause *unknown* IPs only;
 *   an IP the member has logged in from before keeps working.
 * Counts come from PostgreSQL, so the limits hold across server processes.
 */
export function loginThrottle(db: Db) {
  const window = sql.raw(`interval '${LIMITS.loginWindowMinutes} minutes'`);
  return {
    async check(email: string, ip: string) {
      const result = await db.execute<{ pair: number; by_ip: number; by_account: number; known: boolean }>(sql`
        select
          count(*) filter (where email = ${email} and ip = ${ip} and not success and created_at > now() - ${window})::int as pair,
          count(*) filter (where ip = ${ip} and not success and created_at > now() - ${window})::int as by_ip,
          count(*) filter (where email = ${email} and not success and created_at > now() - ${window})::int as by_account,
          coalesce(bool_or(email = ${email} and ip = ${ip} and success), false) as known
        from ${loginAttempts}
        where (email = ${email} or ip = ${ip}) and created_at > now() - interval '90 days'`);
      const row = result.rows[0];
      if (!row) return;
      if (row.pair >= LIMITS.loginFailuresPerAccountAndIp) throw tooMany(messages.tooManyLogins);
      if (row.by_ip >= LIMITS.loginFailuresPerIp) throw tooMany(messages.tooManyLogins);
      if (row.by_account >= LIMITS.loginFailuresPerAccount && !row.known) throw tooMany(messages.tooManyLogins);
    },
    record: (email: string, ip: string, success: boolean) =>
      db.insert(loginAttempts).values({ id: newId(), email, ip, success }),
  };
}
