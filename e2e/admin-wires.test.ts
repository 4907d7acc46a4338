import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { type AdminWire, wireIssue } from '@vault/contract/schemas/funding';
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
import { apiLogin, baseUrl, createMember, DESKTOP, newPage, PHONE, sql } from './browser.ts';

/**
 * The back office's Wires screen (issue 12 §3): members' direct wires, pending first. A support administrator
 * reads a wire without the actions; an operator records one received (the amount prefilled, the tokens it
 * issues shown as it is typed) and the list moves on; a wire worth more than the maker-checker threshold
 * asks for a reason, then waits for a second administrator (202); a rejection needs a reason; a wire decided
 * meanwhile by someone else answers 409, said in the dialog. The threshold is restored at the end (e2e
 * files share one server). Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();
let restoreThreshold: (() => Promise<unknown>) | null = null;
afterAll(async () => {
  await restoreThreshold?.();
});

async function adminPost(token: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An activated member with a primary remittance address (as the remittance hub leaves it). */
async function memberWithAddress(name: string) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const [address] = await sql<{ id: string }>(
    `insert into remittance_addresses (id, user_id, name, country, email, street_address, city, state, zip_code,
       signature_path, is_primary)
     values (gen_random_uuid(), $1, $2, 'United States', 'bank@example.com', '1 Main St', 'Austin', 'TX', '73301',
       'private/e2e-signature.png', true) returning id`,
    [m.id, name],
  );
  return { ...m, address: address!.id, token: await apiLogin(m.email, m.password) };
}

/** The member asks for a direct wire of `tokenAmount` XAG (POST /api/direct-wires): its order. */
async function askWire(member: Awaited<ReturnType<typeof memberWithAddress>>, tokenAmount: string) {
  const res = await fetch(`${baseUrl()}/api/direct-wires`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ token: 'XAG', tokenAmount, remittanceAddress: member.address }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminWire }).data;
}

const dialog = (page: Page) => page.getByRole('dialog');
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const rowOf = (page: Page, orderId: string) => page.getByRole('row').filter({ hasText: orderId });

describe('back office wires', () => {
  it('records a wire received, holds a large one for a second administrator, rejects one, says a 409', async () => {
    const found: string[] = [];
    const owner = await enrolledAdministrator('owner', suite.dataDir);
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const support = await enrolledAdministrator('support', suite.dataDir);
    const member = await memberWithAddress('Wendy Wire');

    // The threshold is set where one wire is below it and one above (restored at the end, whatever happens).
    const before = await adminApi<{ data: { makerCheckerThresholdUsd: string } }>(
      owner.token,
      '/api/admin/settings/maker-checker',
    );
    restoreThreshold = () =>
      adminPost(owner.token, '/api/admin/settings/maker-checker', {
        makerCheckerThresholdUsd: before.data.makerCheckerThresholdUsd,
      });
    expect(
      (await adminPost(owner.token, '/api/admin/settings/maker-checker', { makerCheckerThresholdUsd: '1200' })).status,
    ).toBe(200);

    const small = await askWire(member, '25');
    const large = await askWire(member, '50');
    const rejected = await askWire(member, '30');
    const late = await askWire(member, '40');

    // Support reads the list and a wire, without the actions.
    const supportPage = await newPage(suite.browser, DESKTOP);
    await openBackOffice(supportPage, support.token, '/admin/overview');
    await supportPage.getByRole('link', { name: 'Wires' }).click();
    await supportPage.getByRole('heading', { name: 'Wires', level: 1 }).waitFor();
    await rowOf(supportPage, small.orderId).getByRole('button', { name: 'View' }).click();
    await dialog(supportPage).getByText('Your role may see this wire but not decide it.').waitFor();
    await expect(dialog(supportPage).getByRole('button', { name: 'Record received' }).count()).resolves.toBe(0);
    await supportPage.close();

    // The operator's list: order, member, tokens, USD, fee, due, status.
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, operator.token, '/admin/wires');
    const row = rowOf(page, small.orderId);
    await row.waitFor();
    const rowText = await row.textContent();
    for (const text of [member.name, member.email, '25 XAG', 'Pending']) expect(rowText).toContain(text);
    await look(page, 'admin-wires-1280', found);

    // Record received: the expected amount prefilled, the tokens it issues shown as it is typed.
    await row.getByRole('button', { name: 'Review' }).click();
    const detail = dialog(page);
    await detail.getByText('1 Main St, Austin, TX 73301, United States').waitFor();
    await detail.getByRole('button', { name: 'Record received' }).click();
    const amount = detail.getByLabel('Amount received (USD)');
    expect(await amount.inputValue()).toBe(small.amount);
    const issue = (usd: string) => wireIssue(usd, small.wireFee, small.tokenRate, small.token.decimals).tokens;
    await detail
      .getByTestId('wire-issue')
      .filter({ hasText: `Issues ${issue(small.amount)} XAG` })
      .waitFor();
    await amount.fill('10');
    await detail.getByTestId('wire-issue').filter({ hasText: messages.wireTooSmall }).waitFor();
    await amount.fill('700');
    await detail
      .getByTestId('wire-issue')
      .filter({ hasText: `Issues ${issue('700')} XAG` })
      .waitFor();
    await look(page, 'admin-wires-record-1280', found);
    await detail.getByRole('button', { name: 'Record received' }).click();
    await notice(page, `${messages.wireReceived}: ${small.orderId}, ${issue('700')} XAG`).waitFor();
    await expect.poll(() => rowOf(page, small.orderId).count()).toBe(0);
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.waitForURL('**/admin/wires?status=completed');
    await rowOf(page, small.orderId).filter({ hasText: 'Completed' }).waitFor();
    await page.getByRole('button', { name: 'Pending', exact: true }).click();

    // Above the threshold: without a reason the server asks for one (what was typed stays), then it waits.
    await rowOf(page, large.orderId).getByRole('button', { name: 'Review' }).click();
    await detail.getByRole('button', { name: 'Record received' }).click();
    await detail.getByRole('button', { name: 'Record received' }).click();
    await detail.getByText(messages.makerCheckerReasonRequired).waitFor();
    expect(await detail.getByLabel('Amount received (USD)').inputValue()).toBe(large.amount);
    await detail.getByLabel(/^Reason/).fill('Bank statement 2026-11-23, line 4');
    await detail.getByRole('button', { name: 'Record received' }).click();
    await notice(page, /Waiting for a second administrator: recording .* is in the Approvals queue/).waitFor();

    // Reject: a reason is required.
    await rowOf(page, rejected.orderId).getByRole('button', { name: 'Review' }).click();
    await detail.getByRole('button', { name: 'Reject', exact: true }).click();
    await detail.getByRole('button', { name: 'Reject wire' }).click();
    await detail.getByText(messages.rejectionReasonRequired).waitFor();
    await detail.getByLabel(/^Reason/).fill('No wire arrived with this order number');
    await detail.getByRole('button', { name: 'Reject wire' }).click();
    await notice(page, `${messages.wireRejected}: ${rejected.orderId}`).waitFor();
    await expect.poll(() => rowOf(page, rejected.orderId).count()).toBe(0);

    // Decided by someone else while the dialog is open: 409, said in the dialog, the wire shown as it is now.
    await rowOf(page, late.orderId).getByRole('button', { name: 'Review' }).click();
    await detail.getByRole('button', { name: 'Reject', exact: true }).click();
    await detail.getByLabel(/^Reason/).fill('Duplicate of another order');
    const other = await adminPost(owner.token, `/api/admin/wires/${late._id}/reject`, { reason: 'Decided first' });
    expect(other.status).toBe(200);
    await detail.getByRole('button', { name: 'Reject wire' }).click();
    await detail.getByText(`${messages.wireAlreadyDecided}: another administrator decided it first`).waitFor();
    await detail.getByText('Decided first').waitFor();
    await look(page, 'admin-wires-409-1280', found);
    await detail.getByText('Close', { exact: true }).click();

    // On a phone: the list fits.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, operator.token, '/admin/wires?status=all');
    await rowOf(phone, small.orderId).waitFor();
    await look(phone, 'admin-wires-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phone.close();
    await page.close();

    expect(found).toEqual([]);
  });
});
