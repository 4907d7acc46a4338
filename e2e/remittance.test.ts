import { messages } from '@vault/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, drawSignature, launch, newPage, open, PHONE, shot, signInToDashboard } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const addForm = (page: Page) => page.getByRole('form', { name: 'Add remittance address' });
const rows = (page: Page) => page.getByTestId('remittance-address');

type Address = { name: string; email: string; street: string; city: string; state: string; zip: string };

async function addAddress(page: Page, a: Address) {
  await page.getByRole('button', { name: 'Add address', exact: true }).click();
  const f = addForm(page);
  await f.getByLabel('Name', { exact: true }).fill(a.name);
  await f.getByLabel('Email', { exact: true }).fill(a.email);
  await f.getByLabel('Street address').fill(a.street);
  await f.getByLabel('City').fill(a.city);
  await f.getByLabel('State').fill(a.state);
  await f.getByLabel('Zip code').fill(a.zip);
  await drawSignature(page, f.getByRole('img', { name: 'Signature drawing area' }));
  await f.getByLabel(/I have read and agree/).check();
  await f.getByRole('button', { name: 'Save address' }).click();
  await addForm(page).waitFor({ state: 'detached' });
  await rows(page).filter({ hasText: a.name }).waitFor();
}

describe('remittance hub', () => {
  it('a new member sees no transactions on the dashboard', async () => {
    const member = await createMember({ name: 'Tara Transactions', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, member.email, member.password);
    const panel = page.locator('section[aria-labelledby="transactions-heading"]');
    await panel.getByRole('heading', { name: 'Transactions' }).waitFor();
    await panel.getByText('No transactions yet.', { exact: false }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-transactions-empty-1280');
    await page.context().close();
  });

  it('adds remittance addresses with a drawn signature, stars one, opens its detail and deletes another', async () => {
    const member = await createMember({ name: 'Rosa Remitter', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, member.email, member.password);

    // Settings' section 3 leads to the hub's Direct Wire Exchange.
    await open(page, '/settings');
    await page.getByRole('link', { name: 'Open Direct Wire Exchange' }).click();
    await page.waitForURL((url) => url.pathname === '/remittance' && url.searchParams.get('tab') === 'exchange');
    await expect(page.getByRole('tab', { name: 'Direct Wire Exchange' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.getByText('You have no remittance address yet.', { exact: false }).waitFor();
    await page.getByText('No direct wire requests yet.', { exact: false }).waitFor();

    // Every message of spec 2 §5 "Remittance address", the signature's and the agreement's.
    await page.getByRole('button', { name: 'Add address', exact: true }).click();
    const f = addForm(page);
    await expect(f.getByLabel('Country').inputValue()).resolves.toBe('United States');
    await f.getByRole('button', { name: 'Save address' }).click();
    for (const text of [
      messages.nameRequired,
      messages.sendEmailInvalid,
      messages.streetAddressRequired,
      messages.cityRequired,
      messages.stateRequired,
      messages.zipCodeRequired,
      messages.uploadSignatureFirst,
      messages.remittanceAgreementRequired,
    ]) {
      await f.getByText(text, { exact: true }).waitFor();
    }
    await expect(f.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await f.getByLabel('Email', { exact: true }).fill('not-an-email');
    await f.getByLabel('Name', { exact: true }).fill('Rosa Remitter');
    await f.getByRole('button', { name: 'Save address' }).click();
    await f.getByText(messages.sendEmailInvalid, { exact: true }).waitFor();
    await expect(f.getByText(messages.nameRequired, { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'remittance-address-validation-1280');
    await f.getByRole('button', { name: 'Cancel' }).click();

    await addAddress(page, {
      name: 'Rosa Remitter',
      email: 'rosa@example.com',
      street: '12 Market Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    await page.getByText(messages.remittanceAddressSaved).first().waitFor();
    await addAddress(page, {
      name: 'Rosa Savings',
      email: 'rosa.savings@example.com',
      street: '400 King Street West',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
    });
    await expect(rows(page).count()).resolves.toBe(2);

    // The star: one primary at a time (aria-pressed), kept after a reload.
    const star = (name: string) => page.getByRole('button', { name: `Primary address: ${name}` });
    await star('Rosa Savings').click();
    await expect.poll(() => star('Rosa Savings').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => star('Rosa Remitter').getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => star('Rosa Savings').getAttribute('aria-pressed')).toBe('true');
    await expect(star('Rosa Remitter').getAttribute('aria-pressed')).resolves.toBe('false');
    await shot(page, 'remittance-addresses-1280');

    // The detail view, with the uploaded signature (350 × 100, spec 2 §9).
    await page.getByRole('button', { name: 'Rosa Savings', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Remittance address' });
    await detail.getByText('rosa.savings@example.com').waitFor();
    await detail.getByText('400 King Street West').waitFor();
    const signature = detail.getByRole('img', { name: 'Signature of Rosa Savings' });
    await expect
      .poll(() => signature.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([350, 100]);
    await shot(page, 'remittance-address-detail-1280');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Delete (the cross) asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete Rosa Remitter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this remittance address?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page).count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Delete Rosa Remitter' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.remittanceAddressDeleted).first().waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(rows(page).first().textContent()).resolves.toContain('Rosa Savings');

    // The tabs work from the keyboard and are kept in the address.
    await page.getByRole('tab', { name: 'Direct Wire Exchange' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.pathname === '/remittance' && url.searchParams.get('tab') === 'redeem');
    await page.getByText('You have no redeem address yet.', { exact: false }).waitFor();
    await page.keyboard.press('Home');
    await page.waitForURL((url) => url.pathname === '/remittance' && url.searchParams.get('tab') === 'agreement');
    await page.getByRole('heading', { name: `Remittance Agreement ${new Date().getUTCFullYear()}` }).waitFor();

    // A phone gets the same list.
    const phone = await newPage(browser, PHONE);
    await phone.goto('/');
    await phone.evaluate(
      (token) => localStorage.setItem('authToken', token),
      await page.evaluate(() => localStorage.getItem('authToken') ?? ''),
    );
    await open(phone, '/remittance?tab=exchange');
    await rows(phone).first().waitFor();
    await shot(phone, 'remittance-exchange-390');
    await phone.context().close();
    await page.context().close();
  });
});
