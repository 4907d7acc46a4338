import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, open, PHONE, shot, sql } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('public site', () => {
  it('shows every home section with the token carousel fed from the server', async () => {
    const page = await newPage(browser);
    await open(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('button', { name: 'Create New Account' }).first().isVisible()).resolves.toBe(true);
    // Carousel: the seeded tokens, three at a time on a desktop.
    await page.getByText('Silver', { exact: false }).first().waitFor();
    for (const heading of [
      'benefits-title',
      'app-features-title',
      'android-title',
      'activation-title',
      'quick-start-title',
    ]) {
      await expect(page.locator(`#${heading}`).count()).resolves.toBe(1);
    }
    const body = await page.textContent('body');
    expect(body).toContain('3-25%');
    expect(body).toContain('90%');
    expect(body).toContain('7 billion');
    await expect(page.getByTestId('app-version').textContent()).resolves.toBe('1.0.0 (build 1.0.8)');
    await shot(page, 'home-desktop');

    const phone = await newPage(browser, PHONE);
    await open(phone, '/');
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await shot(phone, 'home-phone');
  });

  it('opens the Watch Video modal and closes it with Escape', async () => {
    const page = await newPage(browser);
    await open(page, '/');
    await page
      .getByRole('button', { name: /Watch Video/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.locator('video').count()).resolves.toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends the contact form and stores it; shows messages under invalid fields', async () => {
    const page = await newPage(browser);
    await open(page, '/contact-us');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Email cannot be empty').first().waitFor();
    const email = `visitor-${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Vera Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Subject').fill('Opening a vault');
    await page.getByLabel('Message').fill('How long does activation take?');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Thank you! Your message has been received.').first().waitFor();
    const rows = await sql('select subject from site_messages where email = $1', [email]);
    expect(rows).toEqual([{ subject: 'Opening a vault' }]);
  });

  it('downloads at most 150 KB of gzip JavaScript for / and the sign-in modal only when it opens', async () => {
    const page = await newPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await open(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstLoad = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect(firstLoad).toBeGreaterThan(0);
    expect(firstLoad).toBeLessThanOrEqual(150 * 1024);
    const before = new Set(scripts.keys());
    // The modal's form (react-hook-form, the contract's schemas) and the dialog come when it opens.
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect([...scripts.keys()].filter((name) => !before.has(name)).length).toBeGreaterThan(0);
  });

  it('subscribes to the newsletter from the footer, with the schema checked before it is sent', async () => {
    const page = await newPage(browser);
    await open(page, '/');
    const field = page.getByLabel('Your e-mail address');
    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Email is invalid').waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The message follows what is typed once a submit was refused; the address goes out as the schema makes it.
    const email = `Reader-${Date.now()}@Example.com`;
    await field.fill(`  ${email} `);
    await page.getByText('Email is invalid').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('You are subscribed to our newsletter.').waitFor();
    await expect(field.inputValue()).resolves.toBe('');
    const rows = await sql('select email from newsletter_subscribers where email = $1', [email.toLowerCase()]);
    expect(rows).toHaveLength(1);
  });

  it('runs the public pages under the strict content security policy without a violation', async () => {
    const page = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await open(page, '/');
    await page
      .getByRole('button', { name: /Watch Video/i })
      .first()
      .click();
    await page.getByRole('dialog').locator('video').first().waitFor();
    await page.keyboard.press('Escape');
    for (const path of ['/about-us', '/faq', '/contact-us', '/sign-up']) {
      await open(page, path);
      await page.waitForTimeout(500);
    }
    expect(violations).toEqual([]);
  });

  it('sends unknown paths to the home page and scrolls to the top on navigation', async () => {
    const page = await newPage(browser);
    await open(page, '/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about-us');
    // The URL changes before React has rendered the new page; the page a person then sees is what counts.
    await page.getByRole('heading', { level: 1, name: 'A vault built by its members' }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });
});
