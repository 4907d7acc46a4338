import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TOTP } from '@vault/contract/schemas/admin-auth';
import type { AxeResults } from 'axe-core';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { baseUrl, launch, shot } from './browser.ts';

/**
 * What the back office's browser tests share: administrators made by `npm run admin -- create` and enrolled
 * with otplib codes, and the look of a screen (screenshot + axe).
 */

/** The authenticator app: the code of `secret` at a moment (otplib, the contract's TOTP settings). */
export const totp = (secret: string, at = Date.now()) =>
  generate({
    secret,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    epoch: Math.floor(at / 1000),
  });

/** `npm run admin -- create` against the e2e server's database: the enrolment link it prints. */
export async function administratorEnrolmentLink(
  email: string,
  role: 'support' | 'operator' | 'owner',
  dataDir: string,
): Promise<URL> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'create', '--email', email, '--role', role],
    {
      env: {
        ...process.env,
        DATABASE_URL: inject('e2eDatabaseUrl'),
        PUBLIC_URL: baseUrl(),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        SEED: 'false',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const link = stdout.match(/https?:\/\/\S+\/admin\/enrol#token=\S+/)?.[0];
  if (!link) throw new Error(`no enrolment link in: ${stdout}`);
  return new URL(link);
}

/** `npm run admin -- create` against the e2e server's database: the enrolment link's path and hash. */
export async function createAdministrator(email: string, role: 'support' | 'operator' | 'owner', dataDir: string) {
  const url = await administratorEnrolmentLink(email, role, dataDir);
  return `${url.pathname}${url.hash}`;
}

/**
 * A back-office test file's browser and the command line's data folder (for `npm run admin -- create`):
 * launched before its tests, closed and removed after them. Read them once the tests run.
 */
export function backOfficeSuite(): { readonly browser: Browser; readonly dataDir: string } {
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    browser = await launch();
    dataDir = await mkdtemp(path.join(tmpdir(), 'vault-e2e-cli-'));
  });
  afterAll(async () => {
    await browser?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is launched before the tests');
      return browser;
    },
    get dataDir() {
      if (!dataDir) throw new Error('the data folder is made before the tests');
      return dataDir;
    },
  };
}

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

/**
 * An administrator created at the command line and enrolled through the API (the enrolment screens have
 * their own test, e2e/admin.test.ts): their session token, e-mail and TOTP secret.
 */
export async function enrolledAdministrator(role: 'support' | 'operator' | 'owner', dataDir: string) {
  const email = `e2e-${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const enrolPath = await createAdministrator(email, role, dataDir);
  const token = new URLSearchParams(enrolPath.split('#')[1]).get('token')!;
  const { secret } = (await post('/api/admin/auth/enrol/start', { token })) as { secret: string };
  const finished = await post('/api/admin/auth/enrol/finish', {
    token,
    name: `${role.charAt(0).toUpperCase()}${role.slice(1)} Person`,
    password: 'correct horse battery staple',
    code: await totp(secret),
  });
  return { email, secret, token: finished.token as string };
}

/** Opens the back office in `page` with an administrator's session (sessionStorage, as the sign-in leaves it). */
export async function openBackOffice(page: Page, adminToken: string, path = '/admin') {
  await page.goto('/admin/login');
  await page.evaluate((token) => sessionStorage.setItem('adminToken', token), adminToken);
  await page.goto(path);
}

/** A back-office call with an administrator's bearer token, as the screens make it. */
export async function adminApi<T = unknown>(adminToken: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** axe (WCAG 2.1 A and AA) on the page as it is: what it finds of serious or critical impact, one line each. */
export async function axe(page: Page, name: string): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${name}: ${v.id} at ${node.target.join(' ')}: ${v.help}`));
}

/** Screenshot and axe at once: the picture to look at, the findings to fix. */
export async function look(page: Page, name: string, found: string[]) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await shot(page, name);
  found.push(...(await axe(page, name)));
}

/**
 * What sticks out of the window sideways (unusable on a phone): the outermost elements whose right edge is
 * past it, outside any box that scrolls sideways by itself. Empty when the page fits.
 */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth + 1) return [];
    const scrolls = (el: Element | null): boolean =>
      el !== null &&
      el !== document.body &&
      (getComputedStyle(el).overflowX !== 'visible' || scrolls(el.parentElement));
    return Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(el.parentElement))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      )
      .slice(0, 5);
  });
