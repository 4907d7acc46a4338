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
  samePersonOn,
  shot,
  signInToDashboard,
  splashGone,
} from './browser.ts';

/** What issue 8 changed on screens a member sees: private signatures, decimals, maintenance, blocked resets. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A 1x1 PNG as the signature pad uploads it (a data: URL through storage/upload/base64). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARAwQCgAfrgP19hgqWQAAAABJRU5ErkJggg==';

describe('issue 8 on the screens', () => {
  it('shows a member their own signature through a private URL; the public uploads folder does not have it', async () => {
    const m = await createMember({ name: 'Sam Signer' });
    const token = await apiLogin(m.email, m.password);
    const form = new FormData();
    form.append('type', 'signature');
    form.append('file', PNG);
    const uploaded = await fetch(`${baseUrl()}/api/storage/upload/base64`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/api\/storage\/files\/.+\.png$/);
    const fileName = url.split('/').pop();
    expect((await fetch(`${baseUrl()}/uploads/${fileName}`)).status).toBe(404);
    const draft = await fetch(`${baseUrl()}/api/gpalevel/draft`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ step: 3, form: { signatureUrl: url } }),
    });
    expect(draft.status).toBe(200);

    const page = await newPage(browser);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await open(page, '/profile');
    const image = page.getByRole('img', { name: 'Your uploaded signature' });
    await image.waitFor();
    // The browser really loaded it through the signed URL.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    expect(await image.getAttribute('src')).toMatch(/^\/api\/storage\/files\//);
    await image.scrollIntoViewIfNeeded();
    await shot(page, 'hardening-private-signature');
  });

  it('refuses more decimals than the token has in the send form (Q: 2)', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, 'member@vault.local', 'Member2026!');
    await open(page, '/Send');
    const form = page.getByRole('form', { name: 'Send tokens' });
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Amount').fill('0.001');
    await form.getByRole('button', { name: 'Send Now' }).click();
    await form.getByText('number field must have 2 digits after decimal or less').waitFor();
    await expect(form.getByLabel('Amount').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await shot(page, 'hardening-send-decimals');
  });

  it('shows the maintenance page as soon as a member call is refused for maintenance', async () => {
    const page = await newPage(browser);
    await signInToDashboard(page, 'member@vault.local', 'Member2026!');
    expect((await asAdmin('POST', '/api/admin/settings/maintenance', { maintenance: true })).status).toBe(200);
    try {
      // The page polls the flag once a minute; a refused call shows the page at once. Refresh makes one,
      // unless a call the page made by itself was refused first and the page already shows.
      await page
        .getByRole('button', { name: 'Refresh' })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await page.getByRole('heading', { name: "We'll be back soon" }).waitFor({ timeout: 10_000 });
      await shot(page, 'hardening-maintenance');
      const phone = await samePersonOn(browser, page, PHONE);
      await phone.getByRole('heading', { name: "We'll be back soon" }).waitFor();
      await splashGone(phone);
      await shot(phone, 'hardening-maintenance-phone');
    } finally {
      expect((await asAdmin('POST', '/api/admin/settings/maintenance', { maintenance: false })).status).toBe(200);
    }
  });

  it("tells someone resetting a blocked account to contact support, without the administrator's reason", async () => {
    const page = await newPage(browser);
    await open(page, '/sign-in');
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.getByLabel('Email').fill('blocked@vault.local');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Your account has been blocked Please Contact support').first().waitFor();
    await expect(page.getByText(/blocked:/).count()).resolves.toBe(0);
    await splashGone(page);
    await shot(page, 'hardening-blocked-reset');
  });
});
