import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createLedger } from '../apps/server/src/ledger/index.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { isLotTracked } from '../apps/server/src/modules/catalogue/service.ts';
import { PASSWORD } from './lib.ts';
import { login } from './server.ts';

export type Member = { email: string; token: string };

/**
 * `count` members made straight in the database (e-mail verified, password PASSWORD: faster than the
 * sign-up path and its e-mails), given `holdings` by ledger credits from the treasury, then logged in
 * through the API (one session each). `member: true` gives them an activated vault and membership data,
 * so every member screen and the send form are open to them; otherwise they are bare recipients.
 */
export async function members(
  { url, base }: { url: string; base: string },
  prefix: string,
  count: number,
  opts: { member: boolean; holdings?: [asset: string, amount: string][] },
): Promise<Member[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const emails = Array.from({ length: count }, (_, i) => `bench-${prefix}-${i}@example.com`);
  try {
    const { rows } = await pool.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, email_verified_at, is_wallet_activated, gpa_data)
       select gen_random_uuid(), e, 'Bench Member', $2, now(), $3, $4::jsonb from unnest($1::text[]) as e
       returning id`,
      [emails, await hashPassword(PASSWORD), opts.member, opts.member ? '{"displayName":"bench"}' : null],
    );
    const ledger = createLedger(drizzle(pool, { schema }) as Db, { tracksLots: isLotTracked });
    for (const { id } of rows) {
      for (const [asset, amount] of opts.holdings ?? []) await ledger.credit({ userId: id, asset, amount, by: null });
    }
  } finally {
    await pool.end();
  }
  const loggedIn: Member[] = [];
  for (const email of emails) loggedIn.push({ email, token: await login(base, email, PASSWORD) });
  return loggedIn;
}
