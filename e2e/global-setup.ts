import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { choosePort } from '../apps/server/src/db/embedded-postgres.ts';
import { createTestDatabase } from '../apps/server/test/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
  }
}

/**
 * Starts the real server as its own process (built web app, seeded demo data) on a fresh database,
 * exactly as `npm start` does, and hands its address to the browser tests.
 */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('vault_e2e');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vault-e2e-'));
  const port = await choosePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'true',
      // Not 'production': that refuses the demo seed (published passwords) and needs real JWT_SECRET/PUBLIC_URL.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  /** Stops the server, drops its database and removes its data folder: nothing of the run stays behind. */
  const teardown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const ok = await fetch(`${baseUrl}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('e2eDatabaseUrl', database.url);
  return teardown;
}
