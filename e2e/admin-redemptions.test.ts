import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import type { Redemption } from '@vault/contract/schemas/redemption';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, look, openBackOffice, overflowsSideways } from './admin-support.ts';
import { apiLogin, asAdmin, baseUrl, createMember, DESKTOP, newPage, PHONE, sql } from './browser.ts';

/**
 * The back office's Redemptions screen (issue 14 item 6): members' redeem requests, pending first, also listed
 * in the Approvals queue, which opens them here. A support
 * administrator reads a request without the actions; an operator opens one (the whole target account),
 * approves it (COINQVEST's sandbox pays it out) and finds it Approved with the payout's reference; a second
 * request is rejected with a reason (required), its tokens released; a request decided meanwhile by someone
 * else answers 409, said in the dialog. Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();
const bankAccount = { cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6' };

async function adminPost(token: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An activated member holding 100 Q (a liquidity token: no holding period), signed in by API. */
async function memberWithQ(name: string) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
    email: m.email,
    asset: 'Q',
    amount: '100',
    reason: 'Opening balance',
  });
  expect(credit.status).toBe(200);
  return { ...m, token: await apiLogin(m.email, m.password) };
}

/** The member asks to redeem `amount` Q to a bank account through COINQVEST (POST /api/coinqvest/request). */
async function askRedeem(member: Awaited<ReturnType<typeof memberWithQ>>, amount: string) {
  const res = await fetch(`${baseUrl()}/api/coinqvest/request`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ amount, tokenId: 'Q', targetNetwork: 'BANK', targetAccount: bankAccount }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Redemption }).data;
}

const balanceOf = async (userId: string, asset: string) =>
  (
    await sql<{ balance: string }>(
      `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
      [userId, asset],
    )
  )[0]?.balance;

const detail = (page: Page) => page.getByRole('dialog', { name: /^Redeem / });
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const rowOf = (page: Page, email: string, tokens: string) =>
  page.getByRole('row').filter({ hasText: email }).filter({ hasText: tokens });

describe('back office redemptions', () => {
  it('approves a request (paid out by the sandbox), rejects one with a reason, says a 409', async () => {
    const found: string[] = [];
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const support = await enrolledAdministrator('support', suite.dataDir);
    const member = await memberWithQ('Rita Redeem');

    const approved = await askRedeem(member, '25');
    const rejected = await askRedeem(member, '10');
    const late = await askRedeem(member, '7');
    expect(await balanceOf(member.id, 'Q')).toMatch(/^58(\.0+)?$/);

    // Support reads the list and a request, without the actions.
    const supportPage = await newPage(suite.browser, DESKTOP);
    await openBackOffice(supportPage, support.token, '/admin/overview');
    await supportPage.getByRole('link', { name: 'Redemptions' }).click();
    await supportPage.getByRole('heading', { name: 'Redemptions', level: 1 }).waitFor();
    await rowOf(supportPage, member.email, '25 Q').getByRole('button', { name: 'View' }).click();
    await detail(supportPage).getByText('Your role may see this request but not decide it.').waitFor();
    await expect(detail(supportPage).getByRole('button', { name: 'Approve and pay out' }).count()).resolves.toBe(0);
    await expect(detail(supportPage).getByRole('button', { name: 'Reject' }).count()).resolves.toBe(0);
    await supportPage.close();

    // The Approvals queue lists the waiting requests with the method, network and target account, and the
    // member's lots; Review opens the request at Redemptions.
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, operator.token, '/admin/approvals');
    await page.getByRole('button', { name: 'Redeem requests', exact: true }).click();
    await page.waitForURL('**/admin/approvals?kind=redeem');
    const queued = rowOf(page, member.email, 'Redeem 25 Q');
    await queued.waitFor();
    const queuedText = await queued.textContent();
    for (const text of ['Redeem', 'COINQVEST', 'BANK', '285059…5201', 'No holding period', '$25.00'])
      expect(queuedText).toContain(text);
    await look(page, 'admin-approvals-redeem-1280', found);
    await queued.getByRole('button', { name: 'Review' }).click();
    await page.waitForURL(`**/admin/redemptions?open=${approved._id}`);
    await detail(page).getByText(bankAccount.cbu).waitFor();
    await detail(page).getByText('Close', { exact: true }).click();
    await page.waitForURL('**/admin/redemptions');

    // The operator's list: member, tokens and USD, method and network, status, payout.
    const row = rowOf(page, member.email, '25 Q');
    await row.waitFor();
    const rowText = await row.textContent();
    for (const text of [member.name, member.email, '25 Q', '$25.00', 'COINQVEST', 'BANK', 'Pending'])
      expect(rowText).toContain(text);
    await look(page, 'admin-redemptions-1280', found);

    // The request in full: the whole target account; approve, confirmed first; COINQVEST's sandbox pays it out.
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = detail(page);
    await dialog.getByText(bankAccount.cbu).waitFor();
    await dialog.getByText('20123456786').waitFor();
    await dialog.getByText('CUIT (personal)').waitFor();
    await look(page, 'admin-redemptions-detail-1280', found);
    await dialog.getByRole('button', { name: 'Approve and pay out' }).click();
    await dialog.getByTestId('redemption-confirm').getByText('COINQVEST is asked now to pay $25.00').waitFor();
    await look(page, 'admin-redemptions-confirm-1280', found);
    await dialog.getByRole('button', { name: 'Approve and pay out' }).click();
    await notice(page, `Approved and paid out. 25 Q of ${member.email}: Approved.`).waitFor();
    await expect.poll(() => rowOf(page, member.email, '25 Q').count()).toBe(0);
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await page.waitForURL('**/admin/redemptions?status=completed');
    const done = rowOf(page, member.email, '25 Q').filter({ hasText: 'Approved' });
    await done.waitFor();
    await done.getByRole('button', { name: 'View' }).click();
    const [stored] = await sql<{ payout_ref: string }>('select payout_ref from redemptions where id = $1', [
      approved._id,
    ]);
    expect(stored?.payout_ref).toBeTruthy();
    await dialog.getByText(stored!.payout_ref).waitFor();
    await look(page, 'admin-redemptions-approved-1280', found);
    await dialog.getByText('Close', { exact: true }).click();
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await page.waitForURL('**/admin/redemptions');

    // Reject: a reason is required; the tokens go back to the member.
    await rowOf(page, member.email, '10 Q').getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const reason = page.getByRole('dialog', { name: 'Reject the redeem request?' });
    await reason.getByRole('button', { name: 'Reject request' }).click();
    await reason.getByText('Please give the reason').waitFor();
    await look(page, 'admin-redemptions-reject-1280', found);
    await reason.getByLabel(/^Reason/).fill('The bank account is not in the member’s name');
    await reason.getByRole('button', { name: 'Reject request' }).click();
    await notice(page, `Rejected: the tokens are the member’s again. 10 Q of ${member.email}.`).waitFor();
    await expect.poll(() => rowOf(page, member.email, '10 Q').count()).toBe(0);
    const [rejectedRow] = await sql<{ status: string; rejection_reason: string }>(
      'select status, rejection_reason from redemptions where id = $1',
      [rejected._id],
    );
    expect(rejectedRow).toEqual({
      status: 'rejected',
      rejection_reason: 'The bank account is not in the member’s name',
    });

    // Decided by someone else while the dialog is open: 409, the server's message in the dialog.
    await rowOf(page, member.email, '7 Q').getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Approve and pay out' }).click();
    const other = await adminPost(operator.token, `/api/admin/redemptions/${late._id}/reject`, {
      reason: 'Decided first',
    });
    expect(other.status).toBe(200);
    await dialog.getByRole('button', { name: 'Approve and pay out' }).click();
    await dialog.getByText(`${messages.holdAlreadyResolved}: another administrator decided it first`).waitFor();
    await expect(dialog.getByRole('button', { name: 'Approve and pay out' }).count()).resolves.toBe(0);
    await dialog.getByText('Since decided by another administrator').waitFor();
    await look(page, 'admin-redemptions-409-1280', found);
    await dialog.getByText('Close', { exact: true }).click();
    await expect.poll(() => rowOf(page, member.email, '7 Q').count()).toBe(0);

    // 25 Q left circulation; 10 and 7 were released.
    expect(await balanceOf(member.id, 'Q')).toMatch(/^75(\.0+)?$/);

    // On a phone: the list and a request fit.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, operator.token, '/admin/redemptions?status=all');
    const phoneRow = rowOf(phone, member.email, '25 Q');
    await phoneRow.waitFor();
    await look(phone, 'admin-redemptions-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phoneRow.getByRole('button', { name: '25 Q' }).click();
    await detail(phone).getByText(bankAccount.cbu).waitFor();
    await look(phone, 'admin-redemptions-detail-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phone.close();
    await page.close();

    expect(found).toEqual([]);
  });
});
