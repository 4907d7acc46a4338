import { LIMITS } from '@vault/contract/constants';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createLedger } from '../apps/server/src/ledger/index.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { tokenSigner } from '../apps/server/src/modules/auth/tokens.ts';
import { isLotTracked } from '../apps/server/src/modules/catalogue/service.ts';
import { sharedSecret } from '../apps/server/src/modules/secrets/service.ts';
import { PASSWORD } from './lib.ts';
import { login } from './server.ts';

export type Member = { email: string; token: string; id: string };

/**
 * `count` members made straight in the database (e-mail verified, password PASSWORD: faster than the
 * sign-up path and its e-mails), given `holdings` by ledger credits from the treasury, then logged in
 * through the API (one session each). `member: true` gives them an activated vault and membership data,
 * so every member screen and the send form are open to them; otherwise they are bare recipients.
 * `sessions: 'direct'` opens their sessions straight in the database instead (bench/chat.ts's 2,000 members:
 * a login checks the password, so 2,000 logins through the API would take minutes): one `sessions` row each,
 * as `sessionService.open` writes it, and a token signed by the server's own signer with its key (JWT_SECRET,
 * else the `secrets` table's, which the started server has made).
 */
export async function members(
  { url, base }: { url: string; base: string },
  prefix: string,
  count: number,
  opts: { member: boolean; holdings?: [asset: string, amount: string][]; sessions?: 'login' | 'direct' },
): Promise<Member[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const emails = Array.from({ length: count }, (_, i) => `bench-${prefix}-${i}@example.com`);
  const ids = new Map<string, string>();
  const direct: Member[] = [];
  try {
    const { rows } = await pool.query<{ id: string; email: string }>(
      `insert into users (id, email, name, password_hash, email_verified_at, is_wallet_activated, gpa_data)
       select gen_random_uuid(), e, 'Bench Member', $2, now(), $3, $4::jsonb from unnest($1::text[]) as e
       returning id, email`,
      [emails, await hashPassword(PASSWORD), opts.member, opts.member ? '{"displayName":"bench"}' : null],
    );
    for (const { id, email } of rows) ids.set(email, id);
    const db = drizzle(pool, { schema }) as Db;
    const ledger = createLedger(db, { tracksLots: isLotTracked });
    for (const { id } of rows) {
      for (const [asset, amount] of opts.holdings ?? []) await ledger.credit({ userId: id, asset, amount, by: null });
    }
    if (opts.sessions === 'direct') {
      const signer = tokenSigner(process.env.JWT_SECRET ?? (await sharedSecret(db, 'jwt')));
      const expiresAt = new Date(Date.now() + LIMITS.sessionTtlDays * 24 * 60 * 60_000);
      const opened = emails.map((email) => ({
        id: newId(),
        userId: ids.get(email)!,
        kind: 'access' as const,
        expiresAt,
      }));
      for (let i = 0; i < opened.length; i += 1000) await db.insert(schema.sessions).values(opened.slice(i, i + 1000));
      for (const [i, email] of emails.entries()) {
        const { id: sid, userId } = opened[i]!;
        direct.push({ email, id: userId, token: await signer.sign({ sub: userId, sid, kind: 'access' }, expiresAt) });
      }
    }
  } finally {
    await pool.end();
  }
  if (opts.sessions === 'direct') return direct;
  const loggedIn: Member[] = [];
  for (const email of emails) loggedIn.push({ email, id: ids.get(email)!, token: await login(base, email, PASSWORD) });
  return loggedIn;
}
