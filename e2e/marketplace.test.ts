import { randomBytes } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launch,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  PHONE,
  realtimeConnected,
  samePersonOn,
  shot,
  signInToDashboard,
} from './browser.ts';
import { axeFindings, balanceOf, sideways, toastText, vestMember } from './vest-fixtures.ts';

/**
 * Issue 17 items 4-6 (member web), two members live: a member holding XAG lists part of it from the XAG token
 * detail's Exchange (/silent-wave?mode=sell&coin=XAG: 'Value is Required', 'Quantity is Required', a ninth
 * decimal refused, Total = value × quantity), the units go to escrow and /marketplace opens on their ads;
 * another member finds the ad in Acquire mode by searching (the 2000 ms debounce), opens it and acquires part
 * of it (the total, the confirmation): both balances move, the buyer's XAG history says Acquired From
 * Marketplace and the seller's Exchanged, and the seller's open list shows the units sold without a reload.
 * The seller deactivates the ad (confirmation), the buyer can no longer buy, the seller deletes it and gets
 * the unsold rest back. Phone width without sideways scroll, axe clean.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const error = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('the member marketplace', () => {
  it('a member lists XAG, another buys part of it live, the seller deactivates and deletes the rest', async () => {
    const tag = `e2e-${randomBytes(3).toString('hex')}`;
    const seller = await vestMember('Sally Seller', { xag: '10' });
    const buyer = await vestMember('Bruno Buyer', { q: '500' });

    // ── The seller lists 4 XAG at 25 Q from the XAG token detail's Exchange ──
    const sell = await newPage(browser);
    await signInToDashboard(sell, seller.email, seller.password);
    await open(sell, '/vault-graph?coin=XAG');
    await sell.getByRole('button', { name: 'Exchange', exact: true }).click();
    await sell.waitForURL('**/silent-wave?mode=sell&coin=XAG');
    // A reload keeps the form: the mode and the token are in the address.
    await sell.reload();
    const form = sell.getByRole('form', { name: /List .* on CQR Vest/ });
    await form.getByText('10.0000 XAG').waitFor();
    await form.getByText('CQR (Q)').waitFor();
    await form.getByRole('button', { name: 'Post' }).click();
    await error(sell, messages.marketplaceValueRequired).waitFor();
    await error(sell, messages.marketplaceQuantityRequired).waitFor();
    const value = form.getByLabel('Value Per Unit (Q)');
    const quantity = form.getByLabel('Quantity (Tokens)');
    await quantity.pressSequentially('1.123456789');
    expect(await quantity.inputValue()).toBe('1.12345678');
    await quantity.fill('11');
    await value.fill('25');
    await form.getByRole('button', { name: 'Post' }).click();
    await error(sell, messages.marketplaceInsufficientUnits).waitFor();
    await shot(sell, 'marketplace-sell-messages');
    expect(await axeFindings(sell)).toEqual([]);
    await quantity.fill('4');
    await form.getByText('100.00 Q').waitFor();
    await form.getByLabel('Description (optional)').fill(`Fine silver ${tag}`);
    await shot(sell, 'marketplace-sell-form');
    await form.getByRole('button', { name: 'Post' }).click();
    await toastText(sell, messages.listingPosted).waitFor();
    await sell.waitForURL('**/marketplace?mode=exchange');
    const ownCard = sell.getByRole('list', { name: 'Your ads' }).getByTestId('ad-card').filter({ hasText: tag });
    await ownCard.getByText('4.0000 XAG').waitFor();
    await ownCard.getByText('Active').waitFor();
    expect(await balanceOf(seller.id, 'XAG')).toBe('6');
    await shot(sell, 'marketplace-exchange-mode');
    expect(await axeFindings(sell)).toEqual([]);
    await realtimeConnected(sell);
    await markNotReloaded(sell);

    // ── The buyer finds it by searching in Acquire mode and takes 1.5 XAG ──
    const buy = await newPage(browser);
    await signInToDashboard(buy, buyer.email, buyer.password);
    await buy.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'CQR Vest' }).click();
    await buy.waitForURL('**/marketplace');
    await buy.getByRole('tab', { name: 'Acquire' }).click();
    await buy.waitForURL('**/marketplace?mode=acquire');
    await buy.getByLabel('Search', { exact: true }).fill(tag);
    // The list asks again only after a 2000 ms pause in the typing.
    await buy.waitForURL(`**/marketplace?mode=acquire&keyword=${tag}`, { timeout: 6_000 });
    const card = buy.getByRole('list', { name: 'Ads' }).getByTestId('ad-card');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await card.getByText('Listed by Sally Seller').waitFor();
    await card.getByText('25.00 Q').waitFor();
    // The value filter and the sort: Enter applies the bounds at once (no wait), the sort applies when chosen.
    await buy.getByLabel('Value to (Q)').fill('20');
    await buy.getByLabel('Value to (Q)').press('Enter');
    await buy.waitForURL(`**/marketplace?mode=acquire&keyword=${tag}&price_to=20`);
    await buy.getByText('No ads match your search.').waitFor();
    await buy.getByLabel('Value from (Q)').fill('20');
    await buy.getByLabel('Value to (Q)').fill('30');
    await buy.getByLabel('Value to (Q)').press('Enter');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await buy.getByLabel('Sort by').selectOption('price_high_to_low');
    await buy.waitForURL('**/marketplace?*sort=price_high_to_low');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(buy, 'marketplace-acquire-mode');
    expect(await axeFindings(buy)).toEqual([]);
    await card.getByRole('link', { name: /^Get Now/ }).click();
    await buy.waitForURL('**/marketplace-details?ad=*');
    await buy.reload();
    const acquire = buy.getByRole('region', { name: 'Acquire' });
    const units = acquire.getByLabel('Number of units');
    await units.fill('5');
    await acquire.getByRole('button', { name: 'Acquire' }).click();
    await acquire.getByText(/Only 4\.0000 units are left/).waitFor();
    await units.fill('1.5');
    await acquire.getByText('37.50 Q').waitFor();
    await acquire.getByRole('button', { name: 'Acquire' }).click();
    const confirm = buy.getByRole('dialog', { name: messages.adAcquireConfirm });
    await confirm.getByText('1.5000 XAG').waitFor();
    // Cancel has the focus first: Enter pressed twice must not pay.
    await expect.poll(() => buy.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shot(buy, 'marketplace-acquire-confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await acquire
      .getByRole('status')
      .getByText(/1\.5000 XAG for 37\.50 Q/)
      .waitFor();
    await buy
      .getByRole('region', { name: /Silver|XAG/ })
      .getByText('2.5000 XAG')
      .first()
      .waitFor();
    await shot(buy, 'marketplace-acquired');
    expect(await axeFindings(buy)).toEqual([]);
    expect(await balanceOf(buyer.id, 'XAG')).toBe('1.5');
    expect(await balanceOf(buyer.id, 'Q')).toBe('462.5');
    expect(await balanceOf(seller.id, 'Q')).toBe('37.5');

    // The seller's open list shows the sale without a reload.
    await ownCard.getByText('1.5000 XAG').waitFor();
    await ownCard.getByText('2.5000 XAG').waitFor();
    expect(await notReloaded(sell)).toBe(true);

    // Both histories name the trade (spec 2 §4 titles).
    const buyerXag = await samePersonOn(browser, buy, PHONE);
    await open(buyerXag, '/vault-graph?coin=XAG');
    await buyerXag
      .getByRole('region', { name: 'Transaction History' })
      .getByText('Acquired From Marketplace')
      .waitFor();
    expect(await sideways(buyerXag)).toBe(0);
    const sellerXag = await samePersonOn(browser, sell, PHONE);
    await open(sellerXag, '/vault-graph?coin=XAG');
    await sellerXag.getByRole('region', { name: 'Transaction History' }).getByText('Exchanged').first().waitFor();

    // ── The seller deactivates it: the buyer can no longer buy ──
    await ownCard.getByRole('link', { name: /^See Details/ }).click();
    await sell.waitForURL('**/own-add-details?ad=*');
    const manage = sell.getByRole('region', { name: 'Manage your ad' });
    await manage.getByRole('button', { name: 'Deactivate' }).click();
    const deactivate = sell.getByRole('dialog', { name: messages.adDeactivateConfirm });
    await expect.poll(() => sell.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shot(sell, 'marketplace-deactivate-confirm');
    expect(await axeFindings(sell)).toEqual([]);
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await toastText(sell, messages.marketplaceAdDeactivated).waitFor();
    await manage.getByRole('button', { name: 'Activate' }).waitFor();
    await sell.getByText('Deactivated', { exact: true }).first().waitFor();
    await shot(sell, 'marketplace-own-ad');

    await units.fill('1');
    await acquire.getByRole('button', { name: 'Acquire' }).click();
    await buy.getByRole('dialog', { name: messages.adAcquireConfirm }).getByRole('button', { name: 'Confirm' }).click();
    // The server's reason (a paused ad is its owner's alone: unknown to others, or not available), kept in a toast.
    await buy
      .locator('[data-sonner-toast]')
      .getByText(new RegExp(`^(${messages.marketplaceAdUnknown}|${messages.marketplaceAdNotAvailable})$`))
      .waitFor();
    await buy.getByText('This ad does not exist or is no longer listed.').waitFor();
    await shot(buy, 'marketplace-acquire-refused');
    expect(await balanceOf(buyer.id, 'XAG')).toBe('1.5');
    // Nor does it show in the listing any more.
    await open(buy, `/marketplace?mode=acquire&keyword=${tag}`);
    await buy.getByText('No ads match your search.').waitFor();

    // ── The seller deletes it and gets the unsold 2.5 XAG back ──
    await manage.getByRole('button', { name: 'Delete' }).click();
    const remove = sell.getByRole('dialog', { name: messages.adDeleteConfirm });
    await remove.getByText(/2\.5000 XAG not acquired return to your vault/).waitFor();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await toastText(sell, messages.marketplaceAdDeleted).waitFor();
    await sell.waitForURL('**/marketplace?mode=exchange');
    expect(await balanceOf(seller.id, 'XAG')).toBe('8.5');
    await sell.getByText('You have no ads.', { exact: false }).waitFor();

    // Phone width: the marketplace in both modes and an ad without sideways scroll.
    const phone = await samePersonOn(browser, buy, PHONE);
    await open(phone, '/marketplace?mode=acquire');
    await phone.getByRole('tab', { name: 'Acquire', selected: true }).waitFor();
    expect(await sideways(phone)).toBe(0);
    await shot(phone, 'marketplace-phone');
    await open(phone, '/marketplace?mode=exchange');
    await phone.getByRole('tab', { name: 'Exchange', selected: true }).waitFor();
    expect(await sideways(phone)).toBe(0);
  });
});
