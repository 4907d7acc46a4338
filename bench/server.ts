import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real server as its own process on `url` (seeded demo data, a temporary data folder), as `npm start`
 * runs it; resolves once /api/health answers. Both benchmarks start it the same way.
 */
export async function startServer(url: string, opts: { env?: Record<string, string>; nodeArgs?: string[] } = {}) {
  const port = 41000 + Math.floor(Math.random() * 9000);
  const server: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: await mkdtemp(path.join(tmpdir(), 'vault-bench-')),
        SEED: 'true',
        // Not 'production': that refuses the demo seed (published passwords) and needs real JWT_SECRET/PUBLIC_URL.
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { server, base };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** A bearer token for `email`, through the login API. */
export async function login(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed for ${email}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
