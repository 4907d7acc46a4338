import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { altchaUsed } from '../../db/schema.ts';
import { hmac } from '../../lib/crypto.ts';

const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * ALTCHA proof of work, self-hosted: challenges are signed with our secret, a solution is checked here
 * and its challenge id recorded in PostgreSQL, so one solved challenge admits one sign-up across all processes.
 */
export function humanCheck(db: Db, secret: string) {
  const keySecret = hmac(secret, 'altcha-key');
  const store = {
    get: async () => false,
    set: async () => {},
    setIfAbsent: async (id: string) => {
      const rows = await db.insert(altchaUsed).values({ challengeId: id }).onConflictDoNothing().returning();
      return rows.length === 1;
    },
  };
  return {
    challenge: async (): Promise<Record<string, unknown> & { parameters: Record<string, unknown> }> => {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        // About a second of work in a browser (Web Workers), ~2 s on one server core: cheap for a
        // person signing up once, costly for a script opening accounts by the thousand.
        cost: 1_000,
        counter: randomInt(1_000, 3_000),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return { ...challenge, parameters: { ...challenge.parameters } };
    },
    async verify(payload: string): Promise<boolean> {
      const result = await verify(payload, deriveKey, secret, keySecret, store);
      // Used ids only matter while their challenge could still verify.
      await db.delete(altchaUsed).where(lt(altchaUsed.createdAt, sql`now() - interval '1 hour'`));
      return result.error === null;
    },
  };
}
