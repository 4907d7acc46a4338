import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAdmin,
  baseUrl,
  createMember,
  lastMailText,
  launch,
  newPage,
  open,
  PHONE,
  shot,
  signIn,
  sql,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('account access in the browser', () => {
  it('signs up with the human check, verifies the e-mail from the outbox and logs in', async () => {
    const page = await newPage(browser);
    const address = `e2e-${randomBytes(4).toString('hex')}@example.com`;
    await open(page, '/sign-up');
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Please verify you are human').waitFor();
    await dialog.getByText('You need to agree to our terms and conditions.').waitFor();
    await dialog.getByLabel('Name').fill('Nora New');
    await dialog.getByLabel('Email').fill(address);
    await dialog.getByLabel('Password', { exact: true }).fill('Welcome123');
    await dialog.getByLabel('Confirm password').fill('Welcome123');
    await dialog.getByLabel('I agree to the terms and conditions').check();
    await dialog.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await dialog
      .getByText(/verified/i)
      .first()
      .waitFor({ timeout: 60_000 });
    await shot(page, 'sign-up-filled');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByText('Account created successfully & verification email has been sent to your email address')
      .first()
      .waitFor();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

    // Not verified yet: refused with a way to resend.
    const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
    await signInDialog.getByLabel('Email').fill(address);
    await signInDialog.getByLabel('Password', { exact: true }).fill('Welcome123');
    await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signInDialog.getByRole('button', { name: 'Resend verification email' }).waitFor();

    const mail = await lastMailText(address, 'verify-email');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await page.getByText('Your email address is verified. You can now log in.').first().waitFor();

    await signIn(page, address, 'Welcome123');
    await page.getByText('User Logged In successfully').first().waitFor();
    // No membership data yet: the Open Account prompt.
    await page.getByText('Submit your GPA Level 3 Data to Continue').first().waitFor();
    await shot(page, 'open-account-prompt');
  });

  it('resets a forgotten password with the 4-digit code (pasted) and logs in with the new one', async () => {
    const m = await createMember();
    const page = await newPage(browser);
    await open(page, '/sign-in');
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.getByLabel('Email').fill(m.email);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Password reset email has been sent successfully!').first().waitFor();
    const code = /\b(\d{4})\b/.exec(await lastMailText(m.email, 'reset-code'))?.[1];
    expect(code).toMatch(/^\d{4}$/);
    // Pasting the whole code into one box fills all four.
    await dialog.getByLabel('Digit 1 of 4').focus();
    await page.evaluate((c) => {
      const data = new DataTransfer();
      data.setData('text/plain', c);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code!);
    await expect(dialog.getByLabel('Digit 4 of 4').inputValue()).resolves.toBe(code![3]);
    await shot(page, 'forgot-code');
    await dialog.getByRole('button', { name: 'Verify Code' }).click();
    await dialog.getByLabel('New password', { exact: true }).fill('Renewed123');
    await dialog.getByLabel('Confirm new password').fill('Renewed123');
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await page.getByText('Password create successfully').first().waitFor();

    await signIn(page, m.email, 'Renewed123');
    await page.getByText('User Logged In successfully').first().waitFor();
  });

  it('changes the profile name, uploads a picture and logs out', async () => {
    const m = await createMember({ name: 'Paula Picture', gpa: true });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.waitForURL('**/cryptocurrency');

    await open(page, '/settings');
    const name = page.getByLabel('Profile name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Name cannot be empty').first().waitFor();
    await name.fill('Paula Portrait');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('User name updated successfully').first().waitFor();
    await page.getByText('Welcome, ', { exact: false }).filter({ hasText: 'Paula Portrait' }).first().waitFor();

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByLabel('Profile picture file')
      .first()
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Profile picture updated successfully').first().waitFor();
    const [row] = await sql<{ profile_picture: string }>('select profile_picture from users where id = $1', [m.id]);
    expect(row?.profile_picture).toMatch(/^\/uploads\/.+\.png$/);
    const served = await fetch(`${baseUrl()}${row!.profile_picture}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    await shot(page, 'settings-after-changes');

    await page.getByRole('button', { name: 'Paula Portrait' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Logout' });
    await confirm.getByText('Are you sure you want to logout?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
  });

  it('changes the password in Account Settings with its own wording, then logs in with the new one', async () => {
    const m = await createMember({ name: 'Cora Change', gpa: true });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.waitForURL('**/cryptocurrency');
    await open(page, '/settings');
    const submit = page.getByRole('button', { name: 'Change Password' });
    await page.getByLabel('Old password').fill('short');
    await page.getByLabel('New password', { exact: true }).fill('Changed123');
    await page.getByLabel('Confirm new password').fill('Changed124');
    await submit.click();
    await page.getByText("Password can't be less than 8.").waitFor();
    await page.getByText('Password do not match.').waitFor();
    await page.getByLabel('Old password').fill('Wrong12345');
    await page.getByLabel('Confirm new password').fill('Changed123');
    await submit.click();
    await page.getByText('Old password is incorrect').first().waitFor();
    await expect(page.getByLabel('New password', { exact: true }).inputValue()).resolves.toBe('Changed123');
    await page.getByLabel('Old password').fill(m.password);
    await submit.click();
    await page.getByText('Password updated successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, m.email, 'Changed123');
    await page.waitForURL('**/cryptocurrency');
  });

  it('deletes the account after a typed confirmation and clears everything', async () => {
    const m = await createMember({ name: 'Dana Delete', gpa: true });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.waitForURL('**/cryptocurrency');
    await open(page, '/settings');
    await page.getByRole('button', { name: 'Delete my Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my Account' });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
    const [row] = await sql<{ deleted_at: Date | null }>('select deleted_at from users where id = $1', [m.id]);
    expect(row?.deleted_at).not.toBeNull();
    await signIn(page, m.email, m.password);
    await page.getByText('Invalid email or password').first().waitFor();
  });

  it('shows the maintenance page on every route while the flag is on', async () => {
    expect((await asAdmin('POST', '/api/admin/settings/maintenance', { maintenance: true })).status).toBe(200);
    try {
      const page = await newPage(browser);
      for (const path of ['/', '/faq', '/settings']) {
        await open(page, path);
        await page.getByRole('heading', { name: "We'll be back soon" }).waitFor();
      }
      await shot(page, 'maintenance');
    } finally {
      await asAdmin('POST', '/api/admin/settings/maintenance', { maintenance: false });
    }
  });

  it('logs a blocked member out live with the reason, and receives notifications live', async () => {
    const m = await createMember({ name: 'Bea Blocked', gpa: true });
    const page = await newPage(browser, PHONE);
    await signIn(page, m.email, m.password);
    await page.waitForURL('**/cryptocurrency');
    await page.waitForTimeout(1000); // the socket connects after user/info

    expect(
      (await asAdmin('POST', '/api/admin/notifications', { userId: m.id, message: 'Your statement is ready' })).status,
    ).toBe(200);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('region', { name: 'Your notifications' }).getByText('Your statement is ready').waitFor();
    await shot(page, 'notification-live');

    expect((await asAdmin('POST', `/api/admin/users/${m.id}/block`, { reason: 'Compliance review' })).status).toBe(200);
    await page.getByText('Compliance review').first().waitFor();
    await page.getByText('Your Account has been Blocked Please login again').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();

    await signIn(page, m.email, m.password);
    await page.getByText('Your account has been blocked: Compliance review. Please Contact support').first().waitFor();
  });

  it('sends an imported member to Change Password first', async () => {
    const page = await newPage(browser);
    await signIn(page, 'imported@vault.local', 'Imported2026!');
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    await shot(page, 'imported-change-password');
  });
});
