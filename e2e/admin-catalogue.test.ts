import { add, toFixed } from '@vault/contract/money';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../apps/admin/src/features/catalogue/format.ts';
import {
  adminApi,
  backOfficeSuite,
  enrolledAdministrator,
  look,
  openBackOffice,
  overflowsSideways,
} from './admin-support.ts';
import {
  apiLogin,
  baseUrl,
  createMember,
  DESKTOP,
  markNotReloaded,
  newPage,
  notReloaded,
  PHONE,
  realtimeConnected,
  signInToDashboard,
} from './browser.ts';

/**
 * The back office's catalogue (issue 11 item 3): an owner (created with `npm run admin -- create`, enrolled
 * with otplib codes) sets the silver price, and the graph shows the new point while a member's open dashboard
 * values their silver anew without a reload; hides gold, which leaves another member's open dashboard live
 * (the member who holds gold keeps it); edits a coin's colour and icon with the keyboard; reads and sets the
 * swap spread. A support administrator sees the same lists without change controls. Screens at 1280 and
 * 390 px, with axe.
 */

const suite = backOfficeSuite();

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function currencyInfo(token: string): Promise<CurrencyInfo> {
  const res = await fetch(`${baseUrl()}/api/wallet/currency-info`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as CurrencyInfo;
}

/** '$1,234.50' from an exact decimal, as the member's dashboard writes a value. */
function dollars(amount: string): string {
  const [whole, fraction] = toFixed(amount, 2).split('.');
  return `$${BigInt(whole!).toLocaleString('en-US')}.${fraction}`;
}

/** A member's dashboard open on the Asset Tokens tab, its live updates connected, marked to tell a reload. */
async function dashboardOn(page: Page, email: string, password: string) {
  await signInToDashboard(page, email, password);
  await tab(page, 'Asset Tokens').click();
  await page.getByRole('link', { name: 'Silver', exact: true }).waitFor();
  await realtimeConnected(page);
  await markNotReloaded(page);
}

describe('back office catalogue', () => {
  it('sets a price and hides a token; members’ open dashboards follow without a reload', async () => {
    const found: string[] = [];

    // Two members with their dashboards open: the demo member (holds silver and gold) and one who holds nothing.
    const member = await newPage(suite.browser, DESKTOP);
    await dashboardOn(member, 'member@vault.local', 'Member2026!');
    const memberToken = await apiLogin('member@vault.local', 'Member2026!');
    const viewer = await createMember({ name: 'Vera Viewer', gpa: true });
    const viewerPage = await newPage(suite.browser, PHONE);
    await dashboardOn(viewerPage, viewer.email, viewer.password);
    await viewerPage.getByRole('link', { name: 'Gold', exact: true }).waitFor();

    // The owner opens the catalogue from the menu.
    const owner = await enrolledAdministrator('owner', suite.dataDir);
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, owner.token);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL('**/admin/catalogue');
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    const tokens = page.getByRole('region', { name: /^Tokens, sorted by/ }).getByRole('table');
    const coins = page.getByRole('region', { name: /^Coins, sorted by/ }).getByRole('table');
    await tokens.getByRole('row', { name: /Silver XAG/ }).waitFor();
    await coins.getByRole('row', { name: /Bitcoin BTC/ }).waitFor();
    await page.getByTestId('swap-spread').waitFor();
    // In display order, as members see them; a click on Order sorts the other way.
    const names = async () =>
      (await tokens.getByRole('row').allTextContents())
        .slice(1)
        .map((row) => row.match(/(Q Dollar|Silver|Gold|Legacy Silver|Legacy Gold)/)?.[1]);
    expect(await names()).toEqual(['Q Dollar', 'Silver', 'Gold', 'Legacy Silver', 'Legacy Gold']);
    await tokens.getByRole('button', { name: 'Order' }).click();
    await expect.poll(names).toEqual(['Legacy Gold', 'Legacy Silver', 'Gold', 'Silver', 'Q Dollar']);
    await tokens.getByRole('button', { name: 'Order' }).click();
    await look(page, 'admin-catalogue-1280', found);

    // Set the silver price: the graph gains the point, the member's open dashboard values their silver anew.
    const silver = (await currencyInfo(memberToken)).nativeWallets.find((w) => w.coinSymbol === 'XAG')!;
    const price = add(silver.price, '1.25');
    await page.getByRole('button', { name: 'Price of Silver (XAG)' }).click();
    const priceDialog = page.getByRole('dialog', { name: 'Silver (XAG) price' });
    const graph = priceDialog.getByRole('slider', { name: /XAG price over the last 7 days/ });
    await graph.waitFor();
    await priceDialog.getByRole('button', { name: '30D' }).click();
    await priceDialog.getByRole('slider', { name: /XAG price over the last 30 days/ }).waitFor();
    await look(page, 'admin-catalogue-price-1280', found);
    await priceDialog.getByLabel('New price (USD)').fill('abc');
    await priceDialog.getByRole('button', { name: 'Set price' }).click();
    await priceDialog.getByText('Invalid amount').waitFor();
    await priceDialog.getByLabel('New price (USD)').fill(price);
    await priceDialog.getByRole('button', { name: 'Set price' }).click();
    await priceDialog.getByRole('status').filter({ hasText: 'Price recorded' }).waitFor();
    await expect.poll(() => priceDialog.getByTestId('current-price').textContent()).toBe(formatUsd(price));
    // The graph's newest point is the new price (the slider rests on it).
    await expect
      .poll(() => priceDialog.getByRole('slider').getAttribute('aria-valuetext'))
      .toBe(`${formatUsd(price)} now`);
    // Keyboard: the arrow keys read the points before it.
    await priceDialog.getByRole('slider').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => priceDialog.getByRole('slider').getAttribute('aria-valuetext')).not.toMatch(/ now$/);
    await look(page, 'admin-catalogue-price-set-1280', found);
    await page.keyboard.press('Escape');
    await priceDialog.waitFor({ state: 'detached' });
    await expect.poll(() => tokens.getByTestId('price-XAG').textContent()).toBe(formatUsd(price));

    const valued = (await currencyInfo(memberToken)).nativeWallets.find((w) => w.coinSymbol === 'XAG')!;
    expect(valued.price).toBe(price);
    const silverRow = member
      .getByRole('row')
      .filter({ has: member.getByRole('link', { name: 'Silver', exact: true }) });
    await expect
      .poll(() => silverRow.getByRole('cell').last().textContent(), { timeout: 10_000 })
      .toBe(dollars(valued.USD));
    await expect(notReloaded(member)).resolves.toBe(true);

    // Hide gold: it leaves the dashboard of the member who holds none, live; the one who holds gold keeps it.
    await page.getByRole('button', { name: 'Edit Gold (XAU)' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Gold (XAU)' });
    const shown = edit.getByLabel('Shown on the web (the site and members’ dashboards)');
    await expect(shown.isChecked()).resolves.toBe(true);
    await shown.uncheck();
    await look(page, 'admin-catalogue-edit-1280', found);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Gold (XAU): Changes saved.' }).waitFor();
    await tokens
      .getByRole('row', { name: /Gold XAU/ })
      .getByText('Hidden')
      .last()
      .waitFor();
    await expect
      .poll(() => viewerPage.getByRole('link', { name: 'Gold', exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    await expect(notReloaded(viewerPage)).resolves.toBe(true);
    await member.reload();
    await tab(member, 'Asset Tokens').click();
    await member.getByRole('link', { name: 'Gold', exact: true }).waitFor();

    // A coin's colour and icon, with the keyboard only; decimals offer only the current number and more.
    await page.getByRole('button', { name: 'Edit Litecoin (LTC)' }).focus();
    await page.keyboard.press('Enter');
    const coin = page.getByRole('dialog', { name: 'Edit Litecoin (LTC)' });
    await coin.waitFor();
    expect(await coin.getByLabel('Decimals').locator('option').allTextContents()).toEqual(['8']);
    await coin.getByLabel('Hex').fill('#12345');
    await coin.getByLabel('Hex').press('Enter');
    await coin.getByText('Enter a colour as # and 6 hexadecimal digits (#1f6feb)').waitFor();
    await coin.getByLabel('Hex').fill('#345D9E');
    await coin.getByRole('radio', { name: 'BTC' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(coin.getByRole('radio', { name: 'ETH' }).isChecked()).resolves.toBe(true);
    await coin.getByRole('button', { name: 'Save changes' }).click();
    await coin.waitFor({ state: 'detached' });
    const ltc = coins.getByRole('row', { name: /Litecoin LTC/ });
    await expect.poll(() => ltc.textContent()).toContain('#345d9e');
    const ltcIcon = await (
      await adminApi<{ data: { coins: { coinSymbol: string; iconUrl: string }[] } }>(
        owner.token,
        '/api/admin/catalogue',
      )
    ).data.coins.find((c) => c.coinSymbol === 'LTC')!.iconUrl;
    expect(ltcIcon).toBe('/tokens/eth.svg');
    // Litecoin as the seed made it (the other browser tests' screenshots show it).
    const restored = await fetch(`${baseUrl()}/api/admin/catalogue/coins/LTC`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ coinColor: '#345d9d', iconUrl: '/tokens/ltc.svg' }),
    });
    expect(restored.status).toBe(200);

    // The swap spread: read, a wrong value refused in the contract's words, a new one set.
    const spread = page.getByRole('form', { name: 'Set the swap spread' });
    const before = (await page.getByTestId('swap-spread').textContent())!;
    await spread.getByLabel('New spread (%)').fill('12');
    await spread.getByRole('button', { name: 'Set spread' }).click();
    await spread.getByText('The spread must be a percentage from 0 to 10 with at most 2 decimals').waitFor();
    await spread.getByLabel('New spread (%)').fill('0.75');
    await spread.getByRole('button', { name: 'Set spread' }).click();
    await expect.poll(() => page.getByTestId('swap-spread').textContent()).toBe('0.75 %');
    await page
      .getByRole('region', { name: 'Swap spread' })
      .getByRole('status')
      .filter({ hasText: 'Swap spread updated: 0.75 %.' })
      .waitFor();
    await page.getByRole('region', { name: 'Swap spread' }).scrollIntoViewIfNeeded();
    await look(page, 'admin-catalogue-spread-1280', found);

    // The same screen on a phone: nothing sticks out sideways; the edit dialog fits.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await look(page, 'admin-catalogue-390', found);
    expect(await overflowsSideways(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Gold (XAU)' }).click();
    await edit.waitFor();
    await look(page, 'admin-catalogue-edit-390', found);
    expect(await overflowsSideways(page)).toEqual([]);
    // Gold shown again (the other browser tests expect the seed's catalogue): back on the viewer's dashboard, live.
    await shown.check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await viewerPage.getByRole('link', { name: 'Gold', exact: true }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Price of Silver (XAG)' }).click();
    await priceDialog.getByRole('slider').waitFor();
    await look(page, 'admin-catalogue-price-390', found);
    await page.keyboard.press('Escape');
    // The spread as it was.
    await spread.getByLabel('New spread (%)').fill(before.replace(' %', ''));
    await spread.getByRole('button', { name: 'Set spread' }).click();
    await expect.poll(() => page.getByTestId('swap-spread').textContent()).toBe(before);

    expect(found).toEqual([]);
  });

  it('a support administrator reads the catalogue, prices and spread, and changes nothing', async () => {
    const found: string[] = [];
    const support = await enrolledAdministrator('support', suite.dataDir);
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, support.token, '/admin/catalogue');
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    await page.getByRole('button', { name: 'Price of Silver (XAG)' }).waitFor();
    await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
    await expect(page.getByRole('form', { name: 'Set the swap spread' }).count()).resolves.toBe(0);
    await page.getByTestId('swap-spread').waitFor();
    await page.getByRole('button', { name: 'Price of Bitcoin (BTC)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bitcoin (BTC) price' });
    await dialog.getByRole('slider').waitFor();
    await expect(dialog.getByRole('button', { name: 'Set price' }).count()).resolves.toBe(0);
    await look(page, 'admin-catalogue-support-1280', found);
    expect(found).toEqual([]);
  });
});
