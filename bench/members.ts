import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { PASSWORD } from './lib.ts';
import { login } from './server.ts';

export type Member = { email: string; token: string };

/**
 * Members made straight in the database (e-mail verified, password PASSWORD), faster than the sign-up
 * path and its e-mails. `member: true` gives them an activated vault and membership data, so every member
 * screen and the send form are open to them; otherwise they are bare recipients.
 */
export async function createMembers(url: string, prefix: string, count: number, opts: { member: boolean }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `bench-${prefix}-${i}@example.com`);
  try {
    await client.query(
      `insert into users (id, email, name, password_hash, email_verified_at, is_wallet_activated, gpa_data)
       select gen_random_uuid(), e, 'Bench Member', $2, now(), $3, $4::jsonb from unnest($1::text[]) as e`,
      [emails, hash, opts.member, opts.member ? '{"displayName":"bench"}' : null],
    );
  } finally {
    await client.end();
  }
  return emails;
}

/** A bearer token for each e-mail, through the login API (one session each). */
export async function loginAll(base: string, emails: string[]): Promise<Member[]> {
  const members: Member[] = [];
  for (const email of emails) members.push({ email, token: await login(base, email, PASSWORD) });
  return members;
}

/** Gives `email` `amount` of `asset` through the ledger's admin credit API, as the tests do. */
export async function credit(base: string, adminToken: string, email: string, asset: string, amount: string) {
  const res = await fetch(`${base}/api/admin/ledger/credit`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ email, asset, amount }),
  });
  if (!res.ok) throw new Error(`credit of ${amount} ${asset} to ${email} failed: ${await res.text()}`);
}

export const adminLogin = (base: string) => login(base, 'admin@vault.local', 'Admin2026!');
