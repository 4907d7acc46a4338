import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@vault/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validGpa } from '../../../../packages/contract/test/fixtures.ts';
import { uploads, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { signedFileUrl } from '../../src/modules/storage/file-urls.ts';
import {
  createAdmin,
  createLoggedInMember,
  IMAGES,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
} from '../support.ts';
import { filesIn, nameOf, SIGNED_URL, uploadDataUrl, uploadFile, uploadRow } from '../upload-support.ts';

/**
 * Issue 8: signatures (every kind but profile pictures) are private. They lie outside the public folder
 * and are served only through signed, expiring URLs made for one viewer, to their owner and administrators;
 * what is stored is the stable path /uploads/<name>, signed fresh wherever the member is shown it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });
const post = (url: string, member: Member, payload: unknown) =>
  server.app.inject({ method: 'POST', url, headers: member.headers, payload: payload as object });
const NOT_FOUND = { code: 'NOT_FOUND', message: messages.notFound };

async function signatureOf(member: Member) {
  const res = await uploadDataUrl(server, member.headers);
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

describe('a signature is private', () => {
  it('lies outside the public folder: /uploads/<name> answers 404, its signed URL serves it to its owner', async () => {
    const owner = await createLoggedInMember(server);
    const url = await signatureOf(owner);
    expect(url).toMatch(SIGNED_URL);
    expect(url.split('/')[4]).toBe(owner.user.id);
    const name = nameOf(url);
    expect(await filesIn(server, 'private-uploads')).toContain(name);
    expect(await filesIn(server, 'uploads')).not.toContain(name);
    expect((await uploadRow(server, url))?.kind).toBe('signature');

    const open = await get(`/uploads/${name}`);
    expect(open.statusCode).toBe(404);

    // The signed URL is the credential: no bearer header is needed (an <img> cannot send one).
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
  });

  it('serves administrators a URL made for them, and nobody else: other members, forged, altered or expired URLs get the 404 of a missing file', async () => {
    const owner = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    const admin = await createAdmin(server);
    const url = await signatureOf(owner);
    const stored = `/uploads/${nameOf(url)}`;

    const forAdmin = signedFileUrl(stored, admin.user.id);
    expect((await get(forAdmin)).statusCode).toBe(200);

    const [, , , , viewer, expires, signature, name] = url.split('/');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const refused = {
      'made for another member': signedFileUrl(stored, other.user.id),
      'the owner’s URL with another viewer': `/api/storage/files/${other.user.id}/${expires}/${signature}/${name}`,
      'a later expiry': `/api/storage/files/${viewer}/${Number(expires) + 3600}/${signature}/${name}`,
      'a forged signature': `/api/storage/files/${viewer}/${expires}/${flip(signature!)}/${name}`,
      'a short signature': `/api/storage/files/${viewer}/${expires}/${signature!.slice(0, 20)}/${name}`,
      'the signature of another file': `/api/storage/files/${viewer}/${expires}/${signature}/${nameOf(await signatureOf(owner))}`,
      expired: signedFileUrl(stored, owner.user.id, Date.now() - 60 * 60_000),
      'a file that does not exist': signedFileUrl('/uploads/01900000-0000-7000-8000-000000000000.png', owner.user.id),
      'no signature': `/api/storage/files/${name}`,
      'a path outside': `/api/storage/files/${viewer}/${expires}/${signature}/..%2F..%2Fpackage.json`,
    };
    for (const [label, bad] of Object.entries(refused)) {
      const res = await get(bad, other.headers);
      expect(res.statusCode, label).toBe(404);
      expect(res.json(), label).toEqual(NOT_FOUND);
    }
    // A deleted administrator's URL no longer works either.
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, admin.user.id));
    expect((await get(forAdmin)).statusCode).toBe(404);
  });

  it('a profile picture stays public at /uploads/<name>', async () => {
    const member = await createLoggedInMember(server);
    const res = await uploadFile(server, member.headers);
    expect(res.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await filesIn(server, 'uploads')).toContain(nameOf(res.json().url));
    expect((await get(res.json().url)).statusCode).toBe(200);
  });

  it('a signature uploaded through storage/upload (multipart file) is private too', async () => {
    const member = await createLoggedInMember(server);
    const res = await uploadFile(server, member.headers, IMAGES.gif, 'signature');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(SIGNED_URL);
    expect((await get(`/uploads/${nameOf(res.json().url)}`)).statusCode).toBe(404);
    expect((await get(res.json().url)).headers['content-type']).toBe('image/gif');
  });
});

describe('the stored path and the signed URLs the member is shown', () => {
  it('stores /uploads/<name> from the signed URL the wizard hands back; draft, save, user/info and login answer fresh signed URLs', async () => {
    const m = await createLoggedInMember(server);
    const shown = await signatureOf(m);
    const stored = `/uploads/${nameOf(shown)}`;

    const draft = await post('/api/gpalevel/draft', m, { step: 3, form: { signatureUrl: shown } });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.signatureUrl).toMatch(SIGNED_URL);
    let [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect((row!.savedFormData as { signatureUrl: string }).signatureUrl).toBe(stored);

    const save = await post('/api/gpalevel/save', m, { ...validGpa, sponsor: { name: 'SA-02' }, signatureUrl: shown });
    expect(save.statusCode).toBe(200);
    expect(save.json().data.signatureUrl).toMatch(SIGNED_URL);
    [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row!.sign).toBe(stored);
    expect((row!.gpaData as { signatureUrl: string }).signatureUrl).toBe(stored);
    expect((row!.savedFormData as { signatureUrl: string }).signatureUrl).toBe(stored);

    const info = (await get('/api/user/info', m.headers)).json();
    const login = (
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: PASSWORD },
        remoteAddress: randomIp(),
      })
    ).json();
    for (const url of [
      info.user.sign,
      info.gpaData.signatureUrl,
      info.user.savedFormData.signatureUrl,
      login.user.sign,
      login.gpaData.signatureUrl,
    ]) {
      expect(url).toMatch(SIGNED_URL);
      expect(nameOf(url)).toBe(nameOf(stored));
      expect((await get(url)).statusCode).toBe(200);
    }
  });

  it('a draft cannot name another member’s signature (it would be shown back signed): 400, nothing stored', async () => {
    const owner = await createLoggedInMember(server);
    const thief = await createLoggedInMember(server);
    const theirs = await signatureOf(owner);
    for (const signatureUrl of [theirs, `/uploads/${nameOf(theirs)}`, '/uploads/made-up.png']) {
      const res = await post('/api/gpalevel/draft', thief, { step: 3, form: { signatureUrl } });
      expect(res.statusCode, signatureUrl).toBe(400);
      expect(res.json().fields).toEqual({ signatureUrl: messages.uploadSignature });
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, thief.user.id));
    expect(row!.savedFormData).toBeNull();
    // An empty signature (the wizard before signing) is fine.
    expect((await post('/api/gpalevel/draft', thief, { step: 3, form: { signatureUrl: '' } })).statusCode).toBe(200);
  });

  it('a signed URL that has expired in the wizard still submits: ownership decides, not the URL’s age', async () => {
    const m = await createLoggedInMember(server);
    const stored = `/uploads/${nameOf(await signatureOf(m))}`;
    const old = signedFileUrl(stored, m.user.id, Date.now() - 2 * 60 * 60_000);
    const save = await post('/api/gpalevel/save', m, { ...validGpa, sponsor: { name: 'SA-02' }, signatureUrl: old });
    expect(save.statusCode).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row!.sign).toBe(stored);
  });
});

describe('signatures stored before issue 8 (in the public folder)', () => {
  it('move to the private folder when the server starts; their stored paths keep working, signed', async () => {
    const m = await createLoggedInMember(server);
    const name = `${newId()}.png`;
    // As the old code left it: the file in the public folder, the row, and the path in the member's data.
    await writeFile(path.join(server.config.dataDir, 'uploads', name), IMAGES.png);
    await server.db.insert(uploads).values({
      id: newId(),
      userId: m.user.id,
      kind: 'signature',
      fileName: name,
      mime: 'image/png',
      size: IMAGES.png.length,
      referencedAt: new Date(),
    });
    await server.db
      .update(users)
      .set({ sign: `/uploads/${name}`, gpaData: { signatureUrl: `/uploads/${name}` } })
      .where(eq(users.id, m.user.id));

    const restarted = await startServer({ DATA_DIR: server.config.dataDir });
    try {
      expect(await filesIn(restarted, 'uploads')).not.toContain(name);
      expect(await filesIn(restarted, 'private-uploads')).toContain(name);
      expect((await restarted.app.inject({ url: `/uploads/${name}` })).statusCode).toBe(404);
      const info = (await restarted.app.inject({ url: '/api/user/info', headers: m.headers })).json();
      expect(info.user.sign).toMatch(SIGNED_URL);
      expect(info.gpaData.signatureUrl).toMatch(SIGNED_URL);
      const served = await restarted.app.inject({ url: info.user.sign });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('profile pictures stay where they are', async () => {
    const m = await createLoggedInMember(server);
    const url = (await uploadFile(server, m.headers)).json().url as string;
    const restarted = await startServer({ DATA_DIR: server.config.dataDir });
    try {
      expect((await restarted.app.inject({ url })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('account deletion', () => {
  it('removes private files too, and their signed URLs stop working', async () => {
    const leaving = await createLoggedInMember(server);
    const url = await signatureOf(leaving);
    // Moved aside as a file stored before issue 8 might be: it goes from either folder.
    const legacy = await signatureOf(leaving);
    await mkdir(path.join(server.config.dataDir, 'uploads'), { recursive: true });
    await rename(
      path.join(server.config.dataDir, 'private-uploads', nameOf(legacy)),
      path.join(server.config.dataDir, 'uploads', nameOf(legacy)),
    );
    expect((await get(url)).statusCode).toBe(200);
    const res = await server.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: leaving.headers });
    expect(res.statusCode).toBe(200);
    expect(await filesIn(server, 'private-uploads')).not.toContain(nameOf(url));
    expect(await filesIn(server, 'uploads')).not.toContain(nameOf(legacy));
    expect(await uploadRow(server, url)).toBeUndefined();
    expect((await get(url)).statusCode).toBe(404);
  });
});
