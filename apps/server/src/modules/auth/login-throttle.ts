import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
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
 * Each attempt is reserved (recorded as a failure) before the password is checked, under advisory
 * locks on the account and then the IP (always that order, so no deadlock): parallel guesses cannot
 * get more checks than the limits allow. A correct password turns its reservation into a success.
 * Counts come from PostgreSQL, so the limits hold across server processes.
 */
export function loginThrottle(db: Db) {
  const window = sql.raw(`interval '${LIMITS.loginWindowMinutes} minutes'`);
  return {
    /** Returns the attempt's id, or throws 429 when this attempt would exceed a limit. */
    reserve: (email: string, ip: string): Promise<string> =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
        const result = await tx.execute<{ pair: number; by_ip: number; by_account: number; known: boolean }>(sql`
          select
            count(*) filter (where email = ${email} and ip = ${ip} and not success and created_at > now() - ${window})::int as pair,
            count(*) filter (where ip = ${ip} and not success and created_at > now() - ${window})::int as by_ip,
            count(*) filter (where email = ${email} and not success and created_at > now() - ${window})::int as by_account,
            coalesce(bool_or(email = ${email} and ip = ${ip} and success), false) as known
          from ${loginAttempts}
          where (email = ${email} or ip = ${ip}) and created_at > now() - interval '90 days'`);
        const row = result.rows[0];
        if (row) {
          if (row.pair >= LIMITS.loginFailuresPerAccountAndIp) throw tooMany(messages.tooManyLogins);
          if (row.by_ip >= LIMITS.loginFailuresPerIp) throw tooMany(messages.tooManyLogins);
          if (row.by_account >= LIMITS.loginFailuresPerAccount && !row.known) throw tooMany(messages.tooManyLogins);
        }
        const id = newId();
        await tx.insert(loginAttempts).values({ id, email, ip, success: false });
        return id;
      }),
    succeeded: (attemptId: string) =>
      db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId)),
  };
}
