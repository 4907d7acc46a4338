import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so that ./data means the same folder whichever workspace npm starts us from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A configuration the server must not start with; main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {}

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('::'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  /** Optional: when unset, a secret is generated once and kept in the database for every process. */
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Where the built web app is; served by the same process when present. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Where the built back office is (apps/admin, issue 11); served under /admin/ when present. */
  ADMIN_DIST: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  /** inline: this process also works the jobs (mail, scheduled clean-ups); off: API only (`npm run worker` elsewhere). */
  WORKER: z.enum(['inline', 'off']).default('inline'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * In production nothing may fall back to a development default: the session signing key is given (not
 * generated into the database next to the data it protects), links in e-mails point at the real site,
 * and the demo seed (whose passwords are published in the README) never runs.
 */
const production = schema.superRefine((c, ctx) => {
  if (c.NODE_ENV !== 'production') return;
  if (!c.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production' });
  if (!c.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production' });
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

/** Parses the environment once; a bad value stops the process with one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = production.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    ...c,
    SEED: c.SEED && c.NODE_ENV !== 'production',
    dataDir: path.resolve(repoRoot, c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
