import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { secrets } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';

/**
 * The `secrets` table's module: keys generated once and shared by every process through the database
 * (a lib/ helper may not read a table, so this lives with its table).
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(secrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

/** Every secret the services use: JWT_SECRET when given, the rest (and the JWT key otherwise) from the table. */
export async function loadSecrets(config: Pick<Config, 'JWT_SECRET'>, db: Db) {
  return {
    jwt: config.JWT_SECRET ?? (await sharedSecret(db, 'jwt')),
    hmac: await sharedSecret(db, 'hmac'),
    altcha: await sharedSecret(db, 'altcha'),
  };
}
