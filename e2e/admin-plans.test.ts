import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import PgBoss from 'pg-boss';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, look, openBackOffice, overflowsSideways } from './admin-support.ts';
import { apiLogin, asAdmin, baseUrl, createMember, DESKTOP, newPage, PHONE, sql } from './browser.ts';

/**
 * The back office's Plans screen (issue 16 items 1 and 7): an owner creates a plan and edits its price; two
 * members subscribe to it through the API; the plan's counts and its subscribers list show them; the upcoming
 * renewals list the one due soon; the renewal job, run on the server's worker, fails the renewal of the one
 * without Q, which the failed renewals list with its grace period; the owner retires the plan with a reason
 * and it keeps its subscriber. A support administrator reads it all without Create, Edit or Retire. Screens
 * at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();

/** An activated member with membership data holding `q` Q, signed in by API. */
async function memberWithQ(name: string, q: string) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
    email: m.email,
    asset: 'Q',
    amount: q,
    reason: 'Opening balance',
  });
  expect(credit.status).toBe(200);
  return { ...m, token: await apiLogin(m.email, m.password) };
}

/** POST /api/subscription: Recurring, paid from the member's Q; the subscription's id. */
async function subscribe(member: { token: string }, planId: string) {
  const res = await fetch(`${baseUrl()}/api/subscription`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ planId, isRenewable: true, type: 'subscription' }),
  });
  const body = (await res.json()) as { data: { _id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data._id;
}

/**
 * Runs the renew-subscriptions job on the server's own worker: a job sent to its pg-boss queue (what the
 * schedule sends every 5 minutes), until the subscription's renewal is recorded as failed.
 */
async function renewalFails(subscriptionId: string) {
  const boss = new PgBoss({ connectionString: inject('e2eDatabaseUrl'), supervise: false, schedule: false });
  await boss.start();
  try {
    await expect
      .poll(
        async () => {
          await boss.send('renew-subscriptions', {});
          const [row] = await sql<{ failed: boolean }>(
            'select renewal_failed_at is not null as failed from user_subscriptions where id = $1',
            [subscriptionId],
          );
          return row?.failed;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('back office plans', () => {
  it('creates, edits and retires a plan; shows its subscribers, upcoming and failed renewals', async () => {
    const found: string[] = [];
    const owner = await enrolledAdministrator('owner', suite.dataDir);
    const support = await enrolledAdministrator('support', suite.dataDir);
    const title = `E2E Circle ${randomUUID().slice(0, 6)}`;

    // The owner opens Plans from the menu and creates a plan; the form checks first, in the server's words.
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, owner.token, '/admin/overview');
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
    await rowOf(page, 'Vault Monthly').waitFor();
    await look(page, 'admin-plans-1280', found);

    await page.getByRole('button', { name: 'New plan' }).click();
    const create = page.getByRole('dialog', { name: 'New plan' });
    await create.getByRole('button', { name: 'Create plan' }).click();
    await create.getByText(messages.planTitleRequired).waitFor();
    await create.getByText(messages.planPriceInvalid).waitFor();
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Price (USD)').fill('20');
    await create.getByText('Members pay 20.00 Q.').waitFor();
    await create.getByText('XAU', { exact: true }).click();
    await expect(create.getByRole('radio', { name: 'XAU', exact: true }).isChecked()).resolves.toBe(true);
    await look(page, 'admin-plans-new-1280', found);
    await create.getByRole('button', { name: 'Create plan' }).click();
    await notice(page, `${messages.planSaved}: ${title}, $20.00 Monthly.`).waitFor();
    const row = rowOf(page, title);
    await row.getByText('$20.00', { exact: true }).waitFor();
    const [plan] = await sql<{ id: string; logo: string }>('select id, logo from subscription_plans where title = $1', [
      title,
    ]);
    expect(plan?.logo).toBe('/tokens/xau.svg');
    const planId = plan!.id;

    // Edit its price: 30 USD from now on, paid as 30 Q.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${title}` });
    await expect(edit.getByLabel('Price (USD)').inputValue()).resolves.toBe('20.00');
    await edit.getByLabel('Price (USD)').fill('30');
    await look(page, 'admin-plans-edit-1280', found);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, `${messages.planSaved}: ${title}, $30.00 Monthly.`).waitFor();
    await row.getByText('$30.00', { exact: true }).waitFor();
    await row.getByText('30.00 Q', { exact: true }).waitFor();

    // Two members subscribe through the API: Paula spends all her Q on it, Ben keeps some.
    const paula = await memberWithQ('Paula Plan', '30');
    const ben = await memberWithQ('Ben Plan', '100');
    const paulaSub = await subscribe(paula, planId);
    const benSub = await subscribe(ben, planId);

    // The counts: 2 current subscribers, both recurring.
    await page.reload();
    const cells = rowOf(page, title).getByRole('cell');
    await expect.poll(() => cells.nth(4).textContent()).toBe('2');
    await expect(cells.nth(5).textContent()).resolves.toBe('2');
    await expect(cells.nth(3).textContent()).resolves.toBe('Active');

    // The plan's subscribers.
    await rowOf(page, title)
      .getByRole('button', { name: `Subscribers of ${title}` })
      .click();
    await page.waitForURL(`**/admin/plans?plan=${planId}`);
    await page.getByRole('heading', { name: `Subscribers of ${title}` }).waitFor();
    for (const m of [paula, ben]) {
      const sub = rowOf(page, m.email);
      await sub.waitFor();
      const text = await sub.textContent();
      for (const part of [m.name, '$30.00', '30.00 Q', 'Recurring', 'Active']) expect(text).toContain(part);
    }
    await look(page, 'admin-plans-subscribers-1280', found);

    // Upcoming renewals: Ben's comes due in 2 days (the list looks 7 days ahead by default).
    await sql(`update user_subscriptions set renew_on = now() + interval '2 days' where id = $1`, [benSub]);
    await tab(page, 'Upcoming renewals').click();
    await page.waitForURL('**/admin/plans?tab=upcoming');
    const upcoming = rowOf(page, ben.email);
    await upcoming.waitFor();
    const upcomingText = await upcoming.textContent();
    for (const part of [ben.name, title, '$30.00', 'Recurring']) expect(upcomingText).toContain(part);
    await expect(rowOf(page, paula.email).count()).resolves.toBe(0);
    await look(page, 'admin-plans-upcoming-1280', found);

    // A failed renewal: Paula's period is over and she holds no Q; the server's renewal job refuses it and
    // gives her 3 days of grace.
    await sql(`update user_subscriptions set renew_on = now() - interval '1 minute' where id = $1`, [paulaSub]);
    await renewalFails(paulaSub);
    await tab(page, 'Failed renewals').click();
    await page.waitForURL('**/admin/plans?tab=failed');
    const failed = rowOf(page, paula.email);
    await failed.waitFor();
    const failedText = await failed.textContent();
    for (const part of [paula.name, title, '$30.00', 'In grace']) expect(failedText).toContain(part);
    await look(page, 'admin-plans-failed-1280', found);

    // Keyboard: the tabs move with the arrow keys.
    await tab(page, 'Failed renewals').focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL('**/admin/plans?tab=upcoming');
    await expect.poll(() => tab(page, 'Upcoming renewals').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Upcoming renewals');
    await page.keyboard.press('Home');
    await page.waitForURL(/\/admin\/plans$/);

    // Retire: confirmed with a reason (required); the plan keeps its subscriber.
    await rowOf(page, title)
      .getByRole('button', { name: `Retire ${title}` })
      .click();
    const retire = page.getByRole('dialog', { name: `Retire ${title}?` });
    await retire.getByText('Its 2 current subscribers keep it until their paid period ends').waitFor();
    await retire.getByRole('button', { name: 'Retire plan' }).click();
    await retire.getByText(messages.rejectionReasonRequired).waitFor();
    await look(page, 'admin-plans-retire-1280', found);
    await retire.getByLabel(/^Reason/).fill('Replaced by the yearly circle');
    await retire.getByRole('button', { name: 'Retire plan' }).click();
    await notice(page, `${messages.planRetired}. ${title}.`).waitFor();
    await expect.poll(() => cells.nth(3).textContent()).toBe('Retired');
    await expect(
      rowOf(page, title)
        .getByRole('button', { name: `Retire ${title}` })
        .count(),
    ).resolves.toBe(0);
    const [retired] = await sql<{ retired: boolean }>(
      'select retired_at is not null as retired from subscription_plans where id = $1',
      [planId],
    );
    expect(retired?.retired).toBe(true);
    await rowOf(page, title)
      .getByRole('button', { name: `Subscribers of ${title}` })
      .click();
    await rowOf(page, ben.email).waitFor();
    await look(page, 'admin-plans-retired-subscribers-1280', found);

    // On a phone: the plans, a plan's subscribers, the failed renewals and the form fit.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, owner.token, '/admin/plans');
    await rowOf(phone, title).waitFor();
    await look(phone, 'admin-plans-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await rowOf(phone, title)
      .getByRole('button', { name: `Subscribers of ${title}` })
      .click();
    await rowOf(phone, ben.email).waitFor();
    await look(phone, 'admin-plans-subscribers-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await tab(phone, 'Failed renewals').click();
    await rowOf(phone, paula.email).waitFor();
    await look(phone, 'admin-plans-failed-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await tab(phone, 'Plans').click();
    await phone.getByRole('button', { name: 'New plan' }).click();
    await phone.getByRole('dialog', { name: 'New plan' }).getByLabel('Title').waitFor();
    await look(phone, 'admin-plans-new-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phone.close();
    await page.close();

    // Support reads the plans and the lists, without New plan, Edit or Retire.
    const read = await newPage(suite.browser, DESKTOP);
    await openBackOffice(read, support.token, '/admin/overview');
    await read.getByRole('link', { name: 'Plans' }).click();
    const supportRow = rowOf(read, title);
    await supportRow.waitFor();
    await read.getByText('Only owners create, edit and retire plans.').waitFor();
    await expect(read.getByRole('button', { name: 'New plan' }).count()).resolves.toBe(0);
    await expect(read.getByRole('button', { name: /^(Edit|Retire) / }).count()).resolves.toBe(0);
    await look(read, 'admin-plans-support-1280', found);
    await supportRow.getByRole('button', { name: `Subscribers of ${title}` }).click();
    await rowOf(read, ben.email).waitFor();
    await tab(read, 'Failed renewals').click();
    await rowOf(read, paula.email).waitFor();
    await read.close();

    expect(found).toEqual([]);
  });
});
