import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normalize } from '@vault/contract/money';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, asAdmin, baseUrl, createMember, sql } from './browser.ts';

/**
 * What the CQR Vest flows (issue 17: e2e/opportunities.test.ts, e2e/marketplace.test.ts) set up through the
 * API as an operator would: members with membership data, activated and credited by the treasury,
 * subscribed; pools made in the back office; and the checks both make (balances, axe, sideways scroll).
 */

/** A fresh member with membership data; activated with `q` Q (and XAG) credited by the treasury when given. */
export async function vestMember(name: string, credit: { q?: string; xag?: string; activated?: boolean } = {}) {
  const m = await createMember({ name, gpa: true });
  if (credit.activated ?? true) await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  for (const [asset, amount] of [
    ['Q', credit.q],
    ['XAG', credit.xag],
  ] as const) {
    if (!amount) continue;
    const res = await asAdmin('POST', '/api/admin/ledger/credit', {
      email: m.email,
      asset,
      amount,
      reason: 'Opening balance',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  return m;
}

/** Calls the member API with the member's own bearer token (what another device of theirs would do). */
export async function asMember(m: { email: string; password: string }, method: string, url: string, body?: unknown) {
  const token = await apiLogin(m.email, m.password);
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** A monthly plan of this test's own, 1 Q, and the member subscribed to it (paid from their Q). */
export async function subscribe(m: { email: string; password: string }) {
  const plan = await asAdmin('POST', '/api/admin/subscription-plans', {
    title: `E2E Vest ${randomBytes(3).toString('hex')}`,
    logo: '/tokens/q.svg',
    priceUSD: '1',
    duration: 'month',
  });
  expect(plan.status, JSON.stringify(plan.json)).toBe(200);
  const planId = (plan.json as { data: { _id: string } }).data._id;
  const res = await asMember(m, 'POST', '/api/subscription', { planId });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** An opportunity pool made in the back office (its supply issued to the treasury). */
export async function createPool(over: Record<string, string> = {}) {
  const title = `E2E Pool ${randomBytes(3).toString('hex')}`;
  const res = await asAdmin('POST', '/api/admin/opportunity-pools', {
    name: 'Silver Mine Royalties',
    title,
    image: '/tokens/xag.svg',
    description: 'Royalties of a silver mine, paid yearly.',
    totalSupply: '1000000',
    pricePerShare: '2.5',
    dueDate: '2030-12-31',
    royalties: '5 % a year, paid each December.',
    ...over,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...(res.json as { data: { _id: string; nftToken: string } }).data, title };
}

/** A member's balance of an asset in the ledger ('0' without an account). */
export async function balanceOf(userId: string, asset: string) {
  const [row] = await sql<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
    [userId, asset],
  );
  return row ? normalize(row.balance) : '0';
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** axe-core (WCAG 2.1 A and AA) on the page as it is now: what it finds of serious or critical impact. */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${v.help}`));
}

/** How far the page scrolls sideways (0 on a phone is the aim). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The toast saying `text` (sonner's). */
export const toastText = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true });
