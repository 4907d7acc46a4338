import { fillMessage, messages } from '@vault/contract/messages';
import { multiply } from '@vault/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dollars, launch, newPage, open, shot, signInToDashboard, sql } from './browser.ts';

/**
 * The purchase flow's screens (issue 12, spec 2 §2 Funding screens, §5 Token purchase amount): the amount
 * form's messages, Member Activation before activation, the settlement dialog and the direct wire summary's
 * checks. The whole funding flow (address, wire, back office, activation) is its own test.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function member(name: string, values: { activated?: boolean; type?: 'member' | 'sdira' } = {}) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = $2, type = $3 where id = $1', [
    m.id,
    values.activated ?? false,
    values.type ?? 'member',
  ]);
  return m;
}

/** Types an amount, presses Continue and answers what the form's alert says. */
async function submitAmount(page: Page, label: string, amount: string) {
  await page.getByLabel(label).fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
  const alert = page.locator('form[aria-label] [role=alert]');
  await expect.poll(() => alert.textContent()).not.toBe('');
  return alert.textContent();
}

describe('purchase flow', () => {
  it('the amount form says every message of the spec, shows the USD live and opens the settlement dialog', async () => {
    const m = await member('Paula Purchase', { activated: true });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    // The dashboard's Top-Up leads to the purchase flow.
    await page.getByRole('list', { name: 'Wallet actions' }).getByRole('button', { name: 'Top-Up' }).click();
    await page.waitForURL('**/vault-token');
    await page.getByRole('heading', { name: 'Get assets' }).waitFor();
    await page.getByRole('link', { name: /Get Silver \(XAG\)/ }).click();
    await page.waitForURL('**/cqr-asset-tokens');
    await expect(page.getByRole('radio', { name: /Silver \(XAG\)/ }).isChecked()).resolves.toBe(true);

    const amount = 'Amount of XAG';
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('form[aria-label] [role=alert]').textContent()).toBe(messages.amountRequired);
    expect(await submitAmount(page, amount, 'abc')).toBe(messages.invalidAmount);
    expect(await submitAmount(page, amount, '-3')).toBe(messages.invalidAmount);
    expect(await submitAmount(page, amount, '1.123456789')).toBe(
      'number field must have 8 digits after decimal or less',
    );
    // The first asset purchase must reach 21 silver tokens' value (n to 3 decimals).
    expect(await submitAmount(page, amount, '5')).toBe(fillMessage(messages.firstAssetMinimum, { n: '21.000' }));
    // Nothing typed is lost on a bad input.
    await expect(page.getByLabel(amount).inputValue()).resolves.toBe('5');
    // 25.13 × the silver price now (another test file may have set it), live.
    const [silver] = await sql<{ price: string }>(`select price::text from native_tokens where coin_symbol = 'XAG'`);
    const cost = dollars(multiply('25.13', silver!.price, 2));
    await page.getByLabel(amount).fill('25.126');
    await page.getByText(cost).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Choose a settlement method' });
    await dialog.getByText(`You get 25.13 XAG (Silver) for ${cost}.`).waitFor();
    const methods = dialog.getByRole('list', { name: 'Settlement methods' }).getByRole('button');
    await expect.poll(() => methods.count()).toBe(4);
    await shot(page, 'purchase-settlement-dialog-1280');
    await dialog.getByRole('button', { name: /^Go cardless/ }).click();
    await dialog.getByText(fillMessage(messages.settlementConfirm, { method: 'Go cardless' })).waitFor();
    // Cancel has the focus: Enter twice does not confirm.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // Go cardless goes on to the direct-debit customer form (e2e/direct-debit.test.ts follows it through).
    await dialog.getByRole('form', { name: 'Direct debit customer' }).waitFor();
    await dialog.getByRole('button', { name: 'Choose another method' }).click();
    await dialog.getByRole('button', { name: /^Direct wire/ }).click();
    await dialog.getByText(fillMessage(messages.settlementConfirm, { method: 'Direct wire' })).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // The summary: the terms and a primary remittance address are required.
    await page.waitForURL('**/direct-wire');
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page.getByText('25.13 XAG').waitFor();
    await page.getByText(messages.selectPrimaryAddress).first().waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.termsRequired).first().waitFor();
    await page.getByLabel('I agree to the terms and conditions.').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('link', { name: 'Add a remittance address' }).waitFor();
    await shot(page, 'purchase-direct-wire-summary-1280');

    // The dollar form's maximum.
    await open(page, '/liquidity-tokens');
    await page.getByRole('heading', { name: 'Get CQR Dollars' }).waitFor();
    expect(await submitAmount(page, 'Amount of Q', '100000000')).toBe(messages.amountLessThen8);
  });

  it('a vault not activated shows Member Activation; Open prefills the activation amount', async () => {
    const m = await member('Nina Notactive');
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/liquidity-tokens');
    await page.getByRole('heading', { name: 'Member Activation' }).waitFor();
    await page.getByText('Required amount (USD)').waitFor();
    await page.getByRole('button', { name: 'Open' }).click();
    const prefilled = await page.getByLabel('Amount of Q').inputValue();
    expect(Number.parseFloat(prefilled)).toBeGreaterThan(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).resolves.toBe('decimal');
    expect(await submitAmount(page, 'Amount of Q', '1')).toMatch(/^Activation needs a contribution worth at least/);
    await shot(page, 'purchase-member-activation-form-1280');
  });

  it('the IRA flow offers no direct debit; /direct-wire without a purchase and /payment-selection', async () => {
    const m = await member('Ira Sdira', { activated: true, type: 'sdira' });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/cqr-asset-tokens');
    await page.getByRole('radio', { name: /Legacy Silver \(LXAG\)/ }).check();
    await page.getByLabel('Amount of LXAG').fill('30');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a settlement method' });
    await dialog.getByRole('button', { name: /^Direct wire/ }).waitFor();
    await expect(dialog.getByRole('button', { name: /^Go cardless/ }).count()).resolves.toBe(0);
    await expect(dialog.getByRole('button', { name: /^COINQVEST/ }).count()).resolves.toBe(1);
    await expect(dialog.getByRole('button', { name: /^PayPal/ }).count()).resolves.toBe(1);
    await page.keyboard.press('Escape');

    await open(page, '/direct-wire');
    await page.waitForURL('**/vault-token');
    await page.getByText(/the direct wire summary starts from there/).waitFor();
    await open(page, '/payment-selection');
    await page.getByText(messages.paymentSelectionComingSoon, { exact: true }).waitFor();
  });
});
