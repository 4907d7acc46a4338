import { normalize, subtract } from '@vault/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  asAdmin,
  baseUrl,
  createMember,
  launch,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  PHONE,
  realtimeConnected,
  SMALL_DESKTOP,
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

const form = (page: Page) => page.getByRole('form', { name: /Send (tokens|request)/ });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Are you sure you want to send the tokens?' });

/** The member's ledger balance of one asset, straight from the database, as the money module's canonical decimal. */
async function balance(userId: string, asset: string): Promise<string> {
  const [row] = await sql<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
    [userId, asset],
  );
  return row ? normalize(row.balance) : '0';
}

describe('send tokens', () => {
  it('sends Q to another member: validation, confirmation, live dashboard of the recipient, recent history refill', async () => {
    const recipient = await createMember({ name: 'Rita Recipient', gpa: true });
    const [sender] = await sql<{ id: string }>(`select id from users where email = 'member@vault.local'`);
    const senderBefore = await balance(sender!.id, 'Q');

    // The recipient's dashboard is open in another browser context the whole time.
    const other = await newPage(browser);
    await signInToDashboard(other, recipient.email, recipient.password);
    const total = other.getByTestId('portfolio-total');
    await expect.poll(() => total.textContent()).toBe('$0.00');
    await realtimeConnected(other);
    await markNotReloaded(other);

    const page = await newPage(browser);
    await signInToDashboard(page, 'member@vault.local', 'Member2026!');
    await open(page, '/Send');
    await page.getByRole('heading', { level: 1, name: 'Send' }).waitFor();
    const f = form(page);
    const email = f.getByLabel('Email');
    const amount = f.getByLabel('Amount');
    const token = f.getByLabel('Token');
    await expect(token.inputValue()).resolves.toBe('Q');
    await f.getByText(/Available balance:/).waitFor();

    // Client-side validation with the spec's messages (spec 2 §5).
    await f.getByRole('button', { name: 'Send Now' }).click();
    await f.getByText('Email is required').waitFor();
    await f.getByText('Amount is required').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await email.fill('not-an-email');
    await amount.fill('0');
    await f.getByRole('button', { name: 'Send Now' }).click();
    await f.getByText('Email is not valid').waitFor();
    await f.getByText('Invalid amount').waitFor();
    await amount.fill('1.123456789');
    await f.getByText('number field must have 8 digits after decimal or less').waitFor();
    await amount.fill('123456789');
    await f.getByText('max 8 number required').waitFor();
    await shot(page, 'send-validation-1280');
    await expect(confirmDialog(page).count()).resolves.toBe(0);

    // A valid send; the e-mail is lower-cased on submit and the USD value follows the amount.
    await email.fill(recipient.email.toUpperCase());
    await amount.fill('25');
    await f.getByLabel(/Memo \/ Endorsement/).fill('Lunch money');
    await expect.poll(() => f.getByLabel('Value in USD').inputValue()).toBe('$25.00');
    await shot(page, 'send-form-1280');

    await f.getByRole('button', { name: 'Send Now' }).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    await dialog.getByText(recipient.email).waitFor();
    await shot(page, 'send-confirm-1280');
    // The focus starts on Cancel: Enter pressed once more after Send Now closes the dialog, it does not send.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await balance(recipient.id, 'Q')).toBe('0');

    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Q sent Successfully').first().waitFor();
    await page.waitForURL('**/cryptocurrency');

    // The recipient's dashboard updated live, without a reload.
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toBe('$25.00');
    await expect(notReloaded(other)).resolves.toBe(true);
    await shot(other, 'send-recipient-dashboard-1280');
    expect(await balance(recipient.id, 'Q')).toBe('25');
    expect(await balance(sender!.id, 'Q')).toBe(subtract(senderBefore, '25'));

    // Recent Transaction History refills the form; a double click on Confirm still sends once.
    await open(page, '/Send');
    const recent = page.getByRole('region', { name: 'Recent Transaction History' });
    // The amount at the token's decimals (Q: 2).
    const row = recent.getByRole('button', { name: new RegExp(`^Send of 25\\.00 Q .*to ${recipient.email}`) });
    await row.waitFor();
    await shot(page, 'send-recent-history-1280');
    await row.click();
    await expect(email.inputValue()).resolves.toBe(recipient.email);
    await expect(amount.inputValue()).resolves.toBe('25');
    await expect(f.getByLabel(/Memo \/ Endorsement/).inputValue()).resolves.toBe('Lunch money');
    await amount.fill('10');
    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
    await page.getByText('Q sent Successfully').first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toBe('$35.00');
    expect(await balance(recipient.id, 'Q')).toBe('35');

    // A lost answer: the send reached the server, the page never heard back. Confirming again reuses the
    // confirmation's Idempotency-Key, so the server answers the first send instead of making a second.
    await open(page, '/Send');
    await email.fill(recipient.email);
    await amount.fill('5');
    let answered = false;
    await page.route('**/api/native-wallet/send-tokens', async (route) => {
      if (answered) return route.continue();
      answered = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Please check your internet connection').first().waitFor();
    await expect.poll(() => balance(recipient.id, 'Q')).toBe('40');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Q sent Successfully').first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    await page.unroute('**/api/native-wallet/send-tokens');
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toBe('$40.00');
    expect(await balance(recipient.id, 'Q')).toBe('40');

    // A server failure (5xx) after the send was made: the dialog stays with the same key, so Confirm again
    // gets the first send's answer, not a second send.
    await open(page, '/Send');
    await email.fill(recipient.email);
    await amount.fill('2');
    let failed = false;
    await page.route('**/api/native-wallet/send-tokens', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fetch();
      await route.fulfill({ status: 502, body: '' });
    });
    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Something went wrong').first().waitFor();
    await expect.poll(() => balance(recipient.id, 'Q')).toBe('42');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Q sent Successfully').first().waitFor();
    await page.waitForURL('**/cryptocurrency');
    await page.unroute('**/api/native-wallet/send-tokens');
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toBe('$42.00');
    expect(await balance(recipient.id, 'Q')).toBe('42');

    // Server answers land under their fields, the input kept.
    await open(page, '/Send');
    await email.fill('member@vault.local');
    await amount.fill('1');
    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await f.getByText('You cannot send tokens to yourself').waitFor();

    // While the send is on its way both dialog buttons are disabled; an unknown recipient is told under Email.
    await email.fill('nobody-here@example.com');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/native-wallet/send-tokens', async (route) => {
      await held;
      await route.continue();
    });
    await f.getByRole('button', { name: 'Send Now' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'send-submitting-1280');
    release();
    await f.getByText('No active member uses this e-mail address').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.unroute('**/api/native-wallet/send-tokens');
    await expect(amount.inputValue()).resolves.toBe('1');
    await email.fill(recipient.email);
    await amount.fill('99999999');
    await f.getByRole('button', { name: 'Send Now' }).click();
    await f.getByText('Insufficient balance').waitFor();
    await expect(confirmDialog(page).count()).resolves.toBe(0);

    // The history screens list the sends.
    await open(page, '/token-history');
    const history = page.getByRole('region', { name: 'Token history' });
    await history.getByRole('cell', { name: recipient.email }).first().waitFor();
    await expect(history.getByRole('row').filter({ hasText: recipient.email }).count()).resolves.toBe(4);
    // Each amount at its token's decimals (Q: 2), signed.
    await expect(
      history.getByRole('row').filter({ hasText: recipient.email }).filter({ hasText: '−25.00 Q' }).count(),
    ).resolves.toBe(1);
    await shot(page, 'token-history-1280');

    await open(page, '/Q-tokens');
    await expect(form(page).getByLabel('Token', { exact: true }).inputValue()).resolves.toBe('Q Dollar (Q)');
    const toggle = page.getByRole('button', { name: 'Show history' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide history' }).getAttribute('aria-expanded')).resolves.toBe(
      'true',
    );
    await page.getByRole('list', { name: 'Dollar token sends' }).getByText(recipient.email).first().waitFor();
    await shot(page, 'q-tokens-1280');

    // The same screens on a phone.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/Send');
    await form(phone).getByLabel('Email').waitFor();
    await shot(phone, 'send-form-390');
    await form(phone).getByRole('button', { name: 'Send Now' }).click();
    await form(phone).getByText('Email is required').waitFor();
    await shot(phone, 'send-validation-390');
    await open(phone, '/token-history');
    await phone.getByRole('list', { name: 'Token history' }).getByText('Send').first().waitFor();
    await shot(phone, 'token-history-390');
    await open(phone, '/Q-tokens');
    await phone.getByRole('button', { name: 'Show history' }).click();
    await phone.getByRole('list', { name: 'Dollar token sends' }).scrollIntoViewIfNeeded();
    await shot(phone, 'q-tokens-390');

    // And at 1024 px, where the side menu leaves the page the least room.
    const small = await samePersonOn(browser, page, SMALL_DESKTOP);
    // A recent send of a coin the form does not offer is refused, not half-filled.
    await small.evaluate(() =>
      localStorage.setItem(
        'recentSends:member@vault.local',
        JSON.stringify([
          {
            to: 'someone@example.com',
            amount: '3',
            coin: 'GONE',
            memo: '',
            tokenName: 'Retired Token',
            tokenImage: '',
            date: new Date().toISOString(),
          },
        ]),
      ),
    );
    await open(small, '/Send');
    await small.getByRole('button', { name: /^Send of 3 GONE/ }).click();
    await small.getByText('Retired Token (GONE) cannot be sent from here, so the form was not filled.').waitFor();
    await expect(form(small).getByLabel('Email').inputValue()).resolves.toBe('');
    await form(small).getByLabel('Email').waitFor();
    await small.getByRole('region', { name: 'Recent Transaction History' }).waitFor();
    await expect(small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
    await shot(small, 'send-form-1024');
    await open(small, '/token-history');
    await small.getByRole('region', { name: 'Token history' }).waitFor();
    await shot(small, 'token-history-1024');
  });

  it('an sdira member sends by request; the amount waits for an administrator', async () => {
    const [sdira] = await sql<{ id: string }>(`select id from users where email = 'sdira@vault.local'`);
    const heldBefore = await balance(sdira!.id, 'LXAG');
    const page = await newPage(browser);
    await signInToDashboard(page, 'sdira@vault.local', 'Sdira2026!');
    await open(page, '/Send');
    await page.getByRole('heading', { level: 1, name: 'Send Request' }).waitFor();
    const f = form(page);
    await f.getByLabel('Token').selectOption('LXAG');
    await f.getByLabel('Email').fill('member@vault.local');
    await f.getByLabel('Amount').fill('1.5');
    await shot(page, 'send-request-sdira-1280');

    // Someone sends the member dollar tokens while the wallets cannot be loaded: the live refresh fails, the
    // form and what was typed stay, a line says the balances may be out of date.
    await realtimeConnected(page);
    await page.route('**/api/wallet/currency-info', (route) => route.fulfill({ status: 503, body: '' }));
    const memberToken = await apiLogin('member@vault.local', 'Member2026!');
    const gift = await fetch(`${baseUrl()}/api/native-wallet/send-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'sdira@vault.local', amount: '1', coin: 'Q' }),
    });
    expect(gift.status).toBe(200);
    const stale = page.getByRole('alert').filter({ hasText: 'Your wallets could not be updated' });
    await stale.waitFor({ timeout: 10_000 });
    await expect(f.getByLabel('Amount').inputValue()).resolves.toBe('1.5');
    await expect(f.getByLabel('Email').inputValue()).resolves.toBe('member@vault.local');
    await page.unroute('**/api/wallet/currency-info');
    await stale.getByRole('button', { name: 'Try again' }).click();
    await stale.waitFor({ state: 'detached' });
    await expect(f.getByLabel('Token').inputValue()).resolves.toBe('LXAG');
    await f.getByRole('button', { name: 'Send Request' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Request submitted successfully please wait for admin approval').first().waitFor();
    await page.waitForURL('**/cryptocurrency');

    expect(await balance(sdira!.id, 'LXAG')).toBe(subtract(heldBefore, '1.5'));
    const pending = await asAdmin('GET', '/api/admin/requests?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: 'member@vault.local', coin: 'LXAG', amount: '1.5', status: 'pending' }),
      ]),
    );
  });
});
