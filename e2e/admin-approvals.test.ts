import { randomUUID } from 'node:crypto';
import { add, subtract } from '@vault/contract/money';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  backOfficeSuite,
  enrolledAdministrator,
  look,
  openBackOffice,
  overflowsSideways,
} from './admin-support.ts';
import { apiLogin, asAdmin, baseUrl, createMember, DESKTOP, newPage, PHONE, sql } from './browser.ts';

/**
 * The back office's Approvals and Ledger screens (issue 11 item 3): an operator approves an sdira member's
 * send request and the recipient's balance changes; an owner lowers the maker-checker threshold and credits
 * tokens from the Ledger screen, which waits; the owner, its maker, sees it marked as waiting for another
 * administrator without Approve (and the API refuses them); the operator approves it in the Approvals screen
 * and the member's balance changes; the owner reverses the credit from the Ledger screen. The threshold is
 * restored at the end (e2e files share one server). Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();
let restoreThreshold: (() => Promise<unknown>) | null = null;
afterAll(async () => {
  await restoreThreshold?.();
});

/** A member's balance of `symbol` as their dashboard reads it (wallet/currency-info). */
async function balanceOf(token: string, symbol: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/wallet/currency-info`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const info = (await res.json()) as CurrencyInfo;
  return info.nativeWallets.find((w) => w.coinSymbol === symbol)?.balance ?? '0';
}

/** An activated member (of a type), with opening balances issued by the treasury. */
async function activatedMember(name: string, type: 'member' | 'sdira', balances: Record<string, string>) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true, type = $2 where id = $1', [m.id, type]);
  for (const [asset, amount] of Object.entries(balances)) {
    const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
      email: m.email,
      asset,
      amount,
      reason: 'Opening balance',
    });
    expect(credit.status).toBe(200);
  }
  return { ...m, token: await apiLogin(m.email, m.password) };
}

async function adminPost(token: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const dialog = (page: Page) => page.getByRole('dialog');
const statusLine = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('back office approvals and ledger', () => {
  it('approves a send request, a held credit by a second administrator, and reverses from the ledger', async () => {
    const found: string[] = [];
    const owner = await enrolledAdministrator('owner', suite.dataDir);
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const sdira = await activatedMember('Sally Sdira', 'sdira', { XAG: '10' });
    const recipient = await activatedMember('Rita Recipient', 'member', {});

    // The sdira member asks to send 1.5 XAG: it waits on a hold for an administrator.
    const asked = await fetch(`${baseUrl()}/api/request/create-legacy-send-request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sdira.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ to: recipient.email, amount: '1.5', coin: 'XAG', memo: 'For the vault' }),
    });
    expect(asked.status).toBe(200);
    const askedAgain = await fetch(`${baseUrl()}/api/request/create-legacy-send-request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sdira.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ to: recipient.email, amount: '0.25', coin: 'XAG' }),
    });
    expect(askedAgain.status).toBe(200);
    const { data: secondRequest } = (await askedAgain.json()) as { data: { requestId: string } };

    // The operator opens Approvals from the menu; the request is a row: member, kind, what it moves.
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, operator.token, '/admin/members');
    await page.getByRole('link', { name: 'Approvals' }).click();
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: sdira.email }).filter({ hasText: '1.5 XAG to' });
    await row.waitFor();
    await look(page, 'admin-approvals-1280', found);
    const queueOnPhone = await newPage(suite.browser, PHONE);
    await openBackOffice(queueOnPhone, operator.token, '/admin/approvals');
    await queueOnPhone
      .getByRole('row')
      .filter({ hasText: `1.5 XAG to ${recipient.email}` })
      .waitFor();
    await look(queueOnPhone, 'admin-approvals-queue-390', found);
    expect(await overflowsSideways(queueOnPhone)).toEqual([]);
    await queueOnPhone
      .getByRole('row')
      .filter({ hasText: '1.5 XAG to' })
      .getByRole('button', { name: 'Review' })
      .click();
    await dialog(queueOnPhone).getByRole('button', { name: 'Approve' }).waitFor();
    await look(queueOnPhone, 'admin-approvals-detail-390', found);
    await queueOnPhone.close();

    // The kind filter lives in the address.
    await page.getByRole('button', { name: 'Swap requests' }).click();
    await page.waitForURL('**/admin/approvals?kind=swap');
    await expect(row.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Send requests' }).click();
    await page.waitForURL('**/admin/approvals?kind=send');

    // Detail: Reject needs a reason; Approve decides it.
    await row.getByRole('button', { name: 'Review' }).click();
    const detail = dialog(page);
    await detail.getByRole('heading', { name: 'Send request' }).waitFor();
    await detail.getByText('For the vault').waitFor();
    await detail.getByRole('button', { name: 'Reject' }).click();
    await detail.getByText('A reason is required').waitFor();
    await look(page, 'admin-approvals-detail-1280', found);
    await detail.getByRole('button', { name: 'Approve' }).click();
    await statusLine(page, 'Send request approved').waitFor();
    await row.waitFor({ state: 'detached' });
    await expect(balanceOf(recipient.token, 'XAG')).resolves.toBe('1.5');

    // Someone else decides the other request while the operator looks at it: Approve says so, the list refreshes.
    const other = page.getByRole('row').filter({ hasText: `0.25 XAG to ${recipient.email}` });
    await other.getByRole('button', { name: 'Review' }).click();
    const rejected = await adminPost(owner.token, `/api/admin/requests/${secondRequest.requestId}/reject`, {
      reason: 'Asked twice',
    });
    expect(rejected.status).toBe(200);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    await statusLine(page, 'Another administrator decided it first').waitFor();
    await other.waitFor({ state: 'detached' });

    // The owner lowers the maker-checker threshold (restored at the end, whatever happens).
    const before = await adminApi<{ data: { makerCheckerThresholdUsd: string } }>(
      owner.token,
      '/api/admin/settings/maker-checker',
    );
    restoreThreshold = () =>
      adminPost(owner.token, '/api/admin/settings/maker-checker', {
        makerCheckerThresholdUsd: before.data.makerCheckerThresholdUsd,
      });
    const lowered = await adminPost(owner.token, '/api/admin/settings/maker-checker', {
      makerCheckerThresholdUsd: '5',
    });
    expect(lowered.status).toBe(200);

    // The owner credits 100 Q from the Ledger screen: the amount is checked, confirmed, and the credit waits.
    const ownerPage = await newPage(suite.browser, DESKTOP);
    await openBackOffice(ownerPage, owner.token, '/admin/ledger');
    await ownerPage.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor();
    await ownerPage
      .getByRole('button', { name: /Show the postings/ })
      .first()
      .waitFor();
    await look(ownerPage, 'admin-ledger-1280', found);
    await ownerPage.getByRole('button', { name: 'Credit tokens' }).click();
    const credit = dialog(ownerPage);
    await credit.getByLabel("Member's e-mail").fill(recipient.email);
    await credit.getByLabel('Asset').selectOption('Q');
    await credit.getByLabel('Amount').fill('100.123');
    await credit.getByLabel(/^Memo/).fill('Welcome bonus');
    await credit.getByLabel(/^Reason/).fill('Promised in the welcome call');
    await credit.getByRole('button', { name: 'Review credit' }).click();
    await credit.getByText('number field must have 2 digits after decimal or less').waitFor();
    await credit.getByLabel('Amount').fill('100');
    await credit.getByRole('button', { name: 'Review credit' }).click();
    await expect(credit.getByTestId('credit-amount').textContent()).resolves.toBe('100 Q');
    await look(ownerPage, 'admin-ledger-credit-1280', found);
    await credit.getByRole('button', { name: 'Confirm credit' }).click();
    await statusLine(ownerPage, 'Waiting for a second administrator').waitFor();
    await expect(balanceOf(recipient.token, 'Q')).resolves.toBe('0');

    // The maker sees it waiting for another administrator, without Approve; the API refuses them too.
    await ownerPage.getByRole('link', { name: 'Approvals' }).click();
    await ownerPage.getByRole('button', { name: 'Second approval' }).click();
    await ownerPage.waitForURL('**/admin/approvals?kind=second');
    const held = ownerPage.getByRole('row').filter({ hasText: `100 Q to ${recipient.email}` });
    await held.getByText('Waiting for another administrator').waitFor();
    await held.getByRole('button', { name: 'Review' }).click();
    await dialog(ownerPage).getByText('You asked for this').waitFor();
    await expect(dialog(ownerPage).getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    await look(ownerPage, 'admin-approvals-maker-1280', found);
    await ownerPage.keyboard.press('Escape');
    await dialog(ownerPage).waitFor({ state: 'detached' });
    const actions = await adminApi<{ data: { id: string; payload: Record<string, unknown> }[] }>(
      owner.token,
      '/api/admin/actions?status=pending&kind=ledger.credit',
    );
    const action = actions.data.find((a) => a.payload.email === recipient.email)!;
    const refused = await adminPost(owner.token, `/api/admin/actions/${action.id}/approve`, {
      reason: 'Approving my own',
    });
    expect(refused.status).toBe(403);

    // The operator, a second administrator, approves it in the Approvals screen: the member's balance changes.
    // (The queue refreshes every 30 seconds and on focus; a reload shows it at once.)
    await page.goto('/admin/approvals?kind=second');
    const waiting = page.getByRole('row').filter({ hasText: `100 Q to ${recipient.email}` });
    await waiting.getByRole('button', { name: 'Review' }).click();
    const second = dialog(page);
    await second.getByText('Promised in the welcome call').waitFor();
    await second.getByRole('button', { name: 'Approve' }).click();
    await second
      .getByText('The reason must be 3 to 500 characters')
      .or(second.getByText('A reason is required'))
      .waitFor();
    await second.getByLabel(/^Reason/).fill('Checked the welcome call notes');
    await second.getByRole('button', { name: 'Approve' }).click();
    await statusLine(page, 'Approved and carried out').waitFor();
    await waiting.waitFor({ state: 'detached' });
    await expect(balanceOf(recipient.token, 'Q')).resolves.toBe('100');

    // A send request worth more than the threshold: approving it asks for a reason (the server's field
    // message), then waits; the owner approves it as the second administrator and the recipient is paid.
    const large = await fetch(`${baseUrl()}/api/request/create-legacy-send-request`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sdira.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ to: recipient.email, amount: '1', coin: 'XAG' }),
    });
    expect(large.status).toBe(200);
    await page.goto('/admin/approvals?kind=send');
    const big = page.getByRole('row').filter({ hasText: `1 XAG to ${recipient.email}` });
    await big.getByRole('button', { name: 'Review' }).click();
    const bigDetail = dialog(page);
    await bigDetail.getByRole('button', { name: 'Approve' }).click();
    await bigDetail.getByText('A reason is required to ask a second administrator').first().waitFor();
    await look(page, 'admin-approvals-reason-needed-1280', found);
    await bigDetail.getByLabel(/^Reason/).fill('Large send, checked with the member');
    await bigDetail.getByRole('button', { name: 'Approve' }).click();
    await statusLine(page, 'Waiting for a second administrator').waitFor();
    await big.getByText('Second approval waiting').waitFor();
    await expect(balanceOf(recipient.token, 'XAG')).resolves.toBe('1.5');
    await ownerPage.goto('/admin/approvals?kind=second');
    const bigAction = ownerPage.getByRole('row').filter({ hasText: `1 XAG to ${recipient.email}` });
    await bigAction.getByRole('button', { name: 'Review' }).click();
    await dialog(ownerPage).getByText('Large send, checked with the member').waitFor();
    await dialog(ownerPage)
      .getByLabel(/^Reason/)
      .fill('Second look: fine');
    await dialog(ownerPage).getByRole('button', { name: 'Approve' }).click();
    await statusLine(ownerPage, 'Approved and carried out').waitFor();
    await expect(balanceOf(recipient.token, 'XAG')).resolves.toBe('2.5');

    // Phone: the queue (empty for this kind now) and the ledger fit the screen.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, operator.token, '/admin/approvals');
    await phone.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await phone.getByText(/^\d+ waiting$/).waitFor();
    await look(phone, 'admin-approvals-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);

    // The threshold back; the owner reverses the credit from the Ledger screen (filtered by member and kind).
    await restoreThreshold();
    restoreThreshold = null;
    await ownerPage.getByRole('link', { name: 'Ledger' }).click();
    await ownerPage.getByLabel('Member', { exact: true }).fill(recipient.email);
    await ownerPage.getByLabel('Kind', { exact: true }).fill('credit');
    await ownerPage.getByRole('button', { name: 'Apply filters' }).click();
    await ownerPage.waitForURL(/member=.*&kind=credit/);
    const entry = ownerPage.getByRole('row').filter({ hasText: '100 Q' }).first();
    await entry.getByRole('button', { name: /Show the postings/ }).click();
    await ownerPage.getByText('Welcome bonus').first().waitFor();
    await look(ownerPage, 'admin-ledger-postings-1280', found);
    await entry.getByRole('button', { name: 'Reverse' }).click();
    const reverse = dialog(ownerPage);
    await reverse.getByRole('button', { name: 'Reverse entry' }).click();
    await reverse.getByText('A reason is required').waitFor();
    await reverse.getByLabel(/^Reason/).fill('Credited to the wrong member');
    await look(ownerPage, 'admin-ledger-reverse-1280', found);
    await reverse.getByRole('button', { name: 'Reverse entry' }).click();
    await statusLine(ownerPage, 'Transaction reversed').waitFor();
    await entry.getByText('Reversed').waitFor();
    await expect(balanceOf(recipient.token, 'Q')).resolves.toBe('0');
    // The sdira member's own balance: what was approved left it, the rejected request came back.
    await expect(balanceOf(sdira.token, 'XAG')).resolves.toBe(subtract('10', add('1.5', '1')));

    const phoneLedger = await newPage(suite.browser, PHONE);
    await openBackOffice(phoneLedger, owner.token, `/admin/ledger?member=${encodeURIComponent(recipient.email)}`);
    await phoneLedger
      .getByRole('button', { name: /Show the postings/ })
      .first()
      .click();
    await look(phoneLedger, 'admin-ledger-390', found);
    expect(await overflowsSideways(phoneLedger)).toEqual([]);

    expect(found).toEqual([]);
  });
});
