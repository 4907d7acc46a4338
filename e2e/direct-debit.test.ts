import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, createMember, launch, newPage, open, shot, signInToDashboard, splashGone, sql } from './browser.ts';

/**
 * Issue 13, GoCardless (spec 2 §2 Direct-debit result page, §3 Customer registration for the direct-debit
 * provider, §5 its messages): an activated member buys CQR Dollars by Go cardless. The settlement dialog asks
 * the direct-debit customer's details, GoCardless' page (our sandbox) opens in a new window, "Set up direct
 * debit" sends the payer back to /direct-debit which completes the set-up and offers Finalize Flow; the
 * payment is confirmed at the sandbox, its signed webhook settles the purchase, and the dashboard shows the
 * tokens and the transaction Completed.
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

describe('funding by direct debit (GoCardless sandbox)', () => {
  it('a member pays by Go cardless: form, sandbox page, /direct-debit, confirmed payment, tokens', async () => {
    const m = await createMember({ name: 'Gwen Debit Cardless', gpa: true });
    await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);

    // 1. CQR Dollars for $25.00, settled by Go cardless.
    await open(page, '/liquidity-tokens');
    await page.getByRole('heading', { name: 'Get CQR Dollars' }).waitFor();
    await page.getByLabel('Amount of Q').fill('25');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a settlement method' });
    await dialog.getByRole('button', { name: /^Go cardless/ }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // 2. The customer form, prefilled from the account; the spec's messages.
    const form = dialog.getByRole('form', { name: 'Direct debit customer' });
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe(m.email);
    await expect(form.getByLabel('Given name').inputValue()).resolves.toBe('Gwen Debit');
    await expect(form.getByLabel('Family name').inputValue()).resolves.toBe('Cardless');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone number').fill('123');
    await form.getByRole('button', { name: 'Continue to direct debit' }).click();
    await form.getByText(messages.ddEmailInvalid).waitFor();
    await form.getByText(messages.ddPhoneTooShort).waitFor();
    await form.getByText(messages.ddAddressRequired).waitFor();
    await shot(page, 'direct-debit-form-errors-1280');
    await form.getByLabel('Email').fill(m.email);
    await form.getByLabel('Phone number').fill('+1 207 555 0100');
    await form.getByLabel('Company name').fill('Cardless LLC');
    await form.getByLabel('Address').fill('12 Mill Street');
    await form.getByLabel('City').fill('Portland');
    await form.getByLabel('Postal code').fill('04101');

    // 3. GoCardless' page (the sandbox) in a new window.
    const opened = page.context().waitForEvent('page');
    await form.getByRole('button', { name: 'Continue to direct debit' }).click();
    const gc = await opened;
    await gc.waitForLoadState();
    await gc.getByRole('heading', { name: 'Set up a Direct Debit' }).waitFor();
    await gc.getByText('12 Mill Street, Portland, 04101').waitFor();
    await shot(gc, 'direct-debit-sandbox-page-1280');
    await dialog.getByRole('link', { name: 'Open the direct debit page' }).waitFor();

    // 4. Back on /direct-debit: set up, Finalize Flow opens the confirmation page.
    await gc.getByRole('button', { name: 'Set up direct debit' }).click();
    await gc.waitForURL(/\/direct-debit\?redirect_flow_id=RE[0-9A-Z]+$/);
    await gc.getByText(messages.ddSetUp).waitFor();
    await gc.getByText('Waiting for GoCardless to confirm the payment.').waitFor();
    await splashGone(gc);
    await shot(gc, 'direct-debit-set-up-1280');
    const confirmation = gc.context().waitForEvent('page');
    await gc.getByRole('button', { name: 'Finalize Flow' }).click();
    const confirmed = await confirmation;
    await confirmed.getByText('Your Direct Debit Instruction is set up.').waitFor();
    await confirmed.close();

    // 5. The payment confirmed at the sandbox: its signed webhook settles the purchase.
    const [purchase] = await sql<{ provider_ref: string | null; order_id: string }>(
      `select provider_ref, order_id from purchases where user_id = $1 and method = 'goCardless'`,
      [m.id],
    );
    expect(purchase?.provider_ref).toMatch(/^PM/);
    const res = await fetch(`${baseUrl()}/sandbox/gocardless/payments/${purchase!.provider_ref}/actions/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'confirmed' }),
    });
    expect(res.status).toBe(200);
    await gc.getByText('25.00 tokens issued.').waitFor({ timeout: 20_000 });
    await gc.evaluate(() => window.scrollTo(0, 0));
    await shot(gc, 'direct-debit-completed-1280');
    await gc.close();

    // 6. The dashboard: the tokens and the transaction Completed.
    await expect.poll(() => balance(m.id, 'Q'), { timeout: 10_000 }).toBe('25');
    await open(page, '/cryptocurrency');
    const row = page.locator('section[aria-labelledby="transactions-heading"]').getByTestId('transaction-row').first();
    await row.filter({ hasText: 'Completed' }).waitFor();
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'direct-debit-dashboard-1280');
  });

  it('/direct-debit is public: a payer without a session signs in and comes back to it; another flow is refused', async () => {
    const m = await createMember({ name: 'Sam Signin', gpa: true });
    const page = await newPage(browser);
    await open(page, '/direct-debit?redirect_flow_id=RE0000NOTMINE');
    await page.getByText('Sign in to finish setting up your direct debit.').waitFor();
    await shot(page, 'direct-debit-sign-in-1280');
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(m.email);
    await dialog.getByLabel('Password', { exact: true }).fill(m.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/direct-debit\?redirect_flow_id=RE0000NOTMINE$/);
    await page.getByText(messages.ddFlowUnknown).waitFor();
  });
});
