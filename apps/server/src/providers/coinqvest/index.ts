import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sharedSecret } from '../../modules/secrets/service.ts';
import { COINQVEST_API_ROOT, type CoinqvestClient, createCoinqvestClient } from './adapter.ts';
import { createCoinqvestSandbox, SANDBOX_KEY, SANDBOX_PREFIX } from './sandbox.ts';

/**
 * Which COINQVEST we talk to. `real`: COINQVEST_API_KEY and COINQVEST_API_SECRET are set; the adapter calls
 * COINQVEST_BASE_URL or the API's real root. `sandbox`: no credentials, not production; the sandbox is
 * mounted at /sandbox/coinqvest and the adapter calls it with a key of its own and a secret generated
 * once into the secrets table (never a published one: the same secret signs the webhooks that issue
 * tokens). `off`: production without credentials.
 */
export type CoinqvestSettings = { mode: 'real' | 'sandbox'; baseUrl: string; key: string; secret: string };

export function coinqvestMode(config: Config): 'real' | 'sandbox' | 'off' {
  if (config.COINQVEST_API_KEY && config.COINQVEST_API_SECRET) return 'real';
  return config.NODE_ENV === 'production' ? 'off' : 'sandbox';
}

/** The webhook URL we give each checkout (and the sandbox account's, for deposits). */
export const coinqvestWebhookUrl = (config: Config) => `${config.publicUrl}/api/webhooks/coinqvest`;

export async function coinqvestSettings(config: Config, db: Db): Promise<CoinqvestSettings | null> {
  const mode = coinqvestMode(config);
  if (mode === 'off') return null;
  if (mode === 'real')
    return {
      mode,
      baseUrl: config.COINQVEST_BASE_URL ?? COINQVEST_API_ROOT,
      key: config.COINQVEST_API_KEY!,
      secret: config.COINQVEST_API_SECRET!,
    };
  return {
    mode,
    baseUrl: `${config.publicUrl}${SANDBOX_PREFIX}`,
    key: SANDBOX_KEY,
    secret: await sharedSecret(db, 'coinqvest-sandbox'),
  };
}

/** The adapter as configured, or null when COINQVEST is off. */
export async function coinqvestClient(config: Config, db: Db): Promise<CoinqvestClient | null> {
  const settings = await coinqvestSettings(config, db);
  return settings && createCoinqvestClient(settings);
}

/**
 * How the adapter reaches the sandbox of its own process: through Fastify's inject, with the very method,
 * path, headers, body and signature it would send over the network (the sandbox checks them the same way).
 * So the sandbox works whether or not this process is reachable at PUBLIC_URL (a proxy in front, a test
 * server that does not listen). The payer's browser and the sandbox's webhooks use real HTTP.
 */
export function sandboxLink() {
  let app: FastifyInstance | undefined;
  const link = async (input: string | URL | Request, init: RequestInit = {}) => {
    if (!app) throw new TypeError('the COINQVEST sandbox is not mounted');
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
  return {
    fetch: link as typeof fetch,
    attach: (mounted: FastifyInstance) => {
      app = mounted;
    },
  };
}
export type SandboxLink = ReturnType<typeof sandboxLink>;

/**
 * Mounts the sandbox under /sandbox/coinqvest when COINQVEST runs in sandbox mode (and attaches `link`, the
 * container's adapter's way to it); otherwise nothing.
 */
export async function registerCoinqvestSandbox(
  app: FastifyInstance,
  deps: { config: Config; db: Db; log: Logger; link?: SandboxLink },
  extra: { retryDelaysMs?: number[] } = {},
) {
  const settings = await coinqvestSettings(deps.config, deps.db);
  if (settings?.mode !== 'sandbox') return null;
  const sandbox = createCoinqvestSandbox({
    secret: settings.secret,
    publicUrl: deps.config.publicUrl,
    dataDir: deps.config.dataDir,
    log: deps.log,
    accountWebhook: coinqvestWebhookUrl(deps.config),
    ...extra,
  });
  await app.register(sandbox.routes, { prefix: SANDBOX_PREFIX });
  deps.link?.attach(app);
  return sandbox;
}
