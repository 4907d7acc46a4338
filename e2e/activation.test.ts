import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, open, PHONE, samePersonOn, shot, signInToDashboard, sql } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('vault activation', () => {
  it('shows deposit instructions until the vault is activated, then the send form', async () => {
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToDashboard(page, 'pending@vault.local', 'Pending2026!');
    await open(page, '/Send');

    const panel = page.getByRole('region', { name: 'Activate your vault' });
    await panel.waitFor();
    await expect(page.getByRole('form', { name: 'Send tokens' }).count()).resolves.toBe(0);
    const coins = panel.getByRole('group', { name: 'Choose the coin you deposit' });

    // Dollar tokens: 100 Q is less than 21 silver tokens are worth.
    await coins.getByRole('radio', { name: /\(Q\)/ }).check();
    await panel.getByText(/Deposit at least [\d,.]+ Q more\./).waitFor();
    await panel.getByRole('img', { name: /QR code of your .* \(Q\) deposit address/ }).waitFor();

    const copy = panel.getByRole('button', { name: 'Copy address' });
    await copy.click();
    await panel.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    await panel.getByText(copied, { exact: true }).waitFor();
    expect(copied.length).toBeGreaterThan(10);
    await shot(page, 'activation-1280');

    await panel.getByRole('button', { name: 'Activate Now' }).click();
    const failure = panel.locator('#activation-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(
      /^You need at least [\d.]+ Q \(the value of 21 silver tokens\) to activate your vault$/,
    );
    const [still] = await sql<{ activated: boolean }>(
      `select is_wallet_activated as activated from users where email = 'pending@vault.local'`,
    );
    expect(still?.activated).toBe(false);
    await shot(page, 'activation-not-enough-1280');

    // The same instructions on a phone, before the vault is activated.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/Send');
    await phone.getByRole('region', { name: 'Activate your vault' }).waitFor();
    await shot(phone, 'activation-390');
    await phone.getByRole('button', { name: 'Activate Now' }).scrollIntoViewIfNeeded();
    await shot(phone, 'activation-390-address');

    // 0.05 BTC is enough.
    await coins.getByRole('radio', { name: /\(BTC\)/ }).check();
    await panel.getByText('Enough to activate with this coin.').waitFor();
    await panel.getByRole('img', { name: /QR code of your .* \(BTC\) deposit address/ }).waitFor();
    await panel.getByRole('button', { name: 'Activate Now' }).click();
    await page.getByText('Wallet activate successfully').first().waitFor();
    // The server's walletActivated event reaches the open page too (spec 1 §4).
    await page.getByText('Your vault is activated').first().waitFor();

    // The page turns into the send form.
    const sendForm = page.getByRole('form', { name: 'Send tokens' });
    await sendForm.getByLabel('Email').waitFor();
    // The form takes the focus the instructions had.
    await expect.poll(() => sendForm.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
    await sendForm.getByRole('button', { name: 'Send Now' }).waitFor();
    await expect(panel.count()).resolves.toBe(0);
    const [row] = await sql<{ activated: boolean }>(
      `select is_wallet_activated as activated from users where email = 'pending@vault.local'`,
    );
    expect(row?.activated).toBe(true);
    await shot(page, 'activation-done-1280');
  });
});
