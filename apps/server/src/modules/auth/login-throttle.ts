import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { tooMany } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';

/** A reserved attempt; `locksOut`: its failure would be the one that pauses the account's unknown IPs. */
export type Attempt = { id: string; locksOut: boolean };

const window = sql.raw(`interval '${LIMITS.loginWindowMinutes} minutes'`);

/**
 * Whether the account's failures already reached the per-account limit at some moment of the current
 * window (counted over the window before each failure): an attack that goes on while old failures age
 * out keeps the account at the limit, and is announced once, not at every new failure.
 */
async function reachedEarlier(tx: Tx, email: string): Promise<boolean> {
  const result = await tx.execute<{ reached: boolean }>(sql`
    select coalesce(max(n), 0) >= ${LIMITS.loginFailuresPerAccount} as reached from (
      select created_at,
        count(*) over (order by created_at range between ${window} preceding and current row) as n
      from ${loginAttempts}
      where email = ${email} and not success and created_at > now() - 2 * ${window}
    ) earlier
    where created_at > now() - ${window}`);
  return result.rows[0]?.reached ?? false;
}

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
 * The attempt that takes an account to LIMITS.loginFailuresPerAccount is flagged `locksOut` (the member
 * is told, if it fails), unless the account was already at the limit earlier in the window.
 */
export function loginThrottle(db: Db) {
  return {
    /** Returns the attempt, or throws 429 when this attempt would exceed a limit. */
    reserve: (email: string, ip: string): Promise<Attempt> =>
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
        const reachesLimit = (row?.by_account ?? 0) + 1 === LIMITS.loginFailuresPerAccount;
        const locksOut = reachesLimit && !(await reachedEarlier(tx, email));
        const id = newId();
        await tx.insert(loginAttempts).values({ id, email, ip, success: false });
        return { id, locksOut };
      }),
    succeeded: (attempt: Attempt) =>
      db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attempt.id)),
  };
}
