import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { secrets } from '../db/schema.ts';
import { randomToken } from './crypto.ts';

/** A secret generated once and shared by every server process through the database. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(secrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
