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
  /** GoCardless (issue 13): unset token = our own sandbox at /sandbox/gocardless (never in production). */
  GOCARDLESS_BASE_URL: optionalUrl,
  GOCARDLESS_ACCESS_TOKEN: z.string().min(1).optional(),
  GOCARDLESS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * PayPal (issue 13, decision 0013): with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET the adapter speaks to
   * PAYPAL_BASE_URL (PayPal's live API by default; https://api-m.sandbox.paypal.com for PayPal's own sandbox)
   * and verifies webhooks against PAYPAL_WEBHOOK_ID. Unset: our own sandbox at /sandbox/paypal (never in
   * production, where PayPal is then off).
   */
  PAYPAL_BASE_URL: optionalUrl,
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /**
   * COINQVEST (Whalestack, issue 13): with COINQVEST_API_KEY and COINQVEST_API_SECRET the adapter speaks to
   * COINQVEST_BASE_URL (https://www.whalestack.com/api/v1 by default). Unset: our own sandbox at
   * /sandbox/coinqvest (never in production, where COINQVEST is then off).
   */
  COINQVEST_BASE_URL: optionalUrl,
  COINQVEST_API_KEY: z.string().min(1).optional(),
  COINQVEST_API_SECRET: z.string().min(1).optional(),
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
  if (c.GOCARDLESS_ACCESS_TOKEN && !c.GOCARDLESS_WEBHOOK_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['GOCARDLESS_WEBHOOK_SECRET'],
      message: 'required with GOCARDLESS_ACCESS_TOKEN',
    });
  if (c.PAYPAL_CLIENT_ID && !(c.PAYPAL_CLIENT_SECRET && c.PAYPAL_WEBHOOK_ID))
    ctx.addIssue({ code: 'custom', path: ['PAYPAL_CLIENT_SECRET'], message: 'PayPal needs its secret and webhook id' });
  if (!c.COINQVEST_API_KEY !== !c.COINQVEST_API_SECRET)
    ctx.addIssue({ code: 'custom', path: ['COINQVEST_API_SECRET'], message: 'set with COINQVEST_API_KEY' });
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
