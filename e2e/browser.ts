import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { toFixed } from '@vault/contract/money';
import pg from 'pg';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo-admin.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { totpCode } from '../apps/server/src/modules/admins/totp.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';

export { CHROMIUM } from './chromium.ts';
export const SHOTS = path.resolve('.test-artifacts/screenshots');

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };
/** The narrowest desktop: the side menu shows and leaves the least room for the page. */
export const SMALL_DESKTOP = { width: 1024, height: 768 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  // Animations stopped: the picture shows the page at rest, not a spinner or a pulse half-way.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false, animations: 'disabled' });
}

/** Reads the e2e database directly: the outbox (mails), and fixture changes an admin console would make. */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function lastMailText(to: string, kind: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const rows = await sql<{ text: string }>(
      'select text from outbox where "to" = $1 and kind = $2 order by created_at desc limit 1',
      [to, kind],
    );
    if (rows[0]) return rows[0].text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

/** Logs in through the API (as another device would) and returns the bearer token. */
export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Signs the demo administrator in at /api/admin/auth/login with a TOTP code of their (published, demo) secret.
 * A code works once per 30-second step, so the step is chosen after the last one used (read from the
 * database): never a refused code, which the login throttle would count.
 */
async function adminSignIn(): Promise<string> {
  for (;;) {
    const [row] = await sql<{ step: string | null }>(
      `select a.totp_last_step::text as step from administrators a join users u on u.id = a.user_id
       where u.email = $1`,
      [DEMO_ADMIN.email],
    );
    const last = row?.step ? Number(row.step) : -1;
    const current = Math.floor(Date.now() / 30_000);
    // The server accepts one step either side of its clock: the current step, or the next one.
    const step = Math.max(current, last + 1);
    if (step > current + 1) {
      await new Promise((r) => setTimeout(r, (current + 1) * 30_000 - Date.now() + 200));
      continue;
    }
    const res = await fetch(`${baseUrl()}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_ADMIN.email,
        password: DEMO_ADMIN.password,
        code: await totpCode(DEMO_ADMIN.totpSecret, step * 30_000 + 1_000),
      }),
    });
    if (!res.ok) throw new Error(`the demo administrator could not sign in: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  }
}
let adminToken: Promise<string> | undefined;

/** Calls the API as the seeded administrator (an owner), signed in once per test file. */
export async function asAdmin(method: string, url: string, body?: unknown) {
  const send = async () =>
    fetch(`${baseUrl()}${url}`, {
      method,
      headers: { authorization: `Bearer ${await adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  adminToken ??= adminSignIn();
  let res = await send();
  if (res.status === 401) {
    // The session ended (15 minutes idle): sign in again.
    adminToken = adminSignIn();
    res = await send();
  }
  return { status: res.status, json: await res.json() };
}

/**
 * Waits until the start-up splash is gone (screenshots and axe see the page). By CSS, not by role: an open
 * modal hides the rest of the page from the accessibility tree, the splash included.
 */
export const splashGone = (page: Page) =>
  page.locator('[aria-label="Loading the vault"]').waitFor({ state: 'detached' });

/** Opens a path and waits out the 1-second splash, as a person would see the page. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('status', { name: 'Loading the vault' }).waitFor({ state: 'detached' });
}

/** A verified member row (what sign-up + verification leave), for flows that are not about sign-up. */
export async function createMember(values: { name?: string; imported?: boolean; gpa?: boolean } = {}) {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Start1234!';
  const name = values.name ?? 'Erin Example';
  const [row] = await sql<{ id: string }>(
    `insert into users (id, email, name, password_hash, email_verified_at, is_imported, gpa_data)
     values (gen_random_uuid(), $1, $2, $3, now(), $4, $5) returning id`,
    [email, name, await hashPassword(password), values.imported ?? false, values.gpa ? { displayName: name } : null],
  );
  return { id: row!.id, email, password, name };
}

/** Logs in through the Sign In modal. */
export async function signIn(page: Page, email: string, password: string) {
  await open(page, '/sign-in');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in and waits on the dashboard until the start-up splash is gone (screenshots show the page). */
export async function signInToDashboard(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.waitForURL('**/cryptocurrency');
  await page.getByRole('status', { name: 'Loading the vault' }).waitFor({ state: 'detached' });
}

/** A new page (another window size) signed in with the same session as `page`, on the site's home page. */
export async function samePersonOn(browser: Browser, page: Page, viewport = PHONE): Promise<Page> {
  const other = await newPage(browser, viewport);
  await other.goto('/');
  await other.evaluate(
    (token) => localStorage.setItem('authToken', token),
    await page.evaluate(() => localStorage.getItem('authToken') ?? ''),
  );
  return other;
}

/** Marks the page's window, so `notReloaded` can tell that a later update arrived without a reload. */
export const markNotReloaded = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
export const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Waits until the page's live-update socket is connected (realtime-bridge marks it), so an event caused next reaches it. */
export const realtimeConnected = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

/** A signature drawn with the mouse on a signature pad: a wave across it. */
export async function drawSignature(page: Page, pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 20 + i * 10, box.y + box.height / 2 + Math.sin(i / 2) * (box.height / 4));
  }
  await page.mouse.up();
}

/** '$1,234.50' of an exact decimal (no float), as the app shows USD. */
export function dollars(amount: string): string {
  const [whole, fraction] = toFixed(amount, 2).split('.');
  return `$${BigInt(whole!).toLocaleString('en-US')}.${fraction}`;
}
