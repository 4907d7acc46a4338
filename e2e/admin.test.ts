import { TOTP } from '@vault/contract/schemas/admin-auth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAV } from '../apps/admin/src/app/navigation.ts';
import { administratorEnrolmentLink, backOfficeSuite, look, totp } from './admin-support.ts';
import { apiLogin, baseUrl, createMember, DESKTOP, newPage, PHONE } from './browser.ts';

/**
 * The back office at /admin (issue 11): an owner created with `npm run admin -- create` enrols with the
 * one-time link (QR code and secret, name, password, first TOTP code, recovery codes), signs out and in
 * again, searches a member, opens their file and ends their sessions; a recovery code signs in on a phone;
 * a session ended elsewhere sends the tab back to the sign-in page. Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();

/** What the browser reports the content security policy refused (an inline script, an eval), per page. */
function cspRefusals(page: Page, into: string[]) {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) into.push(message.text());
  });
}

const adminToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('adminToken'));

describe('back office', () => {
  it('enrols an owner, signs in, finds a member, opens their file and ends their sessions', async () => {
    const found: string[] = [];
    const suffix = Math.random().toString(36).slice(2, 8);
    const member = await createMember({ name: `Mona Findable ${suffix}`, gpa: true });
    const memberToken = await apiLogin(member.email, member.password);
    const email = `e2e-owner-${suffix}@example.com`;
    const link = await administratorEnrolmentLink(email, 'owner', suite.dataDir);
    expect(link.origin).toBe(baseUrl());
    const enrolPath = `${link.pathname}${link.hash}`;
    const password = 'correct horse battery staple';

    // Enrolment: the QR code and the secret, then name, password and the app's code.
    const refused: string[] = [];
    const page = await newPage(suite.browser, DESKTOP);
    cspRefusals(page, refused);
    await page.goto(enrolPath);
    await page.getByRole('heading', { name: 'Set up your administrator account' }).waitFor();
    await page.getByRole('img', { name: /QR code to add/ }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await look(page, 'admin-enrol-1280', found);

    const finish = page.getByRole('form', { name: 'Finish enrolment' });
    await finish.getByRole('button', { name: 'Finish set-up' }).click();
    await finish.getByText('Enter your name').waitFor();
    await finish.getByLabel('Your name').fill('Olive Owner');
    await finish.getByLabel('Password', { exact: true }).fill('short');
    await finish.getByLabel('6-digit code from the app').fill(await totp(secret));
    await finish.getByRole('button', { name: 'Finish set-up' }).click();
    await finish.getByText('Use at least 12 characters').waitFor();
    await finish.getByLabel('Password', { exact: true }).fill(password);
    await finish.getByRole('button', { name: 'Finish set-up' }).click();

    // The recovery codes, once; then the session starts on the first screen the role may open.
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('vault-recovery-codes.txt');
    await look(page, 'admin-recovery-codes-1280', found);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL('**/admin/overview');
    await expect.poll(() => page.getByTestId('admin-email').textContent()).toBe(email);
    // An owner sees every built screen (navigation.ts lists only those), Overview first: /admin lands there.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(NAV.map((entry) => entry.label));
    expect(NAV[0]?.label).toBe('Overview');
    // The session lives in this tab only.
    expect(await adminToken(page)).toBeTruthy();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // Sign out, then in again: a wrong code is refused in the server's words, the next step's code admits.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    expect(await adminToken(page)).toBeNull();
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    const wrong = String((Number(await totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await login.getByLabel('Authenticator code').fill(wrong);
    await login.getByRole('button', { name: 'Sign in' }).click();
    const refusal = login.getByRole('alert').filter({ hasText: /\S/ });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/\S/);
    await look(page, 'admin-login-refused-1280', found);
    // The enrolment spent this step's code: the authenticator's next one.
    await login.getByLabel('Authenticator code').fill(await totp(secret, Date.now() + TOTP.period * 1000));
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/overview');

    // Members: the search goes into the address 300 ms after typing stops, and finds the member.
    await nav.getByRole('link', { name: 'Members', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`findable ${suffix}`);
    await page.waitForURL(new RegExp(`search=findable\\+${suffix}`));
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: new RegExp(member.name) }).waitFor();
    await look(page, 'admin-members-1280', found);
    // A search that finds nobody says so, with a way back.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`nobody-${suffix}`);
    await page.getByText(`No member matches “nobody-${suffix}”.`).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`findable ${suffix}`);
    await page.waitForURL(new RegExp(`search=findable\\+${suffix}`));
    // The list's state is in the address: a reload shows the same search.
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(`findable ${suffix}`);
    await table.getByRole('link', { name: new RegExp(member.name) }).waitFor();

    // Their file: profile, application, balances, lots, history, sessions.
    await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await page.waitForURL(`**/admin/members/${member.id}`);
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    for (const section of ['Profile', 'Membership application', 'Balances', 'Lots', 'Recent history'])
      await page.getByRole('region', { name: section, exact: true }).waitFor();
    const sessions = page.getByRole('region', { name: /^Sessions/ });
    await expect.poll(() => sessions.getByRole('heading').textContent()).toBe('Sessions (1)');
    await look(page, 'admin-member-1280', found);

    // End all sessions: a dialog (Escape closes it), a reason required, then the member is signed out.
    await sessions.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'End all sessions?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await sessions.getByRole('button', { name: 'End all sessions' }).click();
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel(/Reason/).fill('Member reported a lost phone');
    await look(page, 'admin-end-sessions-1280', found);
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /1 ended/ })
      .waitFor();
    await expect.poll(() => sessions.getByRole('heading').textContent()).toBe('Sessions (0)');
    const after = await fetch(`${baseUrl()}/api/user/info`, { headers: { authorization: `Bearer ${memberToken}` } });
    expect(after.status).toBe(401);

    // A member with money: the demo member's balances, lots (with redeemable dates) and history.
    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('member@vault.local');
    await page.waitForURL(/search=member%40vault.local/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').nth(1).getByRole('link').click();
    const balances = page.getByRole('region', { name: 'Balances', exact: true });
    await balances.getByRole('table', { name: 'Balances' }).waitFor();
    expect(await balances.getByRole('row').count()).toBeGreaterThan(1);
    await page
      .getByRole('region', { name: 'Lots', exact: true })
      .getByRole('columnheader', { name: 'Redeemable on' })
      .waitFor();
    await page
      .getByRole('region', { name: /^Recent history(?!,)/ })
      .getByRole('table')
      .waitFor();
    await look(page, 'admin-member-demo-1280', found);

    // The same screens on a phone.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await look(page, 'admin-member-390', found);
    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await table.getByRole('link', { name: new RegExp(member.name) }).waitFor();
    await look(page, 'admin-members-390', found);

    // A phone signs in with a recovery code (spent: the same code is refused next time).
    const phone = await newPage(suite.browser, PHONE);
    cspRefusals(phone, refused);
    await phone.goto('/admin/members');
    await phone.waitForURL('**/admin/login');
    const phoneLogin = phone.getByRole('form', { name: 'Sign in' });
    await phoneLogin.getByLabel('Email').fill(email);
    await phoneLogin.getByLabel('Password', { exact: true }).fill(password);
    await phoneLogin.getByLabel('Authenticator code').fill(codes[0]!);
    await look(phone, 'admin-login-390', found);
    await phoneLogin.getByRole('button', { name: 'Sign in' }).click();
    await phone.waitForURL('**/admin/members');
    await phone.getByRole('heading', { level: 1, name: 'Members' }).waitFor();

    // A session ended elsewhere (here: signed out through the API): the next call sends the tab to sign-in.
    const token = await adminToken(phone);
    const out = await fetch(`${baseUrl()}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await phone.getByRole('searchbox', { name: 'Search' }).fill('anyone');
    await phone.waitForURL('**/admin/login');
    await phone.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(await adminToken(phone)).toBeNull();

    // The member app never loaded any of it.
    const memberPage = await newPage(suite.browser, DESKTOP);
    const requested: string[] = [];
    memberPage.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await memberPage.goto('/');
    await memberPage.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.startsWith('/admin'))).toEqual([]);

    expect(found).toEqual([]);
    // Everything ran under the server's strict CSP (no inline script, no eval) without a refusal.
    expect(refused).toEqual([]);
  });
});
