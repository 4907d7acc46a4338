import { messages } from '@vault/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, launch, newPage, open, PHONE, samePersonOn, shot, signInToDashboard } from './browser.ts';

/** Redeem addresses (issue 14 item 1): the remittance hub's Direct Wire Redeem Address in a real browser. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const addForm = (page: Page) => page.getByRole('form', { name: 'Add redeem address' });
const editForm = (page: Page) => page.getByRole('form', { name: 'Edit redeem address' });
const rows = (page: Page) => page.getByTestId('redeem-address');

describe('Direct Wire Redeem Address', () => {
  it('adds one (every message, the phone’s US flag), opens its detail, edits it and deletes another', async () => {
    const member = await createMember({ name: 'Reda Redeemer', gpa: true });
    const page = await newPage(browser);
    await signInToDashboard(page, member.email, member.password);

    await open(page, '/remittance');
    await page.getByRole('tab', { name: 'Direct Wire Redeem Address' }).click();
    await page.waitForURL((url) => url.pathname === '/remittance' && url.searchParams.get('tab') === 'redeem');
    await page.getByText('You have no redeem address yet.', { exact: false }).waitFor();

    // Every message of spec 2 §5 "Redeem-address form"; the phone's flag defaults to US.
    await page.getByRole('button', { name: 'Add redeem address', exact: true }).click();
    const f = addForm(page);
    await expect(f.getByLabel('Country code').inputValue()).resolves.toBe('United States (+1)');
    // The flag beside it is a real image (the US flag's file is shared with the US Minor Outlying Islands').
    const flag = f.locator('img').first();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await f.getByRole('button', { name: 'Save address' }).click();
    for (const text of [
      messages.nameRequired,
      messages.accountNameRequired,
      messages.redeemAddressRequired,
      messages.bankNameRequired,
      messages.bankAddressRequired,
      messages.accountNumberRequired,
      messages.zellePayRequired,
    ])
      await f.getByText(text, { exact: true }).waitFor();
    await expect(f.getByLabel('Account Name').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(page, 'redeem-address-messages-1280');

    await f.getByLabel('Name', { exact: true }).fill('Checking');
    await f.getByLabel('Account Name').fill('Reda Redeemer');
    await f.getByLabel('Address', { exact: true }).fill('9 Harbour Road, Portland, ME 04101');
    await f.getByLabel('Number', { exact: true }).fill('(207) 555-0147');
    await f.getByLabel('Bank Name').fill('Casco Bay Bank');
    await f.getByLabel('Account no.').fill('7788990011');
    await f.getByLabel('Bank Address').fill('1 Commercial Street, Portland, ME 04101');
    await f.getByLabel('ABA (optional)').fill('021000021');
    await f.getByLabel('ZellePay Address').fill('reda@example.com');
    await shot(page, 'redeem-address-form-1280');
    await f.getByRole('button', { name: 'Save address' }).click();
    await page.getByText(messages.redeemAddressSaved).first().waitFor();
    await addForm(page).waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'Checking' }).waitFor();

    // A second one, with a UK phone picked from the list by its flag.
    await page.getByRole('button', { name: 'Add redeem address', exact: true }).click();
    const g = addForm(page);
    await g.getByLabel('Name', { exact: true }).fill('Savings');
    await g.getByLabel('Account Name').fill('Reda Redeemer');
    await g.getByLabel('Address', { exact: true }).fill('9 Harbour Road, Portland, ME 04101');
    await g.getByLabel('Country code').fill('United King');
    await page.getByRole('option', { name: 'United Kingdom (+44)' }).click();
    await g.getByLabel('Number', { exact: true }).fill('020 7946 0958');
    await g.getByLabel('Bank Name').fill('Thames Savings');
    await g.getByLabel('Account no.').fill('GB29NWBK60161331926819');
    await g.getByLabel('Bank Address').fill('1 Threadneedle Street, London');
    await g.getByLabel('SWIFT / BIC (optional)').fill('nwbkgb2l');
    await g.getByLabel('ZellePay Address').fill('reda@example.com');
    await g.getByRole('button', { name: 'Save address' }).click();
    await addForm(page).waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect(rows(page).first().textContent()).resolves.toContain('Savings');
    await shot(page, 'redeem-address-list-1280');

    // The detail: every field, the phone with its flag.
    await page.getByRole('button', { name: 'Savings', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Redeem address' });
    await detail.getByText('+442079460958').waitFor();
    await detail.getByText('NWBKGB2L').waitFor();
    await shot(page, 'redeem-address-detail-1280');
    // Edit from the detail: the form is filled, the phone split back into its flag and number.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const e = editForm(page);
    await expect(e.getByLabel('Country code').inputValue()).resolves.toBe('United Kingdom (+44)');
    await expect(e.getByLabel('Number', { exact: true }).inputValue()).resolves.toBe('2079460958');
    await e.getByLabel('Bank Name').fill('');
    await e.getByRole('button', { name: 'Save changes' }).click();
    await e.getByText(messages.bankNameRequired, { exact: true }).waitFor();
    await e.getByLabel('Bank Name').fill('Thames Savings plc');
    await e.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(messages.redeemAddressUpdated).first().waitFor();
    await editForm(page).waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'Thames Savings plc' }).waitFor();

    // The pencil edits too.
    await page.getByRole('button', { name: 'Edit Checking' }).click();
    await expect(editForm(page).getByLabel('Country code').inputValue()).resolves.toBe('United States (+1)');
    await editForm(page).getByLabel('Name', { exact: true }).fill('Main checking');
    await editForm(page).getByRole('button', { name: 'Save changes' }).click();
    await rows(page).filter({ hasText: 'Main checking' }).waitFor();

    // Delete asks first: Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete Main checking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this redeem address?' });
    await shot(page, 'redeem-address-delete-1280');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page).count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Delete Main checking' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.redeemAddressDeleted).first().waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);

    // A phone gets the same list.
    const phone = await samePersonOn(browser, page, PHONE);
    await open(phone, '/remittance?tab=redeem');
    await rows(phone).first().waitFor();
    await shot(phone, 'redeem-address-list-390');
    await phone.getByRole('button', { name: 'Add redeem address', exact: true }).click();
    await addForm(phone).getByLabel('Country code').waitFor();
    await shot(phone, 'redeem-address-form-390');
    await phone.context().close();
    await page.context().close();
  });
});
