import { messages } from '@vault/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, launch, newPage, open, PHONE, realtimeConnected, shot, signInToDashboard, sql } from './browser.ts';
import { axeFindings, balanceOf, createPool, sideways, subscribe, toastText, vestMember } from './vest-fixtures.ts';

/**
 * Issue 17 items 1-3 (member web): a subscribed, activated member finds a pool among the opportunities on
 * CQR Vest (/marketplace), opens it (/silent-wave?pool=<id>, a reload keeps it), meets every message of spec 2
 * §5 "Acquire units" in "Get Units Now" ('Please enter amount first', 'Amount cannot be negative', 'Enter
 * number of share not available', 'insufficient balance', more than 8 decimals refused as typed), sees the
 * total, and submits a request: the server's message, the Q held, the units left drop on the open page. A
 * member without a subscription pressing Get goes to /subscription, told 'You are not subscribed. Please
 * subscribe first.'; one whose vault is not activated goes to /error. Phone width without sideways scroll,
 * axe clean. (The operator's approval is the back office's test.)
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const poolCard = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Opportunities' }).getByRole('listitem').filter({ hasText: title });

describe('opportunity tokens (member)', () => {
  it('a subscribed member opens a pool, meets every acquire message and requests units', async () => {
    const pool = await createPool();
    // 101 Q: 1 pays the subscription, 100 are left to acquire with.
    const m = await vestMember('Olive Opportunity', { q: '101' });
    await subscribe(m);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'CQR Vest' }).click();
    await page.waitForURL('**/marketplace');
    const card = poolCard(page, pool.title);
    await card.getByText('1,000,000.00').waitFor();
    await card.getByText('$2.50').waitFor();
    await page.getByRole('link', { name: 'My Opportunities' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'opportunities-list');
    expect(await axeFindings(page)).toEqual([]);

    await card.getByRole('button', { name: `Get ${pool.title}` }).click();
    await page.waitForURL(`**/silent-wave?pool=${pool._id}`);
    // A reload shows the same pool: the id is in the address.
    await page.reload();
    const header = page.getByRole('region', { name: pool.title });
    await header.getByText('Silver Mine Royalties').waitFor();
    await header.getByText('1,000,000.00 of 1,000,000.00').waitFor();
    await header.getByText('5 % a year, paid each December.').waitFor();
    await header.getByText('Dec 31, 2030').waitFor();
    await page
      .getByRole('region', { name: 'Opportunity Ledger' })
      .getByText('No transactions in this opportunity yet.')
      .waitFor();
    await realtimeConnected(page);
    await shot(page, 'opportunity-pool');
    expect(await axeFindings(page)).toEqual([]);

    await header.getByRole('button', { name: 'Acquire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Units Now' });
    await dialog.getByText(/3-4 working days after an administrator approves it/).waitFor();
    const units = dialog.getByLabel('Number of Units');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    const error = (text: string) => dialog.getByText(text, { exact: true });

    await submit.click();
    await error(messages.acquireAmountRequired).waitFor();
    await units.fill('-5');
    await submit.click();
    await error(messages.acquireAmountNegative).waitFor();
    await units.fill('1000000.5');
    await submit.click();
    await error(messages.acquireSharesNotAvailable).waitFor();
    // 41 units × 2.50 = 102.50 Q, more than the 100 Q held.
    await units.fill('41');
    await submit.click();
    await error(messages.acquireInsufficientBalance).waitFor();
    await dialog.getByText('102.50 Q').waitFor();
    // A ninth decimal is refused as it is typed; a pool's units have 2.
    await units.fill('');
    await units.pressSequentially('1.123456789');
    expect(await units.inputValue()).toBe('1.12345678');
    await submit.click();
    await error(messages.acquireAmountInvalid).waitFor();
    await shot(page, 'opportunity-acquire-messages');
    expect(await axeFindings(page)).toEqual([]);

    await units.fill('8.5');
    await dialog.getByText('21.25 Q').waitFor();
    await submit.click();
    await toastText(page, messages.requestSubmitted).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The Q is held for the request and the units are reserved: the open page shows fewer left.
    await header.getByText('999,991.50 of 1,000,000.00').waitFor();
    expect(await balanceOf(m.id, 'Q')).toBe('78.75');
    const [request] = await sql<{ status: string; amount: string }>(
      `select status, amount::text from opportunity_requests where user_id = $1`,
      [m.id],
    );
    expect(request?.status).toBe('pending');
    await shot(page, 'opportunity-requested');

    // An operator approves it (the back office's own test drives the screen; here its API): the open page
    // shows the member's units live, the Opportunity Ledger the acquisition, the dashboard's Opportunity Tokens
    // tab and My Opportunities the holding.
    const [row] = await sql<{ id: string }>('select id from opportunity_requests where user_id = $1', [m.id]);
    const approve = await asAdmin('POST', `/api/admin/opportunity-requests/${row!.id}/approve`, {});
    expect(approve.status, JSON.stringify(approve.json)).toBe(200);
    await header.getByText('8.50', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Opportunity Ledger' })
      .getByText('Acquired Opportunity Token')
      .first()
      .waitFor();
    await shot(page, 'opportunity-approved');
    await page.getByRole('link', { name: 'Back to CQR Vest' }).click();
    await page.getByRole('link', { name: 'My Opportunities' }).click();
    await page.waitForURL('**/my-assets');
    const holding = page.getByRole('list', { name: 'Your opportunity tokens' }).getByRole('listitem');
    await holding.getByText('8.50', { exact: true }).waitFor();
    await holding.getByText('$21.25').waitFor();
    await shot(page, 'my-opportunities');
    expect(await axeFindings(page)).toEqual([]);
    await open(page, '/cryptocurrency');
    await page.getByRole('tab', { name: /Opportunity Tokens/ }).click();
    const tab = page.getByRole('tabpanel');
    await tab.getByRole('link', { name: 'Silver Mine Royalties' }).click();
    await page.waitForURL(`**/silent-wave?pool=${pool._id}`);
    await header.getByText('8.50', { exact: true }).waitFor();

    // Exchange lists units of the pool on the marketplace (the sell listing with the pool's 2 decimals).
    await header.getByRole('button', { name: 'Exchange' }).click();
    await page.waitForURL(`**/silent-wave?mode=sell&pool=${pool._id}`);
    const sell = page.getByRole('form', { name: /List Silver Mine Royalties on CQR Vest/ });
    await sell.getByText('8.50 units').waitFor();
    await sell.getByLabel('Value Per Unit (Q)').fill('3');
    await sell.getByLabel('Quantity (Tokens)').fill('2.125');
    await sell.getByRole('button', { name: 'Post' }).click();
    await sell.getByText(messages.marketplacePoolUnitsDecimals).waitFor();
    await sell.getByLabel('Quantity (Tokens)').fill('2');
    await sell.getByText('6.00 Q').waitFor();
    await sell.getByRole('button', { name: 'Post' }).click();
    await toastText(page, messages.listingPosted).waitFor();
    await page.waitForURL('**/marketplace?mode=exchange');
    await page.getByRole('list', { name: 'Your ads' }).getByText('2.00 units').first().waitFor();
    expect(await balanceOf(m.id, pool.nftToken)).toBe('6.5');
    await shot(page, 'opportunity-listed');

    // On a phone: no sideways scroll on the list, the pool and the dialog.
    const phone = await newPage(browser, PHONE);
    await phone.goto('/');
    await phone.evaluate(
      (token) => localStorage.setItem('authToken', token),
      await page.evaluate(() => localStorage.getItem('authToken') ?? ''),
    );
    await open(phone, `/silent-wave?pool=${pool._id}`);
    await phone.getByRole('region', { name: pool.title }).getByText('999,991.50 of 1,000,000.00').waitFor();
    expect(await sideways(phone)).toBe(0);
    await shot(phone, 'opportunity-pool-phone');
    await phone.getByRole('button', { name: 'Acquire' }).click();
    await phone.getByRole('dialog', { name: 'Get Units Now' }).getByLabel('Number of Units').waitFor();
    expect(await sideways(phone)).toBe(0);
    await shot(phone, 'opportunity-acquire-phone');
    await open(phone, '/marketplace');
    await poolCard(phone, pool.title).waitFor();
    expect(await sideways(phone)).toBe(0);
    await shot(phone, 'opportunities-list-phone');
  });

  it('Get sends a member without a subscription to /subscription, and one not activated to /error', async () => {
    const pool = await createPool();
    const m = await vestMember('Noel Nosub', { q: '50' });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/marketplace');
    await poolCard(page, pool.title)
      .getByRole('button', { name: `Get ${pool.title}` })
      .click();
    await page.waitForURL('**/subscription');
    await toastText(page, messages.notSubscribed).waitFor();
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await shot(page, 'opportunity-not-subscribed');

    const idle = await vestMember('Ivy Inactive', { activated: false });
    const other = await newPage(browser);
    await signInToDashboard(other, idle.email, idle.password);
    await open(other, '/marketplace');
    await poolCard(other, pool.title)
      .getByRole('button', { name: `Get ${pool.title}` })
      .click();
    await other.waitForURL('**/error');
    await other.getByText(messages.vaultNotActivated).waitFor();
  });
});
