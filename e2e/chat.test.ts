import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { messages } from '@vault/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  baseUrl,
  createMember,
  DESKTOP,
  launch,
  markNotReloaded,
  notReloaded,
  PHONE,
  realtimeConnected,
  shot,
  sql,
} from './browser.ts';
import { memberPageAt, twoProcesses } from './two-processes.ts';

/**
 * Issue 15 items 2-4 and 6 (web): two members chat live in two browsers, each through its own server process
 * when Redis answers (the processes share it, as in production): a search opens the room, a text and a real
 * PNG reach the other side without a reload, the inbox shows the preview cut at 25 characters and the unread
 * badge, a file of another type is refused with the server's message, offline is said, and a stranger cannot
 * reach the room. Screenshots of /inbox, a conversation (desktop and phone) and /chat go to /tmp/chat-shots.
 */

const SHOTS = '/tmp/chat-shots';
let browser: Browser;
/** Where each member's browser talks to: two processes sharing Redis, or the one server of the run. */
const processes = twoProcesses();
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const memberPage = (base: string, email: string, password: string, path: string, viewport = DESKTOP) =>
  memberPageAt(browser, base, { email, password }, path, viewport);

async function chatShot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
  await shot(page, `chat-${name}`);
}

/** A real PNG of `width`×`height` pixels (gold with navy stripes): what the server's byte check and the browser read. */
function png(width = 160, height = 96): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < width; x++) rows.push(...((x + y) % 32 < 8 ? [16, 33, 62] : [212, 175, 55]));
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('chat between members', () => {
  it('two members chat live with an image across two server processes; a stranger cannot reach the room', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const alice = await createMember({ name: `Alice Talker ${tag}`, gpa: true });
    const bob = await createMember({ name: `Bob Listener ${tag}`, gpa: true });
    const stranger = await createMember({ name: `Sam Stranger ${tag}`, gpa: true });

    // Bob waits in his (empty) inbox on the second process the whole time.
    const bobPage = await memberPage(processes.bases[1], bob.email, bob.password, '/inbox');
    await bobPage.getByRole('heading', { name: 'CQR Connect', level: 1 }).waitFor();
    await bobPage.getByText('No conversations yet.', { exact: false }).waitFor();
    await realtimeConnected(bobPage);
    await markNotReloaded(bobPage);

    // Alice finds Bob by name (after the spec's 2 s debounce) and opens the room with him.
    const alicePage = await memberPage(processes.bases[0], alice.email, alice.password, '/inbox');
    await realtimeConnected(alicePage);
    await alicePage.getByLabel('Search members').fill(`Bob Listener ${tag}`);
    await alicePage.getByRole('button', { name: `Message ${bob.name}` }).click();
    const aliceChat = alicePage.getByRole('region', { name: 'Conversation' });
    await aliceChat.getByRole('heading', { name: bob.name }).waitFor();
    await aliceChat.getByText('No messages yet. Say hello!').waitFor();
    const roomId = new URL(alicePage.url()).searchParams.get('room');
    expect(roomId).toBeTruthy();

    // An empty message is not sent; a text goes with Enter and shows delivered.
    const field = aliceChat.getByLabel('Message', { exact: true });
    await expect.poll(() => alicePage.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await field.fill('   ');
    await field.press('Enter');
    const text = 'Hello Bob, the vault chat works across processes <b>bold?</b>';
    await field.fill(text);
    await field.press('Enter');
    const aliceMessages = aliceChat.getByTestId('chat-message');
    await expect.poll(() => aliceMessages.count()).toBe(1);
    await aliceMessages.first().getByText(text).waitFor();
    await aliceMessages.first().getByTestId('chat-delivered').waitFor();
    await aliceChat.getByTestId('chat-day').getByText('Today').waitFor();

    // Bob's inbox shows the room without a reload: the preview cut at 25 characters and one unread.
    const bobRow = bobPage.getByTestId('chat-room-row').filter({ hasText: alice.name });
    await bobRow.getByTestId('chat-room-preview').getByText('Hello Bob, the vault chat…').waitFor();
    await expect.poll(() => bobRow.getByTestId('chat-unread').textContent()).toBe('1 unread');
    expect(await notReloaded(bobPage)).toBe(true);
    await chatShot(bobPage, 'inbox-unread');

    // Bob opens it: the text shows as text (no markup), the badge goes; his answer reaches Alice live.
    await bobRow.click();
    const bobChat = bobPage.getByRole('region', { name: 'Conversation' });
    await bobChat.getByTestId('chat-messages').getByText(text).waitFor();
    expect(await bobChat.locator('b').count()).toBe(0);
    await bobRow.getByTestId('chat-unread').waitFor({ state: 'detached' });
    await bobChat.getByLabel('Message', { exact: true }).fill('Hi Alice! Got it.');
    await bobChat.getByRole('button', { name: 'Send' }).click();
    await aliceChat.getByTestId('chat-messages').getByText('Hi Alice! Got it.').waitFor();
    // Said once to a screen reader, through the conversation's live region.
    await aliceChat.getByText(`New message from ${bob.name}: Hi Alice! Got it.`).waitFor({ state: 'attached' });

    // Alice sends a real PNG: it shows inline on both sides, loaded through each one's own signed URL.
    await aliceChat.getByTestId('chat-file-input').setInputFiles({
      name: 'vault-photo.png',
      mimeType: 'image/png',
      buffer: png(),
    });
    const photo = (page: Page) => page.getByRole('img', { name: 'Photo vault-photo.png' });
    for (const page of [alicePage, bobPage]) {
      await photo(page).waitFor();
      await expect.poll(() => photo(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    }
    expect(await notReloaded(bobPage)).toBe(true);

    // A document: a download link showing the last 28 characters of its name.
    const pdfName = 'quarterly-statement-of-the-vault-2026-final.pdf';
    await aliceChat.getByTestId('chat-file-input').setInputFiles({
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    const download = bobChat.getByRole('link', { name: `…${pdfName.slice(-28)} (download)` });
    await download.waitFor();
    expect(await download.getAttribute('download')).toBe(pdfName);

    // A file that is not one of the allowed types: the server's message, nothing sent.
    await aliceChat.getByTestId('chat-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text is not an allowed attachment'),
    });
    await alicePage.getByText(messages.fileTypeNotAllowed).waitFor();
    await expect.poll(() => aliceMessages.count()).toBe(4);

    // Offline is said, and goes when the connection is back. A message written meanwhile is not lost: it stays
    // in the field, and Send once back online delivers it once.
    await alicePage.context().setOffline(true);
    await alicePage.getByRole('alert').filter({ hasText: messages.chatOffline }).waitFor();
    await field.fill('Written while offline');
    await field.press('Enter');
    expect(await field.inputValue()).toBe('Written while offline');
    await alicePage.context().setOffline(false);
    await alicePage.getByRole('alert').filter({ hasText: messages.chatOffline }).waitFor({ state: 'detached' });
    await field.press('Enter');
    const atBob = bobChat.getByTestId('chat-message').filter({ hasText: 'Written while offline' });
    await atBob.waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    expect(await atBob.count()).toBe(1);
    await expect.poll(() => aliceMessages.count()).toBe(5);

    await chatShot(alicePage, 'conversation-desktop');
    await chatShot(bobPage, 'inbox-conversation-desktop');

    // On a phone the list and the conversation are separate panes.
    const phone = await memberPage(processes.bases[0], alice.email, alice.password, '/inbox', PHONE);
    const phoneRow = phone.getByTestId('chat-room-row').filter({ hasText: bob.name });
    await phoneRow.getByTestId('chat-room-preview').getByText('Written while offline').waitFor();
    await chatShot(phone, 'inbox-phone');
    await phoneRow.click();
    const phoneChat = phone.getByRole('region', { name: 'Conversation' });
    await photo(phone).waitFor();
    await phoneChat.getByTestId('chat-messages').getByText('Hi Alice! Got it.').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const sendBox = await phoneChat.getByRole('button', { name: 'Send' }).boundingBox();
    expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(PHONE.width);
    await chatShot(phone, 'conversation-phone');
    await phoneChat.getByRole('button', { name: 'Back to conversations' }).click();
    await phoneRow.waitFor();

    // Bob blocks Alice: the room turns read-only on both sides at once (room-changed), without a reload.
    await bobChat.getByRole('button', { name: 'Block' }).click();
    await bobPage
      .getByRole('dialog', { name: `Block ${alice.name}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await bobChat.getByText(`You blocked ${alice.name}.`, { exact: false }).waitFor();
    await expect.poll(() => bobChat.getByLabel('Message', { exact: true }).count()).toBe(0);
    await aliceChat.getByRole('note').getByText(messages.chatReadOnly).waitFor();
    await expect.poll(() => aliceChat.getByLabel('Message', { exact: true }).count()).toBe(0);
    await chatShot(bobPage, 'read-only');
    await bobChat.getByRole('button', { name: 'Unblock' }).click();
    await bobChat.getByLabel('Message', { exact: true }).waitFor();
    await aliceChat.getByLabel('Message', { exact: true }).waitFor();

    // Bob deletes the room: it leaves his inbox only, and comes back when Alice writes again.
    await bobChat.getByRole('button', { name: 'Delete' }).click();
    await bobPage
      .getByRole('dialog', { name: 'Delete this conversation?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await bobRow.waitFor({ state: 'detached' });
    await aliceChat.getByLabel('Message', { exact: true }).fill('Knock knock');
    await aliceChat.getByLabel('Message', { exact: true }).press('Enter');
    await bobRow.getByTestId('chat-room-preview').getByText('Knock knock').waitFor();
    expect(await notReloaded(bobPage)).toBe(true);

    // The support conversation at /chat.
    await alicePage.goto('/chat');
    const support = alicePage.getByRole('region', { name: 'Conversation' });
    await support.getByRole('heading', { name: 'Vault support' }).waitFor();
    await support.getByLabel('Message', { exact: true }).fill('Hello support, can you see this?');
    await support.getByLabel('Message', { exact: true }).press('Enter');
    await support.getByTestId('chat-delivered').waitFor();
    await chatShot(alicePage, 'support');

    // A stranger: the room's messages answer not found, and the inbox does not open it.
    const token = await apiLogin(stranger.email, stranger.password);
    const res = await fetch(`${processes.bases[0]}/api/chat/room/messages?chatRoom=${roomId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(404);
    const strangerPage = await memberPage(
      processes.bases[1],
      stranger.email,
      stranger.password,
      `/inbox?room=${roomId}`,
    );
    await strangerPage.getByText('This conversation is not available.').waitFor();
    expect(await strangerPage.getByText(text).count()).toBe(0);
  }, 120_000);

  it('loads older messages on scroll up, with a separator for each day', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await createMember({ name: `Olga Older ${tag}`, gpa: true });
    const b = await createMember({ name: `Pete Pager ${tag}`, gpa: true });
    const res = await fetch(`${baseUrl()}/api/chat/room/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiLogin(a.email, a.password)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ otherUserId: b.id }),
    });
    const roomId = ((await res.json()) as { data: { _id: string } }).data._id;
    // 60 messages written yesterday and today (more than one page of 50), as if sent over time.
    await sql(
      `insert into chat_messages (id, room_id, user_id, recipient_id, type, text, created_at)
       select gen_random_uuid(), $1, case when i % 2 = 0 then $2::uuid else $3::uuid end,
              case when i % 2 = 0 then $3::uuid else $2::uuid end, 'text', 'Message number ' || i,
              date_trunc('day', now()) - interval '1 hour' + i * interval '2 minutes'
       from generate_series(1, 60) i`,
      [roomId, a.id, b.id],
    );
    await sql(
      `update chat_rooms set last_message_at = (select max(created_at) from chat_messages where room_id = $1)
       where id = $1`,
      [roomId],
    );

    const page = await memberPage(baseUrl(), a.email, a.password, `/inbox?room=${roomId}`);
    const list = page.getByRole('region', { name: 'Conversation' }).getByTestId('chat-messages');
    await list.getByText('Message number 60', { exact: true }).waitFor();
    await expect.poll(() => list.getByTestId('chat-message').count()).toBe(50);
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await list.getByText('Message number 1', { exact: true }).waitFor();
    await expect.poll(() => list.getByTestId('chat-message').count()).toBe(60);
    expect(await list.getByTestId('chat-day').allTextContents()).toEqual(['Yesterday', 'Today']);
    await list.getByRole('button', { name: 'Load older messages' }).waitFor({ state: 'detached' });
  }, 60_000);
});
