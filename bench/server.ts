import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What every section gets: the database's URL, the server's base URL and its process (for its CPU time). */
export type Bench = { url: string; base: string; server: ChildProcess };

/** Resolves once GET `url` answers 2xx; fails when `child` exits first or after a minute. */
async function waitFor(child: ChildProcess, url: string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${child.spawnargs.join(' ')} exited with ${child.exitCode}`);
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** A port no one listens on now (the system's pick), for a child process to listen on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Ends a child process and waits for it. */
async function end(child: ChildProcess) {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  else return;
  await exited;
}

/**
 * The bare Fastify hello-world (hello.ts) as its own process, with the same Node and loader as the
 * server; `stop()` ends it.
 */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(child, `${base}/`);
  } catch (error) {
    await end(child);
    throw error;
  }
  return { child, base, stop: () => end(child) };
}

/**
 * The real server as its own process on `url` (seeded demo data, a temporary data folder), as `npm start`
 * runs it; resolves once /api/health answers. Both benchmarks start it the same way and end with `stop()`,
 * which ends the process and removes its data folder (also when it never came up).
 */
export async function startServer(url: string, opts: { env?: Record<string, string>; nodeArgs?: string[] } = {}) {
  const port = await freePort();
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
  const stop = async () => {
    await end(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(server, `${base}/api/health`);
    return { server, base, stop };
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
