import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { wireIssue } from '@vault/contract/schemas/funding';
import { describe, expect, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, openBackOffice } from './admin-support.ts';
import {
  createMember,
  drawSignature,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  realtimeConnected,
  shot,
  signInToDashboard,
  sql,
} from './browser.ts';

/**
 * Issue 12's "Done when": a member with no balance reaches an activated, funded vault by direct wire in a real
 * browser. They add a remittance address with a drawn signature, contribute the activation amount from the
 * dashboard's Top-Up, see the bank details to pay into and the wire pending in their transactions; an operator
 * records it received in the back office; the member's open dashboard shows the tokens, the activation and the
 * wire completed without a reload.
 */

const suite = backOfficeSuite();

async function balance(userId: string, asset: string) {
  const [row] = await sql<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
    [userId, asset],
  );
  return row ? normalize(row.balance) : '0';
}

describe('funding by direct wire', () => {
  it('a new member funds and activates their vault by direct wire; an operator records it; all live', async () => {
    const m = await createMember({ name: 'Dana Directwire', gpa: true });
    const page = await newPage(suite.browser);
    await signInToDashboard(page, m.email, m.password);
    await page.getByText('Your vault is not activated yet').waitFor();

    // 1. A remittance address, signed on the pad (the remittance hub, from the settings' section 3).
    await open(page, '/settings');
    await page.getByRole('link', { name: 'Open Direct Wire Exchange' }).click();
    await page.waitForURL('**/remittance?tab=exchange');
    await page.getByRole('button', { name: 'Add address', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add remittance address' });
    await form.getByLabel('Name', { exact: true }).fill('Dana Directwire');
    await form.getByLabel('Email', { exact: true }).fill('dana.bank@example.com');
    await form.getByLabel('Street address').fill('9 Harbor Road');
    await form.getByLabel('City').fill('Portland');
    await form.getByLabel('State').fill('ME');
    await form.getByLabel('Zip code').fill('04101');
    await drawSignature(page, form.getByRole('img', { name: 'Signature drawing area' }));
    await form.getByLabel(/I have read and agree/).check();
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByText(messages.remittanceAddressSaved).first().waitFor();
    // The first address is the primary one (the star).
    await expect
      .poll(() => page.getByRole('button', { name: 'Primary address: Dana Directwire' }).getAttribute('aria-pressed'))
      .toBe('true');

    // 2. The dashboard's Top-Up: Member Activation with the required amount; Open fills it in.
    await open(page, '/cryptocurrency');
    await page.getByRole('list', { name: 'Wallet actions' }).getByRole('button', { name: 'Top-Up' }).click();
    await page.waitForURL('**/vault-token');
    await page.getByRole('heading', { name: 'Member Activation', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open' }).click();
    const amount = await page.getByLabel('Amount of Q').inputValue();
    expect(Number.parseFloat(amount)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    const settle = page.getByRole('dialog', { name: 'Choose a settlement method' });
    await settle.getByRole('button', { name: /^Direct wire/ }).click();
    await settle.getByText('Are you sure you want to perform this action using Direct wire?').waitFor();
    await settle.getByRole('button', { name: 'Confirm' }).click();

    // 3. The summary: the primary address, the terms, then the bank details to pay into.
    await page.waitForURL('**/direct-wire');
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page.getByText('9 Harbor Road', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.termsRequired).first().waitFor();
    await page.getByLabel('I agree to the terms and conditions.').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Direct wire request created', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Domestic wire (US)' }).waitFor();
    await page.getByRole('heading', { name: 'International wire' }).waitFor();
    await page.getByRole('heading', { name: 'Zelle' }).waitFor();
    await page.getByText(/Thank you! Please remit .* within 3 days \(72 hours\)/).waitFor();
    await shot(page, 'funding-direct-wire-created-1280');
    const [wire] = await sql<{ id: string; order_id: string; amount_usd: string; fee_usd: string; token_rate: string }>(
      `select id, order_id, amount_usd::text, fee_usd::text, token_rate::text from purchases where user_id = $1`,
      [m.id],
    );
    expect(wire).toBeDefined();
    await page.getByText(`Order ${wire!.order_id}`).waitFor();

    // 4. The dashboard: the wire pending in the transactions list; the page stays open from here on.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/cryptocurrency');
    const transactions = page.locator('section[aria-labelledby="transactions-heading"]');
    const row = transactions.getByTestId('transaction-row').first();
    await row.filter({ hasText: 'Pending' }).waitFor();
    expect(await row.textContent()).toContain('Wallet Activation by Direct Wire');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'funding-transactions-pending-1280');
    await realtimeConnected(page);
    await markNotReloaded(page);

    // 5. An operator records the wire received in the back office: the amount expected, less the fee.
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const office = await newPage(suite.browser);
    await openBackOffice(office, operator.token, '/admin/wires');
    await office.getByRole('row').filter({ hasText: wire!.order_id }).getByRole('button', { name: 'Review' }).click();
    const detail = office.getByRole('dialog');
    await detail.getByRole('button', { name: 'Record received' }).click();
    const received = normalize(wire!.amount_usd);
    expect(await detail.getByLabel('Amount received (USD)').inputValue()).toBe(received);
    await detail.getByRole('button', { name: 'Record received' }).click();
    const tokens = wireIssue(received, normalize(wire!.fee_usd), normalize(wire!.token_rate), 2).tokens;
    await office.getByRole('status').filter({ hasText: messages.wireReceived }).waitFor();
    await shot(office, 'funding-admin-wire-recorded-1280');
    await office.close();

    // 6. The member's open dashboard, live: the vault activated, the tokens there, the wire completed.
    await page.getByText('Your vault is not activated yet').waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Completed' }).waitFor();
    await expect(balance(m.id, 'Q')).resolves.toBe(tokens);
    await expect
      .poll(() => page.getByRole('list', { name: 'Wallet actions' }).getByRole('button').allTextContents())
      .toEqual(['Withdrawal', 'Top-Up', 'Send', 'Swap']);
    await expect(notReloaded(page)).resolves.toBe(true);
    await row.click();
    const txDetail = page.getByRole('dialog');
    await txDetail.getByText(wire!.order_id).waitFor();
    await shot(page, 'funding-transaction-completed-1280');
    await page.keyboard.press('Escape');
    const [user] = await sql<{ is_wallet_activated: boolean }>('select is_wallet_activated from users where id = $1', [
      m.id,
    ]);
    expect(user!.is_wallet_activated).toBe(true);
    await page.context().close();
  });

  it('the receive-address screen: a token selector, the QR code and the address copied', async () => {
    const page = await newPage(suite.browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToDashboard(page, 'member@vault.local', 'Member2026!');
    await open(page, '/DepositAddress');
    const section = page.getByRole('region', { name: 'Deposit address' });
    await section.getByLabel('Token').selectOption('ETH');
    await section.getByRole('img', { name: /QR code of your .* \(ETH\) deposit address/ }).waitFor();
    await section.getByRole('button', { name: 'Copy address' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await section.getByText(copied, { exact: true }).waitFor();
    await shot(page, 'funding-deposit-address-1280');
    await page.context().close();
  });
});
