import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  launch,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  realtimeConnected,
  shot,
  signInToDashboard,
  splashGone,
  sql,
} from './browser.ts';

/**
 * Issue 13's online purchases in a real browser, through the sandboxes the server serves: PayPal's approve
 * page and COINQVEST's hosted checkout open in a new window; their return pages settle or follow the purchase;
 * the settlement dialog and the member's dashboard (kept open in another tab) follow it live.
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

/** Get CQR Dollars: the amount, Continue, the method, "Are you sure…" Confirm. */
async function buyDollars(page: Page, amount: string, method: 'PayPal' | 'COINQVEST') {
  await open(page, '/liquidity-tokens');
  await page.getByLabel('Amount of Q').fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
  const settle = page.getByRole('dialog', { name: 'Choose a settlement method' });
  await settle.getByRole('button', { name: new RegExp(`^${method}`) }).click();
  await settle.getByText(`Are you sure you want to perform this action using ${method}?`).waitFor();
  return settle;
}

describe('online purchases', () => {
  it('PayPal: the approve page in a new window, captured on return, the open dashboard credited live', async () => {
    const m = await createMember({ name: 'Paige Paypal', gpa: true });
    await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    // The dashboard stays open in a tab of its own.
    const dashboard = await page.context().newPage();
    await open(dashboard, '/cryptocurrency');
    await realtimeConnected(dashboard);
    await markNotReloaded(dashboard);

    // The 5,000.00 cap: the server's message under the amount.
    const capped = await buyDollars(page, '6000', 'PayPal');
    await capped.getByRole('button', { name: 'Confirm' }).click();
    await capped.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('form[aria-label] [role=alert]').textContent())
      .toBe(messages.onlinePurchaseCap);

    const settle = await buyDollars(page, '25', 'PayPal');
    const popup = page.context().waitForEvent('page');
    await settle.getByRole('button', { name: 'Confirm' }).click();
    const paypal = await popup;
    await paypal.waitForURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Pending', { exact: true }).waitFor();
    await shot(page, 'online-paypal-dialog-pending-1280');
    await shot(paypal, 'online-paypal-approve-page');
    await paypal.getByRole('button', { name: 'Approve' }).click();

    // The return page (in PayPal's window) captures, then offers to close the window.
    await paypal.waitForURL(/\/paypal\/return\?token=/);
    await paypal.getByRole('heading', { name: 'PayPal payment' }).waitFor();
    await paypal.getByText(messages.onlinePurchaseCaptured).waitFor();
    await paypal.getByRole('button', { name: 'Close this window' }).waitFor();
    await paypal.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
    await splashGone(paypal);
    await shot(paypal, 'online-paypal-return-completed');

    // The dialog that opened the window says so too.
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Completed', { exact: true }).waitFor();
    await settle.getByText(messages.onlinePurchaseCaptured).waitFor();
    await shot(page, 'online-paypal-dialog-completed-1280');
    await expect(balance(m.id, 'Q')).resolves.toBe('25');

    // The dashboard, never reloaded: the purchase completed in the transactions.
    const transactions = dashboard.locator('section[aria-labelledby="transactions-heading"]');
    const row = transactions.getByTestId('transaction-row').first();
    await row.filter({ hasText: 'Completed' }).waitFor();
    expect((await row.textContent())?.toLowerCase()).toContain('paypal');
    await expect(notReloaded(dashboard)).resolves.toBe(true);
    await dashboard.bringToFront();
    await row.scrollIntoViewIfNeeded();
    await shot(dashboard, 'online-paypal-dashboard-credited-1280');

    // Closing the window it opened.
    await paypal.getByRole('button', { name: 'Close this window' }).click();
    await expect.poll(() => paypal.isClosed()).toBe(true);
    await page.context().close();
  });

  it('PayPal: a declined card and a cancelled payment are said on the return pages and in the dialog', async () => {
    const m = await createMember({ name: 'Dee Decline', gpa: true });
    await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);

    // Decline card: the capture is declined, the purchase rejected with the spec's words (spec 2 §8).
    let settle = await buyDollars(page, '12', 'PayPal');
    let popup = page.context().waitForEvent('page');
    await settle.getByRole('button', { name: 'Confirm' }).click();
    let paypal = await popup;
    await paypal.getByRole('button', { name: 'Decline card' }).click();
    await paypal.waitForURL(/\/paypal\/return\?token=/);
    await paypal.getByText('Rejected', { exact: true }).waitFor();
    await paypal.getByText(messages.onlinePurchaseFailed).waitFor();
    await splashGone(paypal);
    await shot(paypal, 'online-paypal-return-declined');
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Rejected', { exact: true }).waitFor();
    await paypal.close();
    await page.keyboard.press('Escape');

    // Cancel at PayPal: the cancel page cancels the purchase and says so.
    settle = await buyDollars(page, '13', 'PayPal');
    popup = page.context().waitForEvent('page');
    await settle.getByRole('button', { name: 'Confirm' }).click();
    paypal = await popup;
    await paypal.getByRole('button', { name: 'Cancel' }).click();
    await paypal.waitForURL(/\/paypal\/cancel\?token=/);
    await paypal.getByText(`${messages.onlinePurchaseCancelled}: nothing was taken`).waitFor();
    await paypal.getByRole('button', { name: 'Close this window' }).waitFor();
    await splashGone(paypal);
    await shot(paypal, 'online-paypal-cancelled');
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Rejected', { exact: true }).waitFor();
    await expect(balance(m.id, 'Q')).resolves.toBe('0');
    await page.context().close();
  });

  it('COINQVEST: not a customer → /register-qvest → checkout in a new window → paid → completed', async () => {
    const m = await createMember({ name: 'Quinn Qvest', gpa: true });
    await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);

    const first = await buyDollars(page, '30', 'COINQVEST');
    await first.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/register-qvest');
    const form = page.getByRole('form', { name: 'COINQVEST member registration' });
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText(messages.qvestFirstNameRequired).waitFor();
    await form.getByText(messages.qvestCompanyRequired).waitFor();
    await form.getByText(messages.qvestPhoneNumberRequired).waitFor();
    expect(await form.getByLabel('Country').inputValue()).toBe('United States');
    await shot(page, 'online-register-qvest-errors-1280');
    await form.getByLabel('First name').fill('Quinn');
    await form.getByLabel('Last name').fill('Qvest');
    await form.getByLabel('Company').fill('Qvest Holdings');
    await form.getByLabel('Address line 1').fill('1 Market Street');
    await form.getByLabel('Zip code').fill('94105');
    await form.getByLabel('City').fill('San Francisco');
    await form.getByLabel('Phone number').fill('+1 415 555 0100');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/liquidity-tokens');
    await page.getByText(messages.coinqvestCustomerSaved).first().waitFor();

    const settle = await buyDollars(page, '30', 'COINQVEST');
    const popup = page.context().waitForEvent('page');
    await settle.getByRole('button', { name: 'Confirm' }).click();
    const checkout = await popup;
    await checkout.waitForURL(/\/sandbox\/coinqvest\/pay\//);
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Pending', { exact: true }).waitFor();
    await shot(checkout, 'online-coinqvest-checkout');
    await checkout.getByRole('button', { name: /^Pay 30\.00 USD/ }).click();

    await checkout.waitForURL(/\/coinqvest\/return\?purchaseId=/);
    await checkout.getByRole('heading', { name: 'COINQVEST payment' }).waitFor();
    await checkout.getByText(messages.onlinePurchaseCaptured).waitFor();
    await splashGone(checkout);
    await shot(checkout, 'online-coinqvest-return-completed');
    await settle.getByRole('region', { name: 'Purchase status' }).getByText('Completed', { exact: true }).waitFor();
    await shot(page, 'online-coinqvest-dialog-completed-1280');
    await expect(balance(m.id, 'Q')).resolves.toBe('30');
    await page.context().close();
  });
});
