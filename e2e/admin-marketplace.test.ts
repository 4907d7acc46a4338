import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, look, openBackOffice, overflowsSideways } from './admin-support.ts';
import { apiLogin, asAdmin, baseUrl, createMember, DESKTOP, newPage, PHONE, sql } from './browser.ts';

/**
 * Issue 17 item 7, the marketplace in the back office: a member lists XAG, another buys part of it (through
 * the API, as the member app does); the Marketplace screen lists the ad with its owner, price, what is left
 * and sold; a support administrator reads it without Hide; an operator hides it with a reason (required) and
 * the unsold units go back from escrow to the owner; an ad closed meanwhile by its owner is said in the
 * dialog. Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();

async function memberCall(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      'idempotency-key': randomUUID(),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An activated member with membership data holding `amount` of `asset`, signed in by API. */
async function memberWith(name: string, asset: string, amount: string) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
    email: m.email,
    asset,
    amount,
    reason: 'Opening balance',
  });
  expect(credit.status, JSON.stringify(credit.json)).toBe(200);
  return { ...m, token: await apiLogin(m.email, m.password) };
}

/** POST marketplace/ad: `numShares` XAG at `price` Q a unit; the ad's id. */
async function listXag(member: { token: string }, numShares: string, pricePerShare: string, description: string) {
  const res = await memberCall(member.token, 'POST', '/api/marketplace/ad', {
    type: 'sell',
    coinType: 'native',
    numShares,
    pricePerShare,
    walletId: 'XAG',
    description,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { data: { _id: string } }).data._id;
}

const balanceOf = async (userId: string, asset: string) =>
  (
    await sql<{ balance: string }>(
      `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
      [userId, asset],
    )
  )[0]?.balance ?? '0';

const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const adDialog = (page: Page) => page.getByRole('dialog', { name: /^Ad of / });
const adRow = (page: Page, email: string, text: string) =>
  page.getByRole('row').filter({ hasText: email }).filter({ hasText: text });

describe('back office marketplace', () => {
  it('lists members’ ads and hides an abusive one with a reason, its escrow returned', async () => {
    const found: string[] = [];
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const support = await enrolledAdministrator('support', suite.dataDir);
    const seller = await memberWith('Sally Seller', 'XAG', '10');
    const buyer = await memberWith('Bruno Buyer', 'Q', '500');

    const abusive = await listXag(seller, '5', '30', 'Cheap silver, write to me outside the vault');
    const bought = await memberCall(buyer.token, 'POST', '/api/marketplace/exchange', {
      adId: abusive,
      numShares: '2',
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    const other = await listXag(seller, '1', '31', 'One more ounce');
    expect(await balanceOf(seller.id, 'XAG')).toMatch(/^4(\.0+)?$/);

    // Support reads the ads and one in full, without Hide.
    const supportPage = await newPage(suite.browser, DESKTOP);
    await openBackOffice(supportPage, support.token, '/admin/overview');
    await supportPage.getByRole('link', { name: 'Marketplace' }).click();
    await supportPage.getByRole('heading', { name: 'Marketplace ads', level: 1 }).waitFor();
    await adRow(supportPage, seller.email, '3.0000 XAG left').getByRole('button', { name: 'View' }).click();
    await adDialog(supportPage).getByText('Your role may see this ad but not hide it.').waitFor();
    await expect(adDialog(supportPage).getByRole('button', { name: 'Hide ad' }).count()).resolves.toBe(0);
    await supportPage.close();

    // The operator's list: owner, offer, price, sold of listed, trades, status (units to XAG's 4 decimals).
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, operator.token, '/admin/marketplace');
    const row = adRow(page, seller.email, '3.0000 XAG left');
    await row.waitFor();
    const text = await row.textContent();
    for (const part of ['Sally Seller', '30 Q', '2.0000', 'of 5.0000 · 1 trade', 'Active'])
      expect(text).toContain(part);
    await look(page, 'admin-marketplace-1280', found);

    // Hide: a reason is required; the 3 unsold XAG go back to the seller.
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = adDialog(page);
    await dialog.getByText('Cheap silver, write to me outside the vault').waitFor();
    await look(page, 'admin-marketplace-ad-1280', found);
    await dialog.getByRole('button', { name: 'Hide ad' }).click();
    const reason = page.getByRole('dialog', { name: 'Hide this ad?' });
    await reason.getByRole('button', { name: 'Hide ad' }).click();
    await reason.getByText(messages.rejectionReasonRequired).waitFor();
    await look(page, 'admin-marketplace-hide-1280', found);
    await reason.getByLabel(/^Reason/).fill('Asks buyers to pay outside the vault');
    await reason.getByRole('button', { name: 'Hide ad' }).click();
    await notice(page, `${messages.marketplaceAdHidden}. 3.0000 XAG returned to ${seller.email}.`).waitFor();
    await expect.poll(() => adRow(page, seller.email, '3.0000 XAG left').count()).toBe(0);
    expect(await balanceOf(seller.id, 'XAG')).toMatch(/^7(\.0+)?$/);
    const [hidden] = await sql<{ status: string; hidden_reason: string }>(
      'select status, hidden_reason from marketplace_ads where id = $1',
      [abusive],
    );
    expect(hidden).toEqual({ status: 'hidden', hidden_reason: 'Asks buyers to pay outside the vault' });
    await page.getByRole('button', { name: 'Hidden', exact: true }).click();
    await page.waitForURL('**/admin/marketplace?status=hidden');
    await adRow(page, seller.email, '3.0000 XAG returned').getByRole('button', { name: 'View' }).click();
    await dialog.getByText('Asks buyers to pay outside the vault').waitFor();
    await dialog.getByText('Close', { exact: true }).click();

    // Closed meanwhile by its owner: said in the dialog, no Hide any more.
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.waitForURL('**/admin/marketplace');
    await adRow(page, seller.email, '1.0000 XAG left').getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Hide ad' }).click();
    const deleted = await memberCall(seller.token, 'DELETE', `/api/marketplace/ad?ad_id=${other}`);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    await reason.getByLabel(/^Reason/).fill('Duplicate listing');
    await reason.getByRole('button', { name: 'Hide ad' }).click();
    await dialog.getByText('The list shows the ad as it is now.').waitFor();
    await expect(dialog.getByRole('button', { name: 'Hide ad' }).count()).resolves.toBe(0);
    await look(page, 'admin-marketplace-closed-1280', found);
    await dialog.getByText('Close', { exact: true }).click();
    expect(await balanceOf(seller.id, 'XAG')).toMatch(/^8(\.0+)?$/);

    // On a phone: the list and an ad fit.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, operator.token, '/admin/marketplace?status=all');
    const phoneRow = adRow(phone, seller.email, '3.0000 XAG returned');
    await phoneRow.waitFor();
    await look(phone, 'admin-marketplace-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phoneRow.getByRole('button', { name: '3.0000 XAG returned' }).click();
    await adDialog(phone).getByText('Asks buyers to pay outside the vault').waitFor();
    await look(phone, 'admin-marketplace-ad-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);

    await phone.close();
    await page.close();
    expect(found).toEqual([]);
  }, 300_000);
});
