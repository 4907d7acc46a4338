import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { LEVEL_1_LIFETIME_TITLE } from '@vault/contract/schemas/subscriptions';
import PgBoss from 'pg-boss';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  asAdmin,
  createMember,
  launch,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  PHONE,
  realtimeConnected,
  samePersonOn,
  shot,
  signIn,
  signInToDashboard,
  sql,
} from './browser.ts';

/**
 * Issue 16 (web): a member subscribes Recurring to a monthly plan at /subscription (the note, the settlement
 * dialog, "Are you sure you want this Subscription?"), sees it among the current subscriptions and its payment
 * in /subscription-history as CQR Dollar, is renewed by the job once at its renewal date (the open history shows
 * the second payment), cancels it (the dialog, the server's message, no cancel button
 * after); the Q balance dropped by the price. The Level 1 lifetime plan offers no Recurring, a balance below
 * the price is 'Insufficient balance', and a vault not activated is told 'Please activate your vault first'.
 * Both screens at 1280 and 390 px, without sideways scroll.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function balance(userId: string, asset: string) {
  const [row] = await sql<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
    [userId, asset],
  );
  return row ? normalize(row.balance) : '0';
}

/**
 * The renew-subscriptions job, sent twice at once to the server's own worker (what its schedule sends every 5
 * minutes), until the subscription's second period is paid.
 */
async function renewalRuns(subscriptionId: string) {
  const boss = new PgBoss({ connectionString: inject('e2eDatabaseUrl'), supervise: false, schedule: false });
  await boss.start();
  try {
    await Promise.all([boss.send('renew-subscriptions', {}), boss.send('renew-subscriptions', {})]);
    await expect
      .poll(
        async () =>
          (
            await sql<{ periods_paid: number }>('select periods_paid from user_subscriptions where id = $1', [
              subscriptionId,
            ])
          )[0]?.periods_paid,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(2);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** A fresh member with membership data; activated with Q issued by the treasury when `q` is given. */
async function member(name: string, q: string | null) {
  const m = await createMember({ name, gpa: true });
  if (q === null) return m;
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
    email: m.email,
    asset: 'Q',
    amount: q,
    reason: 'Opening balance',
  });
  expect(credit.status).toBe(200);
  return m;
}

/** A monthly plan of this test's own (the demo plans are the back office's to change). */
async function monthlyPlan(priceUSD: string) {
  const title = `E2E Monthly ${randomBytes(3).toString('hex')}`;
  const res = await asAdmin('POST', '/api/admin/subscription-plans', {
    title,
    logo: '/tokens/q.svg',
    priceUSD,
    duration: 'month',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: (res.json as { data: { _id: string } }).data._id, title };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** axe-core (WCAG 2.1 A and AA) on the page as it is now: what it finds of serious or critical impact. */
async function axeFindings(page: Page): Promise<string[]> {
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

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The plans' logos are fetched as they come into view: a screenshot waits for those on screen. */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete),
  );

const planCard = (page: Page, title: string) => page.getByTestId('plan-card').filter({ hasText: title });

describe('subscriptions', () => {
  it('a member subscribes Recurring to a monthly plan, sees it and its payment, and cancels it', async () => {
    const plan = await monthlyPlan('19.99');
    const m = await member('Sam Subscriber', '100');
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Subscription' }).click();
    await page.waitForURL('**/subscription');
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();

    const card = planCard(page, plan.title);
    await card.getByText('19.99 Q').waitFor();
    await card.getByText('$19.99').waitFor();
    await card.getByText('Monthly', { exact: true }).waitFor();
    const current = page.getByRole('region', { name: 'Current Subscriptions' });
    await current.getByText('You have no subscription yet.').waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, 'subscription-plans');
    expect(await axeFindings(page)).toEqual([]);

    // The same member's history open on a phone follows the payment live (walletUpdated), without a reload.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/subscription-history');
    await phone.getByText('No subscription payments yet.').waitFor();
    await realtimeConnected(phone);
    await markNotReloaded(phone);

    // The note, the settlement dialog, the question.
    await card.getByRole('button', { name: 'Subscribe' }).click();
    const note = page.getByRole('dialog', { name: 'Before you subscribe' });
    await note.getByText('While you are subscribed, you can acquire opportunity tokens.').waitFor();
    await shot(page, 'subscription-note');
    await note.getByRole('button', { name: 'Continue' }).click();
    const settle = page.getByRole('dialog', { name: 'Choose how to settle' });
    await settle.getByText('Settlement: vault dollars (Q)').waitFor();
    await settle.getByText('100.00 Q').waitFor();
    await settle.getByRole('button', { name: /One time/ }).waitFor();
    // The first choice has the focus: the keyboard goes on from where the note was.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Recurring/);
    await shot(page, 'subscription-settlement');
    expect(await axeFindings(page)).toEqual([]);
    await settle.getByRole('button', { name: /Recurring/ }).click();
    const confirm = page.getByRole('dialog', { name: messages.subscriptionConfirm });
    await confirm.getByText('Recurring', { exact: true }).waitFor();
    await confirm.getByText('19.99 Q · $19.99').waitFor();
    // Cancel has the focus first: Enter pressed twice must not pay.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shot(page, 'subscription-confirm');
    await confirm.getByRole('button', { name: 'Commit' }).click();
    const done = page.getByRole('dialog', { name: 'Subscribed' });
    await done.getByText(fillMessage(messages.subscribed, { title: plan.title })).waitFor();
    await shot(page, 'subscription-done');
    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
    await phone
      .getByTestId('subscription-payment-item')
      .filter({ hasText: plan.title })
      .getByText(/CQR Dollar/)
      .waitFor();
    expect(await notReloaded(phone)).toBe(true);
    // The focus is back on the card's button, which now says the plan is the member's.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Subscribed');

    // Paid once, from Q; the member is a subscriber; the list and the card say so.
    expect(await balance(m.id, 'Q')).toBe('80.01');
    const [user] = await sql<{ is_subscriber: boolean }>('select is_subscriber from users where id = $1', [m.id]);
    expect(user?.is_subscriber).toBe(true);
    const item = current.getByTestId('subscription').filter({ hasText: plan.title });
    await item.getByText('Active', { exact: true }).waitFor();
    await item.getByText('Renews on').waitFor();
    await item.getByText('Monthly · Recurring · 19.99 Q').waitFor();
    await card.getByRole('button', { name: 'Subscribed' }).waitFor();
    // Current Subscriptions takes the member (and the focus) to the list.
    await page.getByRole('button', { name: 'Current Subscriptions' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Current Subscriptions');
    const heading = current.getByRole('heading', { name: 'Current Subscriptions' });
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().bottom < window.innerHeight))
      .toBe(true);
    await shot(page, 'subscription-current');

    // The payment in the history, as CQR Dollar.
    await page.getByRole('link', { name: 'Subscription History' }).click();
    await page.waitForURL('**/subscription-history');
    const row = page.getByTestId('subscription-payment-row').filter({ hasText: plan.title });
    await row.getByText('CQR Dollar').waitFor();
    await row.getByText('19.99 Q').waitFor();
    await page.getByRole('columnheader', { name: 'Remittance Method' }).waitFor();
    await page.getByRole('columnheader', { name: 'Units Amount' }).waitFor();
    await page.getByRole('columnheader', { name: 'Subscription On' }).waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, 'subscription-history');
    expect(await axeFindings(page)).toEqual([]);

    // At its renewal date the job renews it once, though asked twice at once: the open history shows the second
    // payment without a reload, and the balance paid it once more.
    await markNotReloaded(page);
    const [before] = await sql<{ id: string }>('select id from user_subscriptions where user_id = $1', [m.id]);
    await sql("update user_subscriptions set renew_on = now() - interval '1 minute' where id = $1", [before!.id]);
    await renewalRuns(before!.id);
    const rows = page.getByTestId('subscription-payment-row').filter({ hasText: plan.title });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await notReloaded(page)).toBe(true);
    expect(await balance(m.id, 'Q')).toBe('60.02');
    const payments = await sql<{ n: number }>(
      'select count(*)::int as n from subscription_payments where subscription_id = $1',
      [before!.id],
    );
    expect(payments[0]?.n).toBe(2);
    await shot(page, 'subscription-renewed-history');

    // Cancel: the question, the server's message; access stays until the end of the period, no button after.
    await page.getByRole('link', { name: 'Back to Subscription' }).click();
    await page.waitForURL('**/subscription');
    await item.getByRole('button', { name: 'Cancel Subscription' }).click();
    const ask = page.getByRole('dialog', { name: messages.subscriptionCancelConfirm });
    // Back has the focus first, and going back returns it to the row's button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel Subscription');
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Back' }).waitFor();
    await shot(page, 'subscription-cancel-confirm');
    await ask.getByRole('button', { name: 'Cancel Subscription' }).click();
    const [sub] = await sql<{ renew_on: Date }>('select renew_on from user_subscriptions where user_id = $1', [m.id]);
    const cancelled = fillMessage(messages.subscriptionCancelled, { date: sub!.renew_on.toISOString().slice(0, 10) });
    await current.getByText(cancelled).waitFor();
    // The button that opened the dialog is gone: the message has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(cancelled);
    await item.getByText('Cancelled', { exact: true }).waitFor();
    await item.getByText('Access until').waitFor();
    expect(await item.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(await balance(m.id, 'Q')).toBe('60.02');
    await shot(page, 'subscription-cancelled');
    expect(await axeFindings(page)).toEqual([]);

    // On a phone: nothing scrolls sideways; the history is a list.
    await open(phone, '/subscription');
    await planCard(phone, plan.title).getByRole('button', { name: 'Subscribed' }).waitFor();
    await phone
      .getByRole('region', { name: 'Current Subscriptions' })
      .getByText('Cancelled', { exact: true })
      .waitFor();
    expect(await sideways(phone)).toBe(0);
    await imagesLoaded(phone);
    await shot(phone, 'subscription-phone');
    expect(await axeFindings(phone)).toEqual([]);
    await phone.getByRole('region', { name: 'Current Subscriptions' }).scrollIntoViewIfNeeded();
    await shot(phone, 'subscription-phone-current');
    await open(phone, '/subscription-history');
    const phoneItem = phone.getByTestId('subscription-payment-item').filter({ hasText: plan.title });
    await expect.poll(() => phoneItem.count()).toBe(2);
    await phoneItem
      .first()
      .getByText(/CQR Dollar/)
      .waitFor();
    expect(await sideways(phone)).toBe(0);
    await shot(phone, 'subscription-history-phone');
    expect(await axeFindings(phone)).toEqual([]);
    await phone.close();
    await page.close();
  });

  it('the Level 1 lifetime plan offers One time only, and a balance below the price is refused', async () => {
    const m = await member('Lea Lifetime', '50');
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/subscription');
    const card = planCard(page, LEVEL_1_LIFETIME_TITLE);
    await card.getByText('Lifetime', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Subscribe' }).click();
    const note = page.getByRole('dialog', { name: 'Before you subscribe' });
    await note.getByText('A lifetime plan is paid once and never ends, so it cannot be cancelled.').waitFor();
    await note.getByRole('button', { name: 'Continue' }).click();
    const settle = page.getByRole('dialog', { name: 'Choose how to settle' });
    await settle.getByRole('button', { name: /One time/ }).waitFor();
    expect(await settle.getByRole('button', { name: /Recurring/ }).count()).toBe(0);
    await settle.getByText('A lifetime plan is paid once: Recurring is not offered.').waitFor();
    await settle.getByRole('button', { name: /One time/ }).click();
    await settle.getByRole('alert').getByText(messages.insufficientBalance, { exact: true }).waitFor();
    await shot(page, 'subscription-lifetime-insufficient');
    // Escape closes the dialog; nothing was paid.
    await page.keyboard.press('Escape');
    await settle.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Subscribe');
    expect(await balance(m.id, 'Q')).toBe('50');
    await page.close();
  });

  it('a member whose vault is not activated is told to activate it first', async () => {
    const m = await member('Nina Notyet', null);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/subscription');
    // Said on the page before a plan is chosen, and again, as a toast, when Subscribe is pressed.
    await page.getByText(`${messages.activateFirst}: subscriptions are paid from an activated vault.`).waitFor();
    await page.getByRole('link', { name: 'Member Activation' }).waitFor();
    await planCard(page, LEVEL_1_LIFETIME_TITLE).getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('[data-sonner-toast]').getByText(messages.activateFirst, { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'subscription-not-activated');
    await page.close();
  });

  it("a member without membership data is sent to /profile with the spec's message", async () => {
    const m = await createMember({ name: 'Gil Gapless' });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.getByText('Submit your GPA Level 3 Data to Continue').first().waitFor();
    for (const path of ['/subscription', '/subscription-history']) {
      await open(page, path);
      await page.waitForURL('**/profile');
      await page.getByText(messages.fillGpaFirst).first().waitFor();
    }
    await page.close();
  });
});
