import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real server as its own process on `url` (seeded demo data, a temporary data folder), as `npm start`
 * runs it; resolves once /api/health answers. Both benchmarks start it the same way and end with `stop()`,
 * which ends the process and removes its data folder (also when it never came up).
 */
export async function startServer(url: string, opts: { env?: Record<string, string>; nodeArgs?: string[] } = {}) {
  const port = 41000 + Math.floor(Math.random() * 9000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vault-bench-'));
  const server: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'true',
        // Not 'production': that refuses the demo seed (published passwords) and needs real JWT_SECRET/PUBLIC_URL.
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 240; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        return { server, base, stop };
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not start');
  } catch (error) {
    await stop();
    throw error;
  }
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
