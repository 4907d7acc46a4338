import { randomBytes, randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, look, openBackOffice, overflowsSideways } from './admin-support.ts';
import {
  apiLogin,
  asAdmin,
  baseUrl,
  createMember,
  DESKTOP,
  markNotReloaded,
  newPage,
  notReloaded,
  open,
  PHONE,
  realtimeConnected,
  signInToDashboard,
  sql,
} from './browser.ts';

/**
 * Issue 17 items 1, 2 and 7 in the back office: an owner creates an opportunity pool (the form's messages
 * first), edits it and changes its supply; a subscribed, activated member asks for units in the member app
 * (/silent-wave?pool=<id>, "Get Units Now"); the request waits in the Approvals queue beside the redeem
 * requests, whose Review opens it at Acquire requests; an operator approves it (confirmed first) and the
 * member's units appear on the member's page without a reload; a second request is rejected with a reason
 * (required) and its Q released; a request decided meanwhile answers 409, said in the dialog. A support
 * administrator reads it all without the actions. Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();

async function memberPost(token: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An activated member with membership data, subscribed to a 1 Q lifetime plan, holding `q` Q after paying it. */
async function subscriber(name: string, q: string) {
  const m = await createMember({ name, gpa: true });
  await sql('update users set is_wallet_activated = true where id = $1', [m.id]);
  const credit = await asAdmin('POST', '/api/admin/ledger/credit', {
    email: m.email,
    asset: 'Q',
    amount: String(Number(q) + 1),
    reason: 'Opening balance',
  });
  expect(credit.status).toBe(200);
  const plan = await asAdmin('POST', '/api/admin/subscription-plans', {
    title: `E2E Lifetime ${randomBytes(3).toString('hex')}`,
    logo: '/tokens/q.svg',
    priceUSD: '1',
    duration: 'lifetime',
  });
  expect(plan.status, JSON.stringify(plan.json)).toBe(200);
  const token = await apiLogin(m.email, m.password);
  const subscribed = await memberPost(token, '/api/subscription', {
    planId: (plan.json as { data: { _id: string } }).data._id,
  });
  expect(subscribed.status, JSON.stringify(subscribed.json)).toBe(200);
  return { ...m, token };
}

/** "Get Units Now" through the API (what the member app sends): the request's id. */
async function requestUnits(member: { token: string }, pool: string, amount: string) {
  const res = await memberPost(member.token, '/api/nft-purchase-request/create-new-request', {
    assetPool: pool,
    amount,
    paymentMethod: 'nativeToken',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { data: { _id: string } }).data._id;
}

const balanceOf = async (userId: string, asset: string) =>
  (
    await sql<{ balance: string }>(
      `select balance::text from ledger_accounts where user_id = $1 and asset = $2 and kind = 'member'`,
      [userId, asset],
    )
  )[0]?.balance ?? '0';
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const requestDialog = (page: Page) => page.getByRole('dialog', { name: /^Acquire .* units of / });
const requestRow = (page: Page, email: string, units: string) =>
  page.getByRole('row').filter({ hasText: email }).filter({ hasText: units });

describe('back office opportunities', () => {
  it('an owner makes a pool, a member asks for units, an operator approves one request and rejects another', async () => {
    const found: string[] = [];
    const owner = await enrolledAdministrator('owner', suite.dataDir);
    const operator = await enrolledAdministrator('operator', suite.dataDir);
    const support = await enrolledAdministrator('support', suite.dataDir);
    const name = `E2E Wave ${randomBytes(3).toString('hex')}`;

    // ── The owner creates a pool: every field's message first, then the pool. ──
    const page = await newPage(suite.browser, DESKTOP);
    await openBackOffice(page, owner.token, '/admin/overview');
    await page.getByRole('link', { name: 'Opportunities' }).click();
    await page.getByRole('heading', { name: 'Opportunity pools', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New pool' }).click();
    const form = page.getByRole('dialog', { name: 'New opportunity pool' });
    await form.getByRole('button', { name: 'Create pool' }).click();
    for (const message of [
      messages.poolNameRequired,
      messages.poolTitleRequired,
      messages.poolImageInvalid,
      messages.poolSupplyInvalid,
      messages.poolPriceInvalid,
      messages.poolDueDateInvalid,
    ])
      await form.getByText(message).waitFor();
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Title').fill('A catalogue of songs');
    await form.getByLabel(/^Image address/).fill('wave.png');
    await form.getByLabel('Description').fill('Royalties of a catalogue of songs, paid yearly.');
    await form.getByLabel('Total supply (units)').fill('999999');
    await form.getByLabel('Price per unit (Q)').fill('2.5');
    await form.getByLabel('Due date').fill('2030-12-31');
    await form.getByLabel('Royalties').fill('5 % a year');
    await form.getByRole('button', { name: 'Create pool' }).click();
    await form.getByText(messages.poolImageInvalid).waitFor();
    await form.getByText(messages.poolSupplyInvalid).waitFor();
    await look(page, 'admin-pool-form-errors-1280', found);
    await form.getByLabel(/^Image address/).fill('/tokens/xag.svg');
    await form.getByLabel('Total supply (units)').fill('1000000');
    await form.getByText('The whole supply comes to 2,500,000.00 Q.').waitFor();
    await look(page, 'admin-pool-form-1280', found);
    await form.getByRole('button', { name: 'Create pool' }).click();
    await notice(page, `${messages.poolSaved}: ${name}, 1,000,000.00 units at 2.50 Q a unit.`).waitFor();
    const [created] = await sql<{ id: string }>('select id from opportunity_pools where name = $1', [name]);
    expect(created).toBeTruthy();
    const poolId = created!.id;
    const poolRow = page.getByRole('row').filter({ hasText: name });
    await poolRow.waitFor();
    for (const text of ['A catalogue of songs', '2.50 Q', '1,000,000.00', '31 Dec 2030'])
      expect(await poolRow.textContent()).toContain(text);

    // Edit: the title and the price (only what changed is sent); then the supply, half a million more.
    await poolRow.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Title').fill('A catalogue of great songs');
    await edit.getByLabel('Price per unit (Q)').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText(messages.poolPriceInvalid).waitFor();
    await edit.getByLabel('Price per unit (Q)').fill('2.50');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, `${messages.poolSaved}: ${name}, 2.50 Q a unit.`).waitFor();
    await poolRow.getByText('A catalogue of great songs').waitFor();

    await poolRow.getByRole('button', { name: `Change the supply of ${name}` }).click();
    const supply = page.getByRole('dialog', { name: `Change the supply of ${name}` });
    await supply.getByLabel('New total supply (units)').fill('1500000');
    await supply.getByText('500,000.00 new units are issued to the treasury.').waitFor();
    await look(page, 'admin-pool-supply-1280', found);
    await supply.getByRole('button', { name: 'Change supply' }).click();
    await notice(page, `${messages.poolSupplyChanged}: ${name}, 1,500,000.00 units in all.`).waitFor();
    await poolRow.filter({ hasText: '1,500,000.00' }).waitFor();
    await look(page, 'admin-pools-1280', found);

    // ── The member asks for 4 units (10 Q) in the member app. ──
    const member = await subscriber('Olive Opportunity', '50');
    const web = await newPage(suite.browser, DESKTOP);
    await signInToDashboard(web, member.email, member.password);
    await open(web, `/silent-wave?pool=${poolId}`);
    await web.getByRole('heading', { name: 'A catalogue of great songs', level: 1 }).waitFor();
    const yourUnits = web.locator('dt', { hasText: 'Your units' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => yourUnits.textContent()).toMatch(/^0(\.00)?$/);
    await web.getByRole('button', { name: 'Acquire', exact: true }).click();
    const getUnits = web.getByRole('dialog', { name: 'Get Units Now' });
    await getUnits.getByLabel('Number of Units').fill('4');
    await getUnits.getByRole('button', { name: 'Submit' }).click();
    await getUnits.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await sql('select 1 from opportunity_requests where user_id = $1', [member.id])).length)
      .toBe(1);
    const [first] = await sql<{ id: string }>('select id from opportunity_requests where user_id = $1', [member.id]);
    expect(await balanceOf(member.id, 'Q')).toMatch(/^40(\.0+)?$/);
    await realtimeConnected(web);
    await markNotReloaded(web);

    // A support administrator reads the pools and the request, without the actions.
    const supportPage = await newPage(suite.browser, DESKTOP);
    await openBackOffice(supportPage, support.token, '/admin/opportunities');
    await supportPage.getByRole('row').filter({ hasText: name }).waitFor();
    await supportPage.getByText('Only owners create pools and change them.').waitFor();
    await expect(supportPage.getByRole('button', { name: 'New pool' }).count()).resolves.toBe(0);
    await expect(supportPage.getByRole('button', { name: `Edit ${name}` }).count()).resolves.toBe(0);
    await supportPage.getByRole('button', { name: `Details of ${name}` }).click();
    const details = supportPage.getByRole('dialog', { name });
    await details.getByText('1 waiting for a decision').waitFor();
    await details.getByText('4.00 units').waitFor();
    await look(supportPage, 'admin-pool-details-1280', found);
    await details.getByText('1 waiting for a decision').click();
    await supportPage.waitForURL('**/admin/acquire-requests');
    await requestRow(supportPage, member.email, '4.00 units').getByRole('button', { name: 'View' }).click();
    await requestDialog(supportPage).getByText('Your role may see this request but not decide it.').waitFor();
    await expect(requestDialog(supportPage).getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    await supportPage.close();

    // ── The operator: the Approvals queue lists it; Review opens it at Acquire requests; Approve, confirmed. ──
    const desk = await newPage(suite.browser, DESKTOP);
    await openBackOffice(desk, operator.token, '/admin/approvals');
    await desk.getByRole('button', { name: 'Acquire requests', exact: true }).click();
    await desk.waitForURL('**/admin/approvals?kind=acquire');
    const queued = requestRow(desk, member.email, `4.00 units of ${name} for 10.00 Q`);
    await queued.waitFor();
    expect(await queued.textContent()).toContain('$10.00');
    await look(desk, 'admin-approvals-acquire-1280', found);
    await queued.getByRole('button', { name: 'Review' }).click();
    await desk.waitForURL(`**/admin/acquire-requests?open=${first!.id}`);
    const dialog = requestDialog(desk);
    await dialog.getByText('Olive Opportunity').waitFor();
    await dialog.getByText('10.00 Q, held from the member’s Q since the request').waitFor();
    await look(desk, 'admin-acquire-request-1280', found);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog
      .getByTestId('acquire-confirm')
      .getByText(`4.00 units of ${name} go to ${member.email}, and the 10.00 Q held go to the treasury`)
      .waitFor();
    await look(desk, 'admin-acquire-confirm-1280', found);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await notice(desk, `${messages.acquireApproved}. 4.00 units of ${name} to ${member.email}.`).waitFor();
    await desk.waitForURL('**/admin/acquire-requests');
    await expect.poll(() => requestRow(desk, member.email, '4.00 units').count()).toBe(0);

    // The units are the member's: on their page without a reload (nftBalanceUpdated), and in the ledger.
    await expect.poll(() => yourUnits.textContent(), { timeout: 15_000 }).toMatch(/^4(\.00)?$/);
    expect(await notReloaded(web)).toBe(true);
    expect(await balanceOf(member.id, `nft:${poolId}`)).toMatch(/^4(\.0+)?$/);
    expect(await balanceOf(member.id, 'Q')).toMatch(/^40(\.0+)?$/);
    await web.screenshot({ path: '.test-artifacts/screenshots/admin-acquire-member-units-1280.png' });

    // ── A second request (2 units, 5 Q) rejected with a reason (required): its Q is released. ──
    await requestUnits(member, poolId, '2');
    expect(await balanceOf(member.id, 'Q')).toMatch(/^35(\.0+)?$/);
    await desk.goto('/admin/acquire-requests');
    const second = requestRow(desk, member.email, '2.00 units');
    await second.waitFor();
    await look(desk, 'admin-acquire-requests-1280', found);
    await second.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const reason = desk.getByRole('dialog', { name: 'Reject the acquire request?' });
    await reason.getByRole('button', { name: 'Reject request' }).click();
    await reason.getByText(messages.rejectionReasonRequired).waitFor();
    await look(desk, 'admin-acquire-reject-1280', found);
    await reason.getByLabel(/^Reason/).fill('The pool is closed to new members this quarter');
    await reason.getByRole('button', { name: 'Reject request' }).click();
    await notice(desk, `${messages.acquireRejected}. 2.00 units of ${name} of ${member.email}.`).waitFor();
    expect(await balanceOf(member.id, 'Q')).toMatch(/^40(\.0+)?$/);
    await desk.getByRole('button', { name: 'Rejected', exact: true }).click();
    await desk.waitForURL('**/admin/acquire-requests?status=rejected');
    await requestRow(desk, member.email, '2.00 units').getByRole('button', { name: 'View' }).click();
    await dialog.getByText('The pool is closed to new members this quarter').waitFor();
    await dialog.getByText('Close', { exact: true }).click();

    // ── Decided meanwhile by someone else: 409, said in the dialog. ──
    const late = await requestUnits(member, poolId, '1');
    // (The list asks the server again every 30 seconds; a new visit asks at once.)
    await desk.goto('/admin/acquire-requests');
    await requestRow(desk, member.email, '1.00 units').getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const other = await asAdmin('POST', `/api/admin/opportunity-requests/${late}/reject`, { reason: 'Decided first' });
    expect(other.status).toBe(200);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByText(`${messages.holdAlreadyResolved}: another administrator decided it first`).waitFor();
    await dialog.getByText('Since decided by another administrator').waitFor();
    await expect(dialog.getByRole('button', { name: 'Approve', exact: true }).count()).resolves.toBe(0);
    await look(desk, 'admin-acquire-409-1280', found);
    await dialog.getByText('Close', { exact: true }).click();

    // The pool: 4 sold, nothing reserved, the rest the treasury's.
    await desk.goto(`/admin/opportunities?pool=${poolId}`);
    const pool = desk.getByRole('dialog', { name });
    await pool.getByText('1,499,996.00 units').waitFor();
    await pool.getByText('None').waitFor();

    // ── On a phone: the pools, the requests, the queue and a request fit. ──
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, operator.token, '/admin/opportunities');
    await phone.getByRole('row').filter({ hasText: name }).waitFor();
    await look(phone, 'admin-pools-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phone.goto('/admin/acquire-requests?status=all');
    const phoneRow = requestRow(phone, member.email, '4.00 units');
    await phoneRow.waitFor();
    await look(phone, 'admin-acquire-requests-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phoneRow.getByRole('button', { name: '4.00 units' }).click();
    await requestDialog(phone).getByText('Olive Opportunity').waitFor();
    await look(phone, 'admin-acquire-request-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await requestUnits(member, poolId, '3');
    await phone.goto('/admin/approvals?kind=acquire');
    await requestRow(phone, member.email, '3.00 units').waitFor();
    await look(phone, 'admin-approvals-acquire-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);

    const ownerPhone = await newPage(suite.browser, PHONE);
    await openBackOffice(ownerPhone, owner.token, '/admin/opportunities');
    await ownerPhone.getByRole('button', { name: 'New pool' }).click();
    await ownerPhone
      .getByRole('dialog', { name: 'New opportunity pool' })
      .getByRole('button', { name: 'Create pool' })
      .click();
    await ownerPhone.getByText(messages.poolNameRequired).waitFor();
    await look(ownerPhone, 'admin-pool-form-390', found);
    expect(await overflowsSideways(ownerPhone)).toEqual([]);

    for (const p of [ownerPhone, phone, desk, web, page]) await p.close();
    expect(found).toEqual([]);
    // One story through three roles, two apps and two window sizes: longer than a screen's test.
  }, 300_000);
});
