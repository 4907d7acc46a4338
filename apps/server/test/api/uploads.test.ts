import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../../src/db/schema.ts';
import {
  countRows,
  createLoggedInMember,
  type FormPart,
  IMAGES,
  multipartBody,
  startServer,
  type TestServer,
} from '../support.ts';

let server: TestServer;
let member: Awaited<ReturnType<typeof createLoggedInMember>>;
beforeAll(async () => {
  server = await startServer();
  member = await createLoggedInMember(server);
});
afterAll(() => server.close());

type Headers = Record<string, string>;
async function send(url: string, parts: FormPart[], headers: Headers = member.headers) {
  const { payload, contentType } = await multipartBody(parts);
  return server.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });
}
const upload = (data: Uint8Array, filename: string, type: string, headers?: Headers, kind = 'profilePicture') =>
  send(
    '/api/storage/upload',
    [
      { name: 'type', value: kind },
      { name: 'file', data, filename, type },
    ],
    headers,
  );
const uploadBase64 = (dataUrl: string, kind = 'signature', headers?: Headers) =>
  send(
    '/api/storage/upload/base64',
    [
      { name: 'type', value: kind },
      { name: 'file', value: dataUrl },
    ],
    headers,
  );
const setPicture = (profilePicture: unknown, headers: Headers = member.headers) =>
  server.app.inject({ method: 'POST', url: '/api/user/update-profile-picture', payload: { profilePicture }, headers });
const filesOnDisk = async () => readdir(path.join(server.config.dataDir, 'uploads'));
const uploadsOf = (userId: string) => countRows(server, 'uploads', sql`user_id = ${userId}`);

/** Bytes that start like `image` and are padded to `size` (file-type reads the content, not the name). */
const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);

describe('storage/upload', () => {
  it.each([
    ['png', IMAGES.png, 'image/png', 'png'],
    ['gif', IMAGES.gif, 'image/gif', 'gif'],
    ['jpeg', IMAGES.jpeg, 'image/jpeg', 'jpg'],
  ] as const)(
    'accepts a real %s, records it for the member, and serves it with the right type',
    async (_n, bytes, mime, ext) => {
      const res = await upload(bytes, `picture.${ext}`, mime);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('File uploaded successfully');
      expect(body.url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${ext}$`));

      const fileName = body.url.slice('/uploads/'.length);
      const [row] = await server.db.select().from(uploads).where(eq(uploads.fileName, fileName));
      expect(row).toMatchObject({ userId: member.user.id, kind: 'profilePicture', mime, size: bytes.length });

      const served = await server.app.inject({ url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('decides the type by content: a GIF named .png is stored and served as a GIF', async () => {
    const res = await upload(IMAGES.gif, 'looks-like.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\.gif$/);
    const served = await server.app.inject({ url: res.json().url });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  const refused: [string, Buffer, string, string][] = [
    ['a text file named .png', Buffer.from('hello, I am not a picture\n'), 'notes.png', 'image/png'],
    ['HTML named .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.jpg', 'image/jpeg'],
    [
      'an SVG with script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    [
      'a PDF named .png',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      'x.png',
      'image/png',
    ],
    [
      'a WebP (an image, but not png, gif or jpeg)',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]),
      'x.webp',
      'image/webp',
    ],
  ];
  it.each(refused)(
    'refuses %s with 415 "Please select image only", nothing written',
    async (_label, bytes, filename, type) => {
      const before = { rows: await uploadsOf(member.user.id), files: (await filesOnDisk()).length };
      const res = await upload(bytes, filename, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'FILE_TYPE_NOT_ALLOWED', message: messages.fileTypeNotAllowed });
      expect(await uploadsOf(member.user.id)).toBe(before.rows);
      expect((await filesOnDisk()).length).toBe(before.files);
    },
  );

  it('accepts exactly 5 MB and refuses one byte more with 413, nothing written', async () => {
    const exact = await upload(padded(IMAGES.png, LIMITS.uploadMaxBytes), 'big.png', 'image/png');
    expect(exact.statusCode).toBe(200);

    const before = { rows: await uploadsOf(member.user.id), files: (await filesOnDisk()).length };
    const res = await upload(padded(IMAGES.png, LIMITS.uploadMaxBytes + 1), 'too-big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: messages.fileTooLarge });
    expect(await uploadsOf(member.user.id)).toBe(before.rows);
    expect((await filesOnDisk()).length).toBe(before.files);
  });

  it('asks for a file when there is none or it is empty', async () => {
    const none = await send('/api/storage/upload', [{ name: 'type', value: 'profilePicture' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FILE_MISSING', message: messages.fileMissing });
    const empty = await upload(Buffer.alloc(0), 'empty.png', 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'FILE_MISSING', message: messages.fileMissing });
  });

  it('refuses an unknown upload type and a request that is not multipart', async () => {
    const before = await uploadsOf(member.user.id);
    const badType = await upload(IMAGES.png, 'a.png', 'image/png', undefined, 'passport');
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({
      message: messages.invalidRequest,
      fields: { type: messages.invalidRequest },
    });
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/storage/upload',
      payload: { file: IMAGES.png.toString('base64') },
      headers: member.headers,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.invalidRequest });
    expect(await uploadsOf(member.user.id)).toBe(before);
  });

  it('refuses a guest before reading the file', async () => {
    const res = await upload(IMAGES.png, 'a.png', 'image/png', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.unauthorized);
  });
});

describe('storage/upload/base64 (signature)', () => {
  it('stores a signature from a data: URL', async () => {
    const res = await uploadBase64(`data:image/png;base64,${IMAGES.png.toString('base64')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.signatureUploaded);
    // Issue 8: a signature is private; its uploader is shown a signed URL ending in the stored name (was
    // the public path /uploads/<name>, which now answers 404 for it: private-uploads.test.ts).
    expect(res.json().url).toMatch(/^\/api\/storage\/files\/[0-9a-f-]{36}\/\d+\/[\w-]{43}\/[0-9a-f-]{36}\.png$/);
    const [row] = await server.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, res.json().url.split('/').pop()));
    expect(row).toMatchObject({ userId: member.user.id, kind: 'signature', mime: 'image/png' });
    const served = await server.app.inject({ url: res.json().url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('checks the decoded content, not the declared type', async () => {
    const before = await uploadsOf(member.user.id);
    const text = await uploadBase64(
      `data:image/png;base64,${Buffer.from('plain text, not a picture').toString('base64')}`,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(messages.fileTypeNotAllowed);
    const jpeg = await uploadBase64(`data:image/png;base64,${IMAGES.jpeg.toString('base64')}`);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().url).toMatch(/\.jpg$/);
    expect(await uploadsOf(member.user.id)).toBe(before + 1);
  });

  it('refuses a missing or malformed data URL, and more than 5 MB', async () => {
    const before = await uploadsOf(member.user.id);
    for (const value of ['', 'not a data url', `data:text/html;base64,${Buffer.from('<b>x</b>').toString('base64')}`]) {
      const res = await uploadBase64(value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FILE_MISSING', message: messages.fileMissing });
    }
    const big = await uploadBase64(
      `data:image/png;base64,${padded(IMAGES.png, LIMITS.uploadMaxBytes + 1).toString('base64')}`,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'FILE_TOO_LARGE', message: messages.fileTooLarge });
    expect(await uploadsOf(member.user.id)).toBe(before);
  });
});

describe('user/update-profile-picture', () => {
  it('sets my own uploaded picture', async () => {
    const me = await createLoggedInMember(server);
    const url = (await upload(IMAGES.jpeg, 'me.jpg', 'image/jpeg', me.headers)).json().url;
    const res = await setPicture(url, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.pictureUpdated);
    expect(res.json().data).toMatchObject({ _id: me.user.id, profilePicture: url });
    const [row] = await server.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.profilePicture).toBe(url);
  });

  it('another member’s upload cannot become my profile picture (404), nor can my signature or a made-up file', async () => {
    const me = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    const theirs = (await upload(IMAGES.png, 'theirs.png', 'image/png', other.headers)).json().url;
    const mySignature = (
      await uploadBase64(`data:image/png;base64,${IMAGES.png.toString('base64')}`, 'signature', me.headers)
    ).json().url;
    for (const url of [theirs, mySignature, '/uploads/00000000-0000-7000-8000-000000000000.png']) {
      const res = await setPicture(url, me.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: messages.notFound });
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.profilePicture).toBeNull();
  });

  it('only takes a path under /uploads/', async () => {
    const me = await createLoggedInMember(server);
    for (const value of [
      'https://evil.example/x.png',
      '/uploads/../secrets',
      '/uploads/a b.png',
      'javascript:alert(1)',
      '',
      42,
    ]) {
      const res = await setPicture(value, me.headers);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const res = await setPicture('https://evil.example/x.png', me.headers);
    expect(res.json().message).toBe('Upload the picture first');
    const [row] = await server.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.profilePicture).toBeNull();
  });
});

describe('user/delete-account', () => {
  it('removes the member’s uploaded files and their rows', async () => {
    const leaving = await createLoggedInMember(server);
    const picture = (await upload(IMAGES.png, 'me.png', 'image/png', leaving.headers)).json().url as string;
    const signature = (
      await uploadBase64(`data:image/png;base64,${IMAGES.png.toString('base64')}`, 'signature', leaving.headers)
    ).json().url as string;
    expect((await server.app.inject({ url: picture })).statusCode).toBe(200);

    const res = await server.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: leaving.headers });
    expect(res.statusCode).toBe(200);
    expect(await uploadsOf(leaving.user.id)).toBe(0);
    for (const url of [picture, signature]) {
      expect((await filesOnDisk()).includes(url.slice('/uploads/'.length))).toBe(false);
      expect((await server.app.inject({ url })).statusCode).toBe(404);
    }
    // Other members' files stay.
    expect(await uploadsOf(member.user.id)).toBeGreaterThan(0);
  });
});
