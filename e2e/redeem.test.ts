import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  asAdmin,
  baseUrl,
  createMember,
  launch,
  newPage,
  open,
  PHONE,
  realtimeConnected,
  samePersonOn,
  shot,
  signInToDashboard,
  sql,
} from './browser.ts';

/**
 * Issue 14 items 2 and 5 (web): a member redeems Q to an Argentine bank account through COINQVEST at
 * /withdrawal — every message of an empty form, 'Insufficient Balance', the bank's form, the confirmation —
 * and sees the request pending in the redeem history with its expected credit time; the tokens are on hold.
 * The same screen on a phone has no sideways scroll.
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

/** A fresh activated member with membership data and opening balances issued by the treasury (lots of today). */
async function activatedMember(name: string, balances: Record<string, string>) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  for (const [asset, amount] of Object.entries(balances)) {
    const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
      email: m.email,
      asset,
      amount,
      reason: 'Opening balance',
    });
    expect(credit.status).toBe(200);
  }
  return m;
}

describe('redeem through COINQVEST', () => {
  it('a member redeems Q to a bank account and sees the pending request in the history', async () => {
    const m = await createMember({ name: 'Rita Redeem', gpa: true });
    await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
    const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
      email: m.email,
      asset: 'Q',
      amount: '500',
      reason: 'Opening balance',
    });
    expect(credit.status).toBe(200);

    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await page.getByRole('list', { name: 'Wallet actions' }).getByRole('button', { name: 'Withdrawal' }).click();
    await page.waitForURL('**/withdrawal');
    await page.getByRole('heading', { name: 'Redeem', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Redeem through COINQVEST' });
    await expect.poll(() => form.getByLabel('Token', { exact: true }).inputValue()).toBe('Q');
    await form.getByText('Available balance:').waitFor();
    const history = page.getByRole('region', { name: 'Redeem history' });
    await history.getByText('No redeem requests yet.').waitFor();

    // The spec's messages: an amount is needed, a network, then the amount at the balance is refused.
    await form.getByRole('button', { name: 'Redeem' }).click();
    await form.getByText(messages.redeemAmountInvalid).waitFor();
    await form.getByText(messages.targetNetworkRequired).waitFor();
    await form.getByLabel('Amount', { exact: true }).fill('500');
    await form.getByLabel('Network').selectOption('BANK');
    await form.getByRole('button', { name: 'Redeem' }).click();
    await form.getByText(messages.redeemInsufficientBalance).waitFor();
    await form.getByText(messages.targetCbuRequired).waitFor();
    await form.getByText(messages.targetCuitPersonalRequired).waitFor();
    await shot(page, 'redeem-messages');

    // A bank account whose check digits hold, an amount below the balance.
    await form.getByLabel('Amount', { exact: true }).fill('120.5');
    await form.getByLabel('CBU', { exact: true }).fill('2850590940090418135201');
    await form.getByLabel('Personal CUIT/CUIL').fill('20-12345678-6');
    await form.getByRole('button', { name: 'Redeem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to perform this action using COINQVEST?' });
    await dialog.getByText('Bank transfer (Argentina)').waitFor();
    await shot(page, 'redeem-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const done = page.getByRole('region', { name: 'Redeem request received' });
    await done.getByText(messages.redeemRequested).waitFor();
    await done.getByText('10-15 working days after approval', { exact: true }).waitFor();

    // The history shows it pending, with the expected credit time; the tokens are held at once.
    const row = history.getByTestId('redemption-row');
    await row.getByText('Pending').waitFor();
    await row.getByText('Expected credit: 10-15 working days').waitFor();
    await row.getByText('120.50 Q').waitFor();
    await shot(page, 'redeem-pending');
    const [request] = await sql<{ status: string; target_network: string; amount: string }>(
      'select status, target_network, amount::text from redemptions where user_id = $1',
      [m.id],
    );
    expect(request).toMatchObject({ status: 'pending', target_network: 'BANK' });
    expect(normalize(request!.amount)).toBe('120.5');
    expect(await balance(m.id, 'Q')).toBe('379.5');

    // On a phone: the history is a list, and nothing scrolls sideways.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/withdrawal');
    const item = phone.getByRole('region', { name: 'Redeem history' }).getByTestId('redemption-item');
    await item.getByText('Expected credit: 10-15 working days').waitFor();
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await shot(phone, 'redeem-phone');
    await phone.close();
    await page.close();
  });
});

describe('the redeem history', () => {
  it('pages by 10: Next and Previous, with the page said', async () => {
    const m = await activatedMember('Polly Pages', { Q: '100' });
    const token = await apiLogin(m.email, m.password);
    for (let i = 1; i <= 11; i++) {
      const res = await fetch(`${baseUrl()}/api/coinqvest/request`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          amount: String(i),
          tokenId: 'Q',
          targetNetwork: 'BANK',
          targetAccount: { cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6' },
        }),
      });
      expect(res.status).toBe(200);
    }
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/withdrawal');
    const history = page.getByRole('region', { name: 'Redeem history' });
    const pager = history.getByRole('navigation', { name: 'Redeem history pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => history.getByTestId('redemption-row').count()).toBe(10);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => history.getByTestId('redemption-row').count()).toBe(1);
    // The oldest request: 1 Q.
    await history.getByTestId('redemption-row').getByText('1.00 Q').waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText('Page 1 of 2').waitFor();
    await page.close();
  });
});

describe('a redemption fee', () => {
  it('the form says the fee and what is paid out before the member confirms; the request keeps them', async () => {
    const m = await activatedMember('Fay Fee', { Q: '300' });
    // Settings are the platform's: set for this test only (e2e files run one at a time) and put back after.
    const setFee = (redemptionFeePercent: string) =>
      asAdmin('PUT', '/api/admin/settings/redemption-fee', { redemptionFeePercent });
    expect((await setFee('1.5')).status).toBe(200);
    try {
      const page = await newPage(browser);
      await signInToDashboard(page, m.email, m.password);
      await open(page, '/withdrawal');
      const form = page.getByRole('form', { name: 'Redeem through COINQVEST' });
      await expect.poll(() => form.getByLabel('Token', { exact: true }).inputValue()).toBe('Q');
      await form.getByLabel('Amount', { exact: true }).fill('100');
      await form.getByText('Redemption fee (1.5%): 1.50 Q · paid out $98.50').waitFor();
      await form.getByLabel('Network').selectOption('BANK');
      await form.getByLabel('CBU', { exact: true }).fill('2850590940090418135201');
      await form.getByLabel('Personal CUIT/CUIL').fill('20-12345678-6');
      await shot(page, 'redeem-fee');
      await form.getByRole('button', { name: 'Redeem' }).click();
      const dialog = page.getByRole('dialog', {
        name: 'Are you sure you want to perform this action using COINQVEST?',
      });
      await dialog.getByText('Redemption fee (1.5%)').waitFor();
      await dialog.getByText('$98.50').waitFor();
      await shot(page, 'redeem-fee-confirm');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const done = page.getByRole('region', { name: 'Redeem request received' });
      await done.getByText('1.50 Q · $98.50').waitFor();
      const history = page.getByRole('region', { name: 'Redeem history' });
      await history.getByTestId('redemption-row').getByText('Pending').waitFor();
      await shot(page, 'redeem-fee-done');
      const [request] = await sql<{ fee: string }>('select fee::text from redemptions where user_id = $1', [m.id]);
      expect(normalize(request!.fee)).toBe('1.5');
      // The whole 100 is on hold until a decision: the fee leaves with the rest on completion.
      expect(await balance(m.id, 'Q')).toBe('200');
      await page.close();
    } finally {
      expect((await setFee('0')).status).toBe(200);
    }
  });
});

describe('redeem by direct wire', () => {
  it('from the token detail: without a redeem address the member is led to add one; then redeems Q by wire', async () => {
    const m = await activatedMember('Wade Wire', { Q: '200', XAG: '10' });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);

    // The silver wallet's Redeem asks which rails; Direct wire opens the screen with silver chosen.
    await open(page, '/vault-graph?coin=XAG');
    await page.getByRole('list', { name: 'Silver actions' }).getByRole('button', { name: 'Redeem' }).click();
    await page
      .getByRole('dialog', { name: 'Redeem' })
      .getByRole('button', { name: /^Direct wire/ })
      .click();
    await page.waitForURL('**/withdrawal-directwire');
    await page.getByRole('heading', { name: 'Redeem by Direct Wire', level: 1 }).waitFor();
    const add = page.getByRole('link', { name: 'Add a redeem address' });
    await add.waitFor();
    expect(await add.getAttribute('href')).toBe('/remittance?tab=redeem');

    // A redeem address (the remittance hub's form is redeem-addresses.test.ts's).
    const token = await apiLogin(m.email, m.password);
    const res = await fetch(`${baseUrl()}/api/direct-wires/withdraw/address`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Main checking',
        accountTitle: 'Wade Wire',
        address: '7 Wire Street, Austin TX',
        accountNumber: '000123456789',
        bankName: 'First Bank',
        bankAddress: '1 Bank Plaza',
        zellePay: 'wade@example.com',
      }),
    });
    expect(res.status).toBe(200);
    await page.reload();
    const form = page.getByRole('form', { name: 'Redeem by direct wire' });
    await form.getByRole('radio', { name: /Main checking/ }).waitFor();

    // Silver bought today is not redeemable yet: the holding period's message; then Q, the address, Redeem.
    await form.getByText('Redeemable now (held 1 year and 1 day):').waitFor();
    await form.getByLabel('Amount', { exact: true }).fill('5');
    await form.getByRole('button', { name: 'Redeem' }).click();
    await form.getByText(/^Only tokens held for 1 year and 1 day can be redeemed: 0 XAG can be redeemed now/).waitFor();
    await form.getByText(messages.redeemAddressChoose).waitFor();
    await form.getByLabel('Token', { exact: true }).selectOption('Q');
    await form.getByLabel('Amount', { exact: true }).fill('200');
    await form.getByRole('radio', { name: /Main checking/ }).check();
    await form.getByRole('button', { name: 'Redeem' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Are you sure you want to perform this action using Direct wire?',
    });
    await dialog.getByText('Main checking · First Bank · ••••6789').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('region', { name: 'Redeem request received' }).getByText(messages.redeemRequested).waitFor();

    const row = page.getByRole('region', { name: 'Redeem history' }).getByTestId('redemption-row');
    await row.getByText('Pending').waitFor();
    await row.getByText('Direct wire').waitFor();
    await row.getByText('Expected credit: 10-15 working days').waitFor();
    await shot(page, 'redeem-direct-wire');
    expect(await balance(m.id, 'Q')).toBe('0');

    // An operator rejects it: the open screen shows Rejected live, the reason cut at 40 with Show more.
    const [request] = await sql<{ id: string }>('select id from redemptions where user_id = $1', [m.id]);
    const reason = 'The beneficiary bank returned the wire: the account number does not exist';
    const reject = await asAdmin('POST', `/api/admin/redemptions/${request!.id}/reject`, { reason });
    expect(reject.status).toBe(200);
    await row.getByText('Rejected').waitFor();
    await row.getByText(`Reason: ${reason.slice(0, 40)}…`).waitFor();
    const more = row.getByRole('button', { name: 'Show more of the rejection reason' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await row.getByText(`Reason: ${reason}`).waitFor();
    expect(
      await row.getByRole('button', { name: 'Show less of the rejection reason' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await row.getByText('Expected credit').count()).toBe(0);
    await shot(page, 'redeem-rejected');
    expect(await balance(m.id, 'Q')).toBe('200');
    await page.close();
  });
});

describe('redeem an asset token held 1 year and 1 day', () => {
  it('a member redeems silver held over a year to a bank account; an operator approves; the history says Approved', async () => {
    const m = await activatedMember('Sylvia Silver', { XAG: '10' });
    // Held for 400 days: every lot has passed 1 year and 1 day.
    await sql(
      `update asset_lots set acquired_at = now() - interval '400 days'
       where asset = 'XAG' and account_id in (select id from ledger_accounts where user_id = $1)`,
      [m.id],
    );
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/withdrawal');
    await realtimeConnected(page);
    const form = page.getByRole('form', { name: 'Redeem through COINQVEST' });
    await form.getByLabel('Token', { exact: true }).selectOption('XAG');
    await form.getByLabel('Amount', { exact: true }).fill('4');
    await form.getByLabel('Network').selectOption('BANK');
    await form.getByLabel('CBU', { exact: true }).fill('2850590940090418135201');
    await form.getByLabel('Personal CUIT/CUIL').fill('20-12345678-6');
    await form.getByRole('button', { name: 'Redeem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to perform this action using COINQVEST?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('region', { name: 'Redeem request received' }).getByText(messages.redeemRequested).waitFor();
    const row = page.getByRole('region', { name: 'Redeem history' }).getByTestId('redemption-row');
    await row.getByText('Pending').waitFor();
    expect(await balance(m.id, 'XAG')).toBe('6');

    // An operator approves: COINQVEST's sandbox takes the payout, the 4 XAG leave circulation, and the open
    // history says Approved without a reload.
    const [request] = await sql<{ id: string }>('select id from redemptions where user_id = $1', [m.id]);
    const approved = await asAdmin('POST', `/api/admin/redemptions/${request!.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    await row.getByText('Approved').waitFor();
    expect(await row.getByText('Expected credit').count()).toBe(0);
    await shot(page, 'redeem-xag-approved');
    const [done] = await sql<{ status: string; payout_ref: string | null }>(
      'select status, payout_ref from redemptions where id = $1',
      [request!.id],
    );
    expect(done).toMatchObject({ status: 'completed' });
    expect(done!.payout_ref).toMatch(/^wd_/);
    expect(await balance(m.id, 'XAG')).toBe('6');
    await page.close();
  });
});
