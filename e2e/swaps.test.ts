import { messages } from '@vault/contract/messages';
import { add, multiply, normalize, subtract } from '@vault/contract/money';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  asAdmin,
  baseUrl,
  createMember,
  dollars,
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
  sql,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The member's ledger balance of one asset, straight from the database. */
async function balance(userId: string, asset: string): Promise<string> {
  const [row] = await sql<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
    [userId, asset],
  );
  return row ? normalize(row.balance) : '0';
}

/** The dashboard's estimated portfolio balance as the API's figures make it (every wallet's USD). */
async function expectedTotal(token: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/wallet/currency-info`, { headers: { authorization: `Bearer ${token}` } });
  const info = (await res.json()) as CurrencyInfo;
  const every = [
    ...info.nativeWallets.map((w) => w.USD),
    ...info.wallets.map((w) => w.total),
    ...info.nftWallets.map((w) => multiply(w.balance, w.pricePerShare, 2)),
  ];
  return dollars(every.reduce((a, b) => add(a, b), '0'));
}

/** A fresh activated member with membership data and opening balances issued by the treasury. */
async function activatedMember(name: string, balances: Record<string, string>, type: 'member' | 'sdira' = 'member') {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true, type = $2 where id = $1', [m.id, type]);
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

const form = (page: Page, name = 'Swap') => page.getByRole('form', { name });
const confirmDialog = (page: Page, request = false) =>
  page.getByRole('dialog', { name: request ? 'Confirm your swap request' : 'Confirm your swap' });
const total = (page: Page) => page.getByTestId('portfolio-total');

describe('swaps', () => {
  it('a member swaps on /crypto-swap and /assets-swap; an open dashboard follows live', async () => {
    const m = await activatedMember('Sasha Swapper', { BTC: '0.1', XAG: '10' });
    const token = await apiLogin(m.email, m.password);

    // The member's dashboard is open in another window (its own session) the whole time.
    const dashboard = await newPage(browser);
    await signInToDashboard(dashboard, m.email, m.password);
    const before = await expectedTotal(token);
    await expect.poll(() => total(dashboard).textContent()).toBe(before);
    await realtimeConnected(dashboard);
    await markNotReloaded(dashboard);

    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    // The dashboard's Swap leads to /crypto-swap.
    await page.getByRole('list', { name: 'Wallet actions' }).getByRole('button', { name: 'Swap' }).click();
    await page.waitForURL('**/crypto-swap');
    await page.getByRole('heading', { level: 1, name: 'Crypto Swap' }).waitFor();
    const f = form(page);
    await expect(f.getByLabel('I have').inputValue()).resolves.toBe('BTC');
    await expect(f.getByLabel('I want').inputValue()).resolves.toBe('Q');
    // The rate for one unit and the spread, before anything is confirmed.
    await f
      .getByText(/^1 BTC = [\d,.]+ Q$/)
      .first()
      .waitFor();
    await f.getByText(/Includes the vault's spread of 0\.5 %/).waitFor();

    // The spec's messages (spec 2 §5 "Swap").
    const amount = f.getByLabel('Swap amount');
    await f.getByRole('button', { name: 'Swap', exact: true }).click();
    await f.getByText('Please enter amount').waitFor();
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    await amount.fill('0');
    await f.getByRole('button', { name: 'Swap', exact: true }).click();
    await f.getByText('Amount cannot be zero').waitFor();
    await amount.fill('-1');
    await f.getByText('Invalid amount').waitFor();
    await amount.fill('5');
    await f.getByRole('button', { name: 'Swap', exact: true }).click();
    await f.getByText('Insufficient balance').waitFor();
    // The input refuses a 9th decimal as it is typed.
    await amount.fill('');
    await amount.pressSequentially('0.123456789');
    await expect(amount.inputValue()).resolves.toBe('0.12345678');
    // Min is a quarter of the balance, Half half; the receive amount follows.
    await f.getByRole('button', { name: 'Min: a quarter of your balance' }).click();
    await expect(amount.inputValue()).resolves.toBe('0.025');
    await f.getByRole('button', { name: 'Half of your balance' }).click();
    await expect(amount.inputValue()).resolves.toBe('0.05');
    await expect.poll(() => f.getByLabel('Receive amount').inputValue()).toMatch(/^[\d,]+\.\d{2} Q$/);
    const shown = await f.getByLabel('Receive amount').inputValue();
    await shot(page, 'swap-crypto-1280');

    // Swap shows the firm quote; a price that moved meanwhile is refused, and a new quote is asked for.
    await f.getByRole('button', { name: 'Swap', exact: true }).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    await dialog.getByText('You receive').waitFor();
    await dialog.getByText(shown).waitFor();
    await dialog.getByText('Spread (0.5 %)').waitFor();
    await dialog.getByText(/This quote holds for \d+ s/).waitFor();
    await shot(page, 'swap-crypto-confirm-1280');
    // Cancel has the focus: Enter pressed once more does not swap.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    let refused = false;
    await page.route('**/api/native-wallet/swap', async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: messages.swapPriceMoved, code: 'PRICE_MOVED' }),
      });
    });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: messages.swapPriceMoved }).waitFor();
    await shot(page, 'swap-crypto-price-moved-1280');
    await dialog.getByRole('button', { name: 'Get a new quote' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(messages.tokenSwapDoneShown).first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    await page.unroute('**/api/native-wallet/swap');
    expect(await balance(m.id, 'BTC')).toBe('0.05');

    // The open dashboard followed without a reload.
    const afterCrypto = await expectedTotal(token);
    expect(afterCrypto).not.toBe(before);
    await expect.poll(() => total(dashboard).textContent(), { timeout: 10_000 }).toBe(afterCrypto);
    await expect(notReloaded(dashboard)).resolves.toBe(true);

    // /assets-swap from the silver wallet: Quarter, Half, Max; validate-swap first, then the quote.
    await open(page, '/assets-swap');
    await page.getByRole('heading', { level: 1, name: 'Asset Swap' }).waitFor();
    const a = form(page);
    await a.getByLabel('I have').selectOption('XAG');
    await a.getByLabel('I want').selectOption('XAU');
    await a
      .getByText(/^1 XAG = [\d,.]+ XAU$/)
      .first()
      .waitFor();
    await a.getByLabel('Swap amount').fill('-2');
    await a.getByRole('button', { name: 'Swap', exact: true }).click();
    await a.getByText('Please enter valid amount').waitFor();
    await a.getByRole('button', { name: 'Quarter of your balance' }).click();
    await expect(a.getByLabel('Swap amount').inputValue()).resolves.toBe('2.5');
    await a.getByRole('button', { name: 'Max: all of your balance' }).click();
    await expect(a.getByLabel('Swap amount').inputValue()).resolves.toBe('10');
    await a.getByRole('button', { name: 'Half of your balance' }).click();
    await expect(a.getByLabel('Swap amount').inputValue()).resolves.toBe('5');
    await page
      .getByRole('region', { name: 'How swaps work' })
      .getByText(/oldest holdings first/)
      .waitFor();
    await shot(page, 'swap-assets-1280');
    await a.getByRole('button', { name: 'Swap', exact: true }).click();
    await confirmDialog(page).waitFor();
    await confirmDialog(page).getByText('5.0000 XAG').waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(messages.assetsSwapDone).first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    expect(await balance(m.id, 'XAG')).toBe('5');
    expect(await balance(m.id, 'XAU')).not.toBe('0');
    const afterAssets = await expectedTotal(token);
    await expect.poll(() => total(dashboard).textContent(), { timeout: 10_000 }).toBe(afterAssets);
    await expect(notReloaded(dashboard)).resolves.toBe(true);
    await shot(dashboard, 'swap-dashboard-live-1280');

    // The history has one row per swap.
    const [log] = await sql<{ n: number }>(
      `select count(*)::int as n from journal_entries where kind = 'swap' and created_by = $1`,
      [m.id],
    );
    expect(log!.n).toBe(2);

    // The same screens on a phone.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/crypto-swap');
    await form(phone)
      .getByText(/^1 BTC = /)
      .first()
      .waitFor();
    await form(phone).getByRole('button', { name: 'Half of your balance' }).click();
    await expect.poll(() => form(phone).getByLabel('Receive amount').inputValue()).toMatch(/ Q$/);
    await expect(phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
    await shot(phone, 'swap-crypto-390');
    await form(phone).getByRole('button', { name: 'Swap', exact: true }).click();
    await confirmDialog(phone).getByText('You receive').waitFor();
    await shot(phone, 'swap-crypto-confirm-390');
    await confirmDialog(phone).getByRole('button', { name: 'Cancel' }).click();
    await open(phone, '/assets-swap');
    await form(phone).getByLabel('I have').selectOption('XAG');
    await form(phone).getByRole('button', { name: 'Max: all of your balance' }).click();
    await form(phone)
      .getByText(/^1 XAG = /)
      .first()
      .waitFor();
    await expect(phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
    await shot(phone, 'swap-assets-390');
  });

  it('a vault that is not activated goes to /error', async () => {
    const m = await createMember({ name: 'Ina Idle', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/crypto-swap');
    await page.waitForURL('**/error');
    await page.getByText(messages.vaultNotActivated).waitFor();
    await open(page, '/assets-swap');
    await page.waitForURL('**/error');
  });

  it('an sdira member asks on /legacy-swap; the decision reaches their open dashboard live', async () => {
    const m = await activatedMember('Sam Legacy', { LXAG: '10' }, 'sdira');
    const token = await apiLogin(m.email, m.password);
    const dashboard = await newPage(browser);
    await signInToDashboard(dashboard, m.email, m.password);
    await realtimeConnected(dashboard);
    await markNotReloaded(dashboard);

    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/legacy-swap');
    await page.getByRole('heading', { level: 1, name: 'Legacy Swap Request' }).waitFor();
    const f = form(page, 'Swap Request');
    await expect(f.getByLabel('I have').inputValue()).resolves.toBe('LXAG');
    await f.getByLabel('I want').selectOption('XAG');
    await f.getByLabel('Swap amount').fill('4');
    await f
      .getByText(/^1 LXAG = [\d,.]+ XAG$/)
      .first()
      .waitFor();
    await shot(page, 'swap-legacy-1280');
    await f.getByRole('button', { name: 'Swap Request', exact: true }).click();
    const dialog = confirmDialog(page, true);
    await dialog.getByText(/held until an administrator decides/).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(messages.legacySwapRequestSent).first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    expect(await balance(m.id, 'LXAG')).toBe('6');
    await expect.poll(() => total(dashboard).textContent(), { timeout: 10_000 }).toBe(await expectedTotal(token));

    // An administrator approves (the back office screen comes later): the dashboard follows.
    const pending = await asAdmin('GET', '/api/admin/requests?status=pending');
    const request = (pending.json.data as { _id: string; kind: string; from: { email: string } }[]).find(
      (r) => r.kind === 'swap' && r.from.email === m.email,
    )!;
    const approved = await asAdmin('POST', `/api/admin/requests/${request._id}/approve`);
    expect(approved.status).toBe(200);
    expect(await balance(m.id, 'XAG')).not.toBe('0');
    const after = await expectedTotal(token);
    await expect.poll(() => total(dashboard).textContent(), { timeout: 10_000 }).toBe(after);
    await expect(notReloaded(dashboard)).resolves.toBe(true);
    expect(subtract(await balance(m.id, 'LXAG'), '6')).toBe('0');
  });
});
