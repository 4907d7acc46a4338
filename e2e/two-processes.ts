import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppProcess, startServerProcess } from '../apps/server/test/processes.ts';
import { apiLogin, baseUrl, DESKTOP } from './browser.ts';

/** The Redis the API tests use too (apps/server/test/support.ts; not imported: it needs the API tests' context). */
const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether Redis answers PING. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = createConnection({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      conn.destroy();
      resolve(ok);
    };
    conn.setTimeout(1000, () => done(false));
    conn.once('error', () => done(false));
    conn.once('connect', () => conn.write('PING\r\n'));
    conn.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * Two server processes of the run's database sharing Redis and one data folder, as a deployment of several
 * processes shares them (a volume: an attachment is a file written by the process that took the upload), for
 * the file's tests; their addresses in `bases`. Without Redis, both addresses are the run's one server.
 */
export function twoProcesses(): { readonly bases: [string, string] } {
  const servers: AppProcess[] = [];
  let bases: [string, string] | undefined;
  let sharedData: string | undefined;
  beforeAll(async () => {
    if (!(await redisAnswers())) {
      bases = [baseUrl(), baseUrl()];
      return;
    }
    sharedData = await mkdtemp(path.join(tmpdir(), 'vault-e2e-shared-'));
    const started = await Promise.all(
      [0, 1].map(() =>
        startServerProcess(inject('e2eDatabaseUrl'), { env: { REDIS_URL, WORKER: 'off', DATA_DIR: sharedData! } }),
      ),
    );
    servers.push(...started);
    bases = [started[0]!.base, started[1]!.base];
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (sharedData) await rm(sharedData, { recursive: true, force: true });
  });
  return {
    get bases() {
      if (!bases) throw new Error('the processes start before the tests');
      return bases;
    },
  };
}

/** A page of `base`, signed in as the member (the token stored as the app stores it), on `path`. */
export async function memberPageAt(
  browser: Browser,
  base: string,
  member: { email: string; password: string },
  path: string,
  viewport = DESKTOP,
): Promise<Page> {
  const token = await apiLogin(member.email, member.password);
  const context = await browser.newContext({ viewport, baseURL: base });
  await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(path);
  await page.getByRole('status', { name: 'Loading the vault' }).waitFor({ state: 'detached' });
  return page;
}
