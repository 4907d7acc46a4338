import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  asAdmin,
  baseUrl,
  createMember,
  DESKTOP,
  lastMailText,
  launch,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  PHONE,
  realtimeConnected,
  samePersonOn,
  shot,
  signIn,
  signInToDashboard,
  splashGone,
  sql,
} from './browser.ts';

/** Issue 9 item 3: the rough edges a new member hits, each seen in the browser. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Presses Tab until `target` has the focus (at most `max` times): it is reachable with the keyboard. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('not reachable with Tab');
}

/** An activated member holding 10 XAG, who sends by API (as another browser would). */
async function activatedSender() {
  const m = await createMember({ name: 'Sven Sender', gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  expect(
    (
      await asAdmin('POST', '/api/admin/ledger/credit', {
        email: m.email,
        asset: 'XAG',
        amount: '10',
        reason: 'Opening balance',
      })
    ).status,
  ).toBe(200);
  const token = await apiLogin(m.email, m.password);
  return {
    ...m,
    send: async (to: string, amount: string) => {
      const res = await fetch(`${baseUrl()}/api/native-wallet/send-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to, amount, coin: 'XAG' }),
      });
      expect(res.status).toBe(200);
    },
  };
}

/** Width, height and how many dark pixels the image at `src` has, as the browser decodes it. */
const imageFacts = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return { width: bitmap.width, height: bitmap.height, dark };
  }, src);

describe('rough edges a new member hits', () => {
  it('an unknown member route shows "Page not found" in the member layout, with a keyboard way back', async () => {
    const m = await createMember({ name: 'Nadia Nowhere', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    await page.getByText('/no-such-page', { exact: true }).waitFor();
    // Inside the member layout: the header and the menu are there.
    await page.getByText('Welcome,', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await shot(page, 'not-found-1280');
    const back = page.getByRole('link', { name: 'Back to Dashboard' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cryptocurrency');

    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/cryptocurrency/nothing/here');
    await phone.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await shot(phone, 'not-found-390');

    // Signed out, an unknown path still goes to the home page (spec 1 §2).
    const visitor = await newPage(browser);
    await open(visitor, '/no-such-page');
    await visitor.waitForURL((url) => url.pathname === '/');
  });

  it('/change-password is the ordinary change-password screen for a member who was not imported', async () => {
    const m = await createMember({ name: 'Carl Changer', gpa: true });
    const page = await newPage(browser, PHONE);
    await signInToDashboard(page, m.email, m.password);
    await open(page, '/change-password');
    await page.getByRole('heading', { level: 1, name: 'Change Password' }).waitFor();
    await expect(page.getByText('previous platform', { exact: false }).count()).resolves.toBe(0);
    // In the member layout.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await shot(page, 'change-password-390');
    await page.getByLabel('Old password').fill(m.password);
    await page.getByLabel('New password', { exact: true }).fill('Changed123');
    await page.getByLabel('Confirm new password').fill('Changed123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password updated successfully').first().waitFor();
    // Signed out; the sign-in form is open for the new password, and the bell then says what happened.
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(m.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Changed123');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/cryptocurrency');
    await page.getByRole('button', { name: 'Notifications (new)' }).click();
    await page
      .getByRole('region', { name: 'Your notifications' })
      .getByText('Your password was changed.', { exact: false })
      .waitFor();

    // The imported member's restricted screen keeps its own words.
    const imported = await createMember({ imported: true, gpa: true });
    const other = await newPage(browser);
    await signIn(other, imported.email, imported.password);
    await other.getByRole('dialog', { name: 'Change Password' }).waitFor();
    await open(other, '/change-password');
    await other.getByText('Your account was moved from our previous platform', { exact: false }).waitFor();
  });

  it('the signature pad is tall enough on a phone; the uploaded signature is 1285 x 100', async () => {
    const m = await createMember({ name: 'Sia Signer' });
    await sql(`update users set saved_form_data = '{"step": 3}'::jsonb where id = $1`, [m.id]);
    const page = await newPage(browser, PHONE);
    await signIn(page, m.email, m.password);
    await page.getByText('Submit your GPA Level 3 Data to Continue').first().waitFor();
    await open(page, '/profile');
    await page.getByRole('heading', { level: 2, name: 'Acknowledgement' }).waitFor();
    const pad = page.getByRole('img', { name: 'Signature drawing area' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(100);
    expect(box.width).toBeGreaterThan(300);
    await shot(page, 'signature-pad-390');

    // A signature drawn across the pad with a finger-like path.
    await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 24; i++) {
      await page.mouse.move(box.x + 20 + i * 11, box.y + box.height * (i % 2 ? 0.25 : 0.75));
    }
    await page.mouse.up();
    const upload = page.waitForRequest('**/api/storage/upload/base64');
    await page.getByRole('button', { name: 'Upload signature' }).click();
    // What the browser sends: a PNG of exactly the spec's size.
    const sent = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec((await upload).postData() ?? '')?.[1];
    const png = Buffer.from(sent ?? '', 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1285, 100]);
    await page.getByText('Signature uploaded successfully').first().waitFor();

    // What the server stored and shows back (a private signed URL): the same size, with the drawing on it.
    const shown = page.getByRole('img', { name: 'Your uploaded signature' });
    await shown.waitFor();
    const facts = await imageFacts(page, (await shown.getAttribute('src'))!);
    expect([facts.width, facts.height]).toEqual([1285, 100]);
    expect(facts.dark).toBeGreaterThan(200);
    await shown.scrollIntoViewIfNeeded();
    await shot(page, 'signature-uploaded-390');

    // On a desktop the pad keeps the wide shape and is tall enough too.
    const desktop = await samePersonOn(browser, page, DESKTOP);
    await open(desktop, '/profile');
    const desktopPad = desktop.getByRole('img', { name: 'Signature drawing area' });
    await desktopPad.scrollIntoViewIfNeeded();
    await shot(desktop, 'signature-pad-1280');
    const wide = (await desktopPad.boundingBox())!;
    expect(wide.height).toBeGreaterThanOrEqual(100);
    expect(wide.width / wide.height).toBeGreaterThan(5);
  });

  it('tokens received show in the open dashboard’s bell at once, naming the sender by e-mail', async () => {
    const recipient = await createMember({ name: 'Rhea Receiver', gpa: true });
    const page = await newPage(browser, PHONE);
    await signInToDashboard(page, recipient.email, recipient.password);
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await realtimeConnected(page);
    await markNotReloaded(page);
    // The login's toast has gone (the screenshot shows the bell's list).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });

    const sender = await activatedSender();
    await sender.send(recipient.email, '1.5');
    const bell = page.getByRole('button', { name: 'Notifications (new)' });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Your notifications' });
    await panel.getByText(`You received 1.5 XAG from ${sender.email}`).waitFor();
    await expect(panel.textContent()).resolves.not.toContain(sender.id);
    await expect(notReloaded(page)).resolves.toBe(true);
    await shot(page, 'notification-received-390');
  });

  it('after verifying the e-mail the sign-in form is filled in; a login leaves /sign-in; the application has the e-mail', async () => {
    const page = await newPage(browser);
    const address = `e2e-${randomBytes(4).toString('hex')}@example.com`;
    await open(page, '/sign-up');
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByLabel('Name').fill('Vera Verified');
    await dialog.getByLabel('Email').fill(address);
    await dialog.getByLabel('Password', { exact: true }).fill('Welcome123');
    await dialog.getByLabel('Confirm password').fill('Welcome123');
    await dialog.getByLabel('I agree to the terms and conditions').check();
    await dialog.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await dialog
      .getByText(/verified/i)
      .first()
      .waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

    // The link from the mail opens in a new tab of the same browser (tabs do not share session storage).
    const mail = await lastMailText(address, 'verify-email');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const sameBrowser = await page.context().newPage();
    sameBrowser.setDefaultTimeout(15_000);
    await sameBrowser.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await splashGone(sameBrowser);
    await sameBrowser.getByText('Your email address is verified. You can now log in.').first().waitFor();
    const signInDialog = sameBrowser.getByRole('dialog', { name: 'Sign In' });
    await expect(signInDialog.getByLabel('Email').inputValue()).resolves.toBe(address);
    await shot(sameBrowser, 'verified-sign-in-prefilled');
    await signInDialog.getByLabel('Password', { exact: true }).fill('Welcome123');
    await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    // No membership data yet: the Open Account prompt over the home page, and the address says so.
    await sameBrowser.getByText('Submit your GPA Level 3 Data to Continue').first().waitFor();
    await sameBrowser.waitForURL((url) => url.pathname === '/');
    await expect(sameBrowser.evaluate(() => localStorage.getItem('signedUpEmail'))).resolves.toBeNull();
    await sameBrowser.getByRole('button', { name: 'Continue to application' }).click();
    await sameBrowser.waitForURL('**/profile');
    await sameBrowser.getByRole('button', { name: 'Next' }).click();
    await sameBrowser.getByRole('heading', { level: 2, name: 'G.P.A. Level 3 Info' }).waitFor();
    await expect(sameBrowser.getByLabel(/^Primary email\*?$/).inputValue()).resolves.toBe(address);

    // A member with membership data ends on the dashboard, /sign-in gone from the history too.
    const member = await newPage(browser);
    await signIn(member, 'member@vault.local', 'Member2026!');
    await member.waitForURL('**/cryptocurrency');
    await member.goBack();
    await expect.poll(() => new URL(member.url()).pathname).not.toBe('/sign-in');
  });

  it('an unactivated vault leads with Top-Up (activation), not Withdrawal', async () => {
    const m = await createMember({ name: 'Uma Unactivated', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, m.email, m.password);
    const actions = page.getByRole('list', { name: 'Wallet actions' }).getByRole('button');
    // The wallet's data comes after the dashboard: on a loaded machine more than poll's default second.
    await expect
      .poll(() => actions.allTextContents(), { timeout: 15_000 })
      .toEqual(['Top-Up', 'Send', 'Swap', 'Withdrawal']);
    await page.getByText('Top up to activate your vault', { exact: false }).waitFor();
    await shot(page, 'dashboard-not-activated-actions-1280');
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/cryptocurrency');
    await phone.getByRole('list', { name: 'Wallet actions' }).scrollIntoViewIfNeeded();
    await shot(phone, 'dashboard-not-activated-actions-390');
    // Issue 12: Top-Up opens the purchase flow, which starts with Member Activation for this vault.
    await actions.first().click();
    await page.waitForURL('**/vault-token');
    await page.getByRole('heading', { name: 'Member Activation', level: 1 }).waitFor();

    // An activated vault keeps the spec's order.
    const activated = await newPage(browser);
    await signInToDashboard(activated, 'member@vault.local', 'Member2026!');
    await expect
      .poll(() => activated.getByRole('list', { name: 'Wallet actions' }).getByRole('button').allTextContents(), {
        timeout: 15_000,
      })
      .toEqual(['Withdrawal', 'Top-Up', 'Send', 'Swap']);
  });

  it('on a phone: the header fits name and e-mail, the tabs show there are more, toasts leave buttons free', async () => {
    const m = await createMember({ name: 'Maximiliana Longname-Example', gpa: true });
    const page = await newPage(browser, PHONE);
    await signInToDashboard(page, m.email, m.password);
    const header = page.locator('header').first();
    const name = header.getByTitle(m.name, { exact: true });
    const email = header.getByTitle(m.email, { exact: true });
    await expect(name.textContent()).resolves.toBe(`Welcome, ${m.name}`);
    await expect(email.textContent()).resolves.toBe(`(${m.email})`);
    // The e-mail has a line of its own under the name and is shown whole.
    const [nameBox, emailBox] = [(await name.boundingBox())!, (await email.boundingBox())!];
    expect(emailBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    await expect(email.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);

    // Hide balances: the toggle shows its state (pressed, switch on); its name stays (aria-pressed says it).
    const eye = page.getByRole('button', { name: 'Hide balances' });
    await eye.click();
    await expect(eye.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('hide-balances-switch').getAttribute('data-on')).resolves.toBe('true');
    await shot(page, 'dashboard-header-hidden-390');
    await eye.click();
    await expect(page.getByTestId('hide-balances-switch').getAttribute('data-on')).resolves.toBe('false');

    // Tabs: the strip scrolls, and a hint at the edge shows that more tabs lie that way.
    const strip = page.getByTestId('wallet-tab-strip');
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.evaluate((el) => el.scrollWidth > el.clientWidth)).resolves.toBe(true);
    await page.getByTestId('more-tabs-right').waitFor();
    await expect(page.getByTestId('more-tabs-left').count()).resolves.toBe(0);
    await shot(page, 'dashboard-tabs-390');
    await page.getByTestId('more-tabs-right').click();
    await page.getByTestId('more-tabs-left').waitFor();
    // The last tab chosen with the keyboard scrolls into view; the right hint goes.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('End');
    const crypto = page.getByRole('tab', { name: /^Cryptocurrency/ });
    await expect.poll(() => crypto.getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('more-tabs-right').waitFor({ state: 'detached' });
    const [tabBox, stripBox] = [(await crypto.boundingBox())!, (await strip.boundingBox())!];
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width);
    await shot(page, 'dashboard-tabs-end-390');

    // A toast does not cover the form's buttons (it used to sit across the bottom of the screen).
    await open(page, '/settings');
    const save = page.getByRole('button', { name: 'Save Name' });
    await page.getByLabel('Profile name').fill('Maxi Short');
    await save.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'User name updated successfully' });
    await toast.waitFor();
    const phoneHeader = (await header.boundingBox())!;
    await expect
      .poll(async () => (await toast.boundingBox())!.y)
      .toBeGreaterThanOrEqual(phoneHeader.y + phoneHeader.height);
    expect(overlaps((await toast.boundingBox())!, (await save.boundingBox())!)).toBe(false);
    await shot(page, 'toast-settings-390');
    const desktop = await samePersonOn(browser, page, DESKTOP);
    await open(desktop, '/settings');
    const desktopSave = desktop.getByRole('button', { name: 'Save Name' });
    await desktop.getByLabel('Profile name').fill('Maxi Again');
    await desktopSave.click();
    const desktopToast = desktop.locator('[data-sonner-toast]').filter({ hasText: 'User name updated successfully' });
    await desktopToast.waitFor();
    // Below the header (once it has slid in), not over the bell and the name.
    const headerBox = (await desktop.locator('header').first().boundingBox())!;
    await expect
      .poll(async () => (await desktopToast.boundingBox())!.y)
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(overlaps((await desktopToast.boundingBox())!, (await desktopSave.boundingBox())!)).toBe(false);
    await shot(desktop, 'toast-settings-1280');
  });

  it('the seeded member’s submitted application shows their signature (a private upload, 1285 x 100)', async () => {
    const page = await newPage(browser, PHONE);
    await signInToDashboard(page, 'member@vault.local', 'Member2026!');
    await open(page, '/profile');
    await page.getByRole('heading', { level: 2, name: 'Acknowledgement' }).waitFor();
    await page.getByText('Your signature is uploaded.').waitFor();
    await expect(page.getByText('No signature uploaded yet.').count()).resolves.toBe(0);
    const shown = page.getByRole('img', { name: 'Your uploaded signature' });
    await shown.scrollIntoViewIfNeeded();
    const src = (await shown.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/storage\/files\//);
    const facts = await imageFacts(page, src);
    expect([facts.width, facts.height]).toEqual([1285, 100]);
    expect(facts.dark).toBeGreaterThan(200);
    await shot(page, 'seeded-signature-390');
    const [row] = await sql<{ sign: string }>(`select sign from users where email = 'member@vault.local'`);
    // Private: not served from the public folder.
    expect((await fetch(`${baseUrl()}${row!.sign}`)).status).toBe(404);
  });
});
