import { normalize } from '@vault/contract/money';
import type { Browser } from 'playwright-core';
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
  sql,
} from './browser.ts';

/**
 * Issue 13 item 4 in a real browser: a member's own deposit address (made at the COINQVEST sandbox on the
 * first ask) on the activation panel and the receive screen, a deposit simulated on the sandbox's page, the
 * open page credited live, and the vault activated with it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('crypto deposits to a member address', () => {
  it('the same own address on the activation panel and /DepositAddress; a deposit there activates the vault', async () => {
    const m = await createMember({ name: 'Dora Deposit', gpa: true });
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/Send');
    await realtimeConnected(page);
    await markNotReloaded(page);

    const panel = page.getByRole('region', { name: 'Activate your vault' });
    const btc = panel
      .getByRole('group', { name: 'Choose the coin you deposit' })
      .getByRole('radio', { name: /\(BTC\)/ });
    await btc.check();
    const needs = /Needs ([\d.,]+) BTC/.exec((await btc.locator('xpath=ancestor::label').textContent()) ?? '');
    expect(needs).not.toBeNull();
    const required = needs![1]!.replaceAll(',', '');
    await panel.getByRole('img', { name: /QR code of your .* \(BTC\) deposit address/ }).waitFor();
    await panel.getByRole('button', { name: 'Copy address' }).click();
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    await shot(page, 'crypto-deposit-activation-1280');

    // The receive screen (another tab) shows the same address of the member's.
    const receive = await page.context().newPage();
    await open(receive, '/DepositAddress');
    const section = receive.getByRole('region', { name: 'Deposit address' });
    await section.getByLabel('Token').selectOption('BTC');
    await section.getByText(address, { exact: true }).waitFor();
    await shot(receive, 'crypto-deposit-receive-1280');

    // At the provider: the sandbox's "simulate a deposit", on the row of the member's address.
    const provider = await page.context().newPage();
    await provider.goto('/sandbox/coinqvest/deposits');
    const row = provider.getByRole('row').filter({ hasText: address });
    await row.getByLabel('Amount').fill(required);
    await row.getByRole('button', { name: 'Send deposit' }).click();
    // The sandbox says the amount as a number (no trailing zeros).
    await provider
      .getByRole('status')
      .filter({ hasText: `${normalize(required)} BTC` })
      .waitFor();
    await shot(provider, 'crypto-deposit-sandbox');

    // The activation panel, never reloaded, sees the deposit and the vault is activated with it.
    await page.bringToFront();
    await panel.getByText('Enough to activate with this coin.').waitFor();
    await expect(notReloaded(page)).resolves.toBe(true);
    await panel.getByRole('button', { name: 'Activate Now' }).click();
    await page.getByRole('form', { name: 'Send tokens' }).waitFor();
    const [user] = await sql<{ activated: boolean }>(
      'select is_wallet_activated as activated from users where id = $1',
      [m.id],
    );
    expect(user?.activated).toBe(true);
    await shot(page, 'crypto-deposit-activated-1280');
    await page.context().close();
  });
});
