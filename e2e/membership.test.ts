import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, launch, newPage, open, PHONE, shot, signIn, sql } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A form control by its exact label; required fields show a '*' after it. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();

describe('membership application', () => {
  it('gates the dashboard, then completes the wizard across Save & Exit and a reload, signed and submitted', async () => {
    const m = await createMember({ name: 'Wanda Wizard' });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    await page.getByText('Submit your GPA Level 3 Data to Continue').first().waitFor();
    await shot(page, 'wizard-open-account-prompt');

    // The gate: no membership data yet.
    await open(page, '/cryptocurrency');
    await page.waitForURL('**/profile');
    await page.getByText('Please fill your GPA data first').first().waitFor();

    await heading(page, 'Instructions');
    await shot(page, 'wizard-1-instructions');
    await page.getByRole('button', { name: 'Next' }).click();

    await heading(page, 'G.P.A. Level 3 Info');
    await field(page, 'First name').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name is required').first().waitFor();
    await page.getByText('Street address is required').first().waitFor();
    await shot(page, 'wizard-2-errors');
    await field(page, 'First name').fill('Wanda');
    await field(page, 'Last name').fill('Wizard');
    await field(page, 'Primary email').fill(m.email);
    await field(page, 'Primary phone — Number').fill('5550142');
    await field(page, 'Physical address — Street address').fill('12 Liberty Street');
    await field(page, 'Physical address — City').fill('New York');
    await field(page, 'Physical address — Postal code').fill('10005');
    await field(page, 'Mailing address is the same as physical address').check();
    await expect(field(page, 'Mailing address — City').inputValue()).resolves.toBe('New York');
    await shot(page, 'wizard-2-gpa-info');
    await page.getByRole('button', { name: 'Next' }).click();

    await heading(page, 'TAF/Legacy');
    await expect(field(page, 'Sponsoring Assembly').inputValue()).resolves.toContain('SA-02');
    await expect(field(page, 'Referral source').inputValue()).resolves.toContain('Ambassador');
    await field(page, 'Beneficiary — First name').fill('Bert');
    await shot(page, 'wizard-3-taf');
    await page.getByRole('button', { name: 'Save & Exit' }).click();
    await page.waitForURL('**/cryptocurrency');

    // Days later, in a reloaded page: back at the same step with everything typed.
    await open(page, '/profile');
    await heading(page, 'TAF/Legacy');
    await expect(field(page, 'Beneficiary — First name').inputValue()).resolves.toBe('Bert');
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'G.P.A. Level 3 Info');
    await expect(field(page, 'Physical address — Street address').inputValue()).resolves.toBe('12 Liberty Street');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'TAF/Legacy');
    await page.getByRole('button', { name: 'Next' }).click();

    await heading(page, 'Acknowledgement');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Please upload signature first').first().waitFor();
    await page.getByRole('button', { name: 'Upload signature' }).click();
    await page.getByText('Please upload signature first').first().waitFor();

    const canvas = page.getByRole('img', { name: 'Signature drawing area' });
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(box.x + 20 + i * 12, box.y + box.height * (i % 2 ? 0.3 : 0.7));
    }
    await page.mouse.up();
    await page.getByRole('button', { name: 'Upload signature' }).click();
    await page.getByText('Signature uploaded successfully').first().waitFor();
    await page.getByRole('img', { name: 'Your uploaded signature' }).waitFor();
    await shot(page, 'wizard-4-acknowledgement');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Form submitted successfully').first().waitFor();
    await page.waitForURL('**/cryptocurrency');

    const [row] = await sql<{ gpa_data: Record<string, unknown>; sign: string }>(
      'select gpa_data, sign from users where id = $1',
      [m.id],
    );
    expect(row?.gpa_data).toMatchObject({
      displayName: 'Wanda Wizard',
      primaryEmail: m.email,
      mailingAddress: { city: 'New York', country: 'United States' },
      sponsor: { name: 'SA-02' },
      beneficiary: { name: { firstName: 'Bert' } },
    });
    expect(row?.sign).toMatch(/^\/uploads\/.+\.png$/);

    // Every step on a phone, walked back from the last one.
    const phone = await newPage(browser, PHONE);
    await phone.goto('/');
    await phone.evaluate(
      (token) => localStorage.setItem('authToken', token),
      await page.evaluate(() => localStorage.getItem('authToken') ?? ''),
    );
    await open(phone, '/profile');
    for (const [name, file] of [
      ['Acknowledgement', 'wizard-4-phone'],
      ['TAF/Legacy', 'wizard-3-phone'],
      ['G.P.A. Level 3 Info', 'wizard-2-phone'],
      ['Instructions', 'wizard-1-phone'],
    ] as const) {
      await heading(phone, name);
      await shot(phone, file);
      if (name !== 'Instructions') await phone.getByRole('button', { name: 'Back' }).click();
    }
  });

  it('has an imported member change the password first, then log in to the dashboard', async () => {
    const m = await createMember({ imported: true, gpa: true });
    const page = await newPage(browser);
    await signIn(page, m.email, m.password);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    // Until the password is changed, member routes show only the restricted screen.
    await open(page, '/settings');
    await page.getByRole('heading', { name: 'Change Password' }).first().waitFor();
    await expect(page.getByRole('heading', { name: 'Account Info' }).count()).resolves.toBe(0);
    await field(page, 'Old password').fill(m.password);
    await field(page, 'New password').fill('Fresh12345');
    await field(page, 'Confirm new password').fill('Fresh12345');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password updated successfully').first().waitFor();
    await signIn(page, m.email, 'Fresh12345');
    await page.waitForURL('**/cryptocurrency');
    const [row] = await sql<{ is_imported: boolean }>('select is_imported from users where id = $1', [m.id]);
    expect(row?.is_imported).toBe(false);
  });
});
