import { CHAT_NEW_MESSAGE } from '@vault/contract/realtime';
import type { ChatMessage } from '@vault/contract/schemas/chat';
import type { Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { backOfficeSuite, enrolledAdministrator, look, openBackOffice, overflowsSideways } from './admin-support.ts';
import { apiLogin, baseUrl, createMember, DESKTOP, markNotReloaded, newPage, notReloaded, PHONE } from './browser.ts';
import { memberPageAt, twoProcesses } from './two-processes.ts';

/**
 * The back office's support inbox (issue 15 item 5): a member writes to support (through the API and the
 * members' socket, as the member app does); a support administrator, with the inbox open, sees it arrive
 * without a reload, opens it beside the member's profile, assigns it to themselves and answers with text, a
 * file and an image; the member receives each answer live on their socket and can open the attachments; the
 * member's next message shows in the open conversation live. Screens at 1280 and 390 px, with axe.
 */

const suite = backOfficeSuite();
/** The member's app and the back office each through its own server process, sharing Redis and the data folder. */
const processes = twoProcesses();
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

/** A one-page PDF and a 1×1 PNG: enough for the server's content check. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const FILE_NAME = 'account-statement-november-2026-final.pdf';

async function memberCall<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** The member's socket (the members' namespace), connected, and every chat message it receives. */
async function memberSocket(token: string) {
  const socket = io(baseUrl(), { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  const received: ChatMessage[] = [];
  socket.on(CHAT_NEW_MESSAGE, (m: ChatMessage) => received.push(m));
  return received;
}

const conversation = (page: Page) => page.getByRole('log', { name: /^Messages with / });
const inboxItem = (page: Page, email: string) => page.getByRole('link').filter({ hasText: email });
const live = (page: Page) => page.locator('[data-live="live"]').waitFor();

describe('back office support inbox', () => {
  it('a member writes to support and an administrator answers from the back office', async () => {
    const found: string[] = [];
    const support = await enrolledAdministrator('support', suite.dataDir);
    const member = await createMember({ name: 'Sam Support', gpa: true });
    const token = await apiLogin(member.email, member.password);
    const room = (await memberCall<{ data: { _id: string } }>(token, '/api/chat/support', {})).data._id;
    const received = await memberSocket(token);

    // The inbox is open and live before the member writes. First it fails to load: it says so, Try again recovers.
    const page = await newPage(suite.browser, DESKTOP);
    await page.route('**/api/admin/chat/rooms?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL' }),
      }),
    );
    await openBackOffice(page, support.token, '/admin/overview');
    await page.getByRole('link', { name: 'Support', exact: true }).click();
    await page.getByRole('heading', { name: 'Support inbox', level: 1 }).waitFor();
    const failed = page.getByRole('alert').filter({ hasText: 'The conversations could not be loaded' });
    await failed.waitFor();
    await look(page, 'admin-support-error-1280', found);
    await page.unroute('**/api/admin/chat/rooms?*');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Unassigned', pressed: true }).waitFor();
    await failed.waitFor({ state: 'detached' });
    await live(page);
    await markNotReloaded(page);

    await memberCall(token, '/api/chat/room/messages', { chatRoom: room, text: 'My wire has not arrived yet' });
    const item = inboxItem(page, member.email);
    await item.waitFor();
    const itemText = await item.textContent();
    for (const text of ['Sam Support', 'My wire has not arrived y…', 'Unassigned', '1 unanswered'])
      expect(itemText).toContain(text);
    expect(await notReloaded(page)).toBe(true);
    await look(page, 'admin-support-inbox-1280', found);

    // The conversation beside the member's profile; take it, then answer with text, a file and an image.
    await item.click();
    await page.waitForURL(`**/admin/support?room=${room}`);
    await conversation(page).getByText('My wire has not arrived yet').waitFor();
    const profile = page.getByRole('complementary', { name: 'Member' });
    await profile.getByText(member.email).waitFor();
    await profile.getByText('Vault not activated').waitFor();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('status').filter({ hasText: 'Conversation assigned to you' }).waitFor();
    await page.getByText('Assigned to you', { exact: true }).waitFor();

    const reply = page.getByLabel('Reply to Sam Support');
    await reply.fill('We are looking at it <b>now</b>');
    await reply.press('Enter');
    await conversation(page).getByText('We are looking at it <b>now</b>').waitFor();
    expect(await reply.inputValue()).toBe('');

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: `Remove ${FILE_NAME}` }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const download = conversation(page).getByRole('link', { name: `Download ${FILE_NAME}` });
    await download.waitFor();
    expect(await download.textContent()).toContain(`…${FILE_NAME.slice(-28)}`);

    await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await reply.fill('And the receipt');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await conversation(page).getByRole('img', { name: 'Image receipt.png' }).waitFor();

    // The member received the three answers live, from the administrator, and can open the attachments.
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const answers = received.filter((m) => m.user !== member.id);
    expect(answers.map((m) => [m.type, m.text, m.fileName])).toEqual([
      ['text', 'We are looking at it <b>now</b>', null],
      ['file', '', FILE_NAME],
      ['image', 'And the receipt', 'receipt.png'],
    ]);
    expect(answers.every((m) => m.recipient === member.id && m.chatRoom === room)).toBe(true);
    for (const m of answers.slice(1)) expect((await fetch(new URL(m.image!, baseUrl()))).status).toBe(200);
    const history = await memberCall<{ data: ChatMessage[] }>(token, `/api/chat/room/messages?chatRoom=${room}`);
    expect(history.data.map((m) => m.text)).toEqual([
      'My wire has not arrived yet',
      'We are looking at it <b>now</b>',
      '',
      'And the receipt',
    ]);

    // The member's next message shows in the open conversation, live.
    await memberCall(token, '/api/chat/room/messages', { chatRoom: room, text: 'Thank you!' });
    await conversation(page).getByText('Thank you!').waitFor();
    expect(await notReloaded(page)).toBe(true);
    await look(page, 'admin-support-conversation-1280', found);

    // Mine lists it now.
    await page.getByRole('button', { name: 'Mine', exact: true }).click();
    await page.waitForURL(`**/admin/support?filter=mine&room=${room}`);
    await inboxItem(page, member.email).getByText('Yours').waitFor();
    await page.close();

    // On a phone: the inbox, then the conversation alone with a way back.
    const phone = await newPage(suite.browser, PHONE);
    await openBackOffice(phone, support.token, '/admin/support?filter=all');
    await live(phone);
    const phoneItem = inboxItem(phone, member.email);
    await phoneItem.waitFor();
    await look(phone, 'admin-support-inbox-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    await phoneItem.click();
    await conversation(phone).getByText('Thank you!').waitFor();
    await look(phone, 'admin-support-conversation-390', found);
    expect(await overflowsSideways(phone)).toEqual([]);
    // Its start: the day's separator and the member's first message.
    await conversation(phone).evaluate((el) => {
      el.scrollTop = 0;
    });
    await conversation(phone).getByText('Today', { exact: true }).waitFor();
    await look(phone, 'admin-support-conversation-start-390', found);
    await phone.getByRole('link', { name: 'Conversations' }).click();
    await phoneItem.waitFor();
    await phone.close();

    expect(found).toEqual([]);
  });

  it('a member at /chat on one process and support at /admin/support on another talk live, with an image', async () => {
    const support = await enrolledAdministrator('support', suite.dataDir);
    const member = await createMember({ name: 'Cora Chat', gpa: true });
    const [memberBase, deskBase] = processes.bases;
    const memberPage = await memberPageAt(suite.browser, memberBase, member, '/chat');
    const chat = memberPage.getByRole('region', { name: 'Conversation' });
    await chat.getByRole('heading', { name: 'Vault support' }).waitFor();
    await markNotReloaded(memberPage);
    const field = chat.getByLabel('Message', { exact: true });
    await field.fill('Where is my redemption?');
    await field.press('Enter');
    await chat.getByTestId('chat-delivered').waitFor();

    const context = await suite.browser.newContext({ viewport: DESKTOP, baseURL: deskBase });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openBackOffice(page, support.token, '/admin/support?filter=all');
    await live(page);
    await inboxItem(page, member.email).click();
    await conversation(page).getByText('Where is my redemption?').waitFor();
    const reply = page.getByLabel(`Reply to ${member.name}`);
    await reply.fill('It was approved this morning');
    await reply.press('Enter');
    await chat.getByTestId('chat-message').filter({ hasText: 'It was approved this morning' }).waitFor();
    // An image from the desk: stored by the desk's process, shown inline at the member's, read from the shared
    // data folder.
    await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Remove receipt.png' }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const image = chat.locator('img[src*="/api/storage/files/"]');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The member answers; the open desk shows it without a reload.
    await field.fill('Thank you, got the receipt');
    await field.press('Enter');
    await conversation(page).getByText('Thank you, got the receipt').waitFor();
    expect(await notReloaded(memberPage)).toBe(true);
    await context.close();
    await memberPage.close();
  });
});
