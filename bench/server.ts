import type { ChildProcess } from 'node:child_process';
import { choosePort } from '../apps/server/src/db/embedded-postgres.ts';
import { answering, type ProcessOptions, startProcess, startServerProcess } from '../apps/server/test/processes.ts';

/** What every section gets: the database's URL, the server's base URL and its process (for its CPU time). */
export type Bench = { url: string; base: string; server: ChildProcess };

/**
 * The bare Fastify hello-world (hello.ts) as its own process, with the same Node and loader as the
 * server; `stop()` ends it.
 */
export async function startHello() {
  const port = await choosePort();
  const hello = await startProcess('bench/hello.ts', { env: { PORT: String(port) } });
  const base = `http://127.0.0.1:${port}`;
  try {
    await answering(hello, `${base}/`);
  } catch (error) {
    await hello.stop();
    throw error;
  }
  return { child: hello.child, base, stop: hello.stop };
}

/**
 * The real server as its own process on `url`, with the demo data seeded, as `npm start` runs it; both
 * benchmarks start it so and end with `stop()`.
 */
export async function startServer(url: string, opts: ProcessOptions = {}) {
  const { child, base, stop } = await startServerProcess(url, { ...opts, env: { SEED: 'true', ...opts.env } });
  return { server: child, base, stop };
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
