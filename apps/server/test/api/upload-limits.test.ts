import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { countRows, createLoggedInMember, IMAGES, multipartBody, startServer, type TestServer } from '../support.ts';
import { filesIn, padded, uploadDataUrl, uploadFile } from '../upload-support.ts';

/** Issue 8: a storage quota and an upload rate per member, and unreadable multipart bodies answered 400. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const storedBytes = async (userId: string) => {
  const result = await server.db.execute<{ n: string }>(
    sql`select coalesce(sum(size), 0)::text as n from uploads where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
};
const rowsOf = (userId: string) => countRows(server, 'uploads', sql`user_id = ${userId}`);
const allFiles = async () => [...(await filesIn(server, 'uploads')), ...(await filesIn(server, 'private-uploads'))];

/** Records uploads the member already has, `bytes` in all (as earlier uploads would have left them). */
async function alreadyStored(member: Member, bytes: number) {
  await server.db.insert(uploads).values({
    id: newId(),
    userId: member.user.id,
    kind: 'profilePicture',
    fileName: `${newId()}.png`,
    mime: 'image/png',
    size: bytes,
    referencedAt: new Date(),
  });
}

describe(`storage quota (${LIMITS.uploadQuotaBytes / 1024 / 1024} MB per member)`, () => {
  it('accepts an upload that fills the quota exactly and refuses the next byte with 413, nothing written', async () => {
    const m = await createLoggedInMember(server);
    await alreadyStored(m, LIMITS.uploadQuotaBytes - IMAGES.png.length);
    const last = await uploadFile(server, m.headers, IMAGES.png);
    expect(last.statusCode).toBe(200);
    expect(await storedBytes(m.user.id)).toBe(LIMITS.uploadQuotaBytes);

    const before = { rows: await rowsOf(m.user.id), files: (await allFiles()).length };
    for (const res of [
      await uploadFile(server, m.headers, IMAGES.gif),
      await uploadDataUrl(server, m.headers, IMAGES.gif),
    ]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'STORAGE_QUOTA_EXCEEDED', message: messages.storageQuotaReached });
    }
    expect(await rowsOf(m.user.id)).toBe(before.rows);
    expect((await allFiles()).length).toBe(before.files);
    // The message states the limit in force.
    expect(messages.storageQuotaReached).toContain(`${LIMITS.uploadQuotaBytes / 1024 / 1024} MB`);
  });

  it('holds under parallel uploads: of 6 at once with room for 2, exactly 2 are stored', async () => {
    const m = await createLoggedInMember(server);
    const size = 1024 * 1024;
    await alreadyStored(m, LIMITS.uploadQuotaBytes - Math.floor(2.5 * size));
    const before = (await allFiles()).length;
    const picture = padded(IMAGES.png, size);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? uploadFile(server, m.headers, picture) : uploadDataUrl(server, m.headers, picture),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 413, 413, 413, 413]);
    expect(await storedBytes(m.user.id)).toBeLessThanOrEqual(LIMITS.uploadQuotaBytes);
    expect(await rowsOf(m.user.id)).toBe(3);
    expect((await allFiles()).length).toBe(before + 2);
  });

  it('counts each member on their own', async () => {
    const full = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    await alreadyStored(full, LIMITS.uploadQuotaBytes);
    expect((await uploadFile(server, full.headers)).statusCode).toBe(413);
    expect((await uploadFile(server, other.headers)).statusCode).toBe(200);
  });
});

describe(`upload rate (${LIMITS.uploadsPerMemberPerHour} an hour per member, both routes together)`, () => {
  it('answers 429 past the limit, writes nothing, and leaves other members alone', async () => {
    const m = await createLoggedInMember(server);
    const half = LIMITS.uploadsPerMemberPerHour / 2;
    for (let i = 0; i < LIMITS.uploadsPerMemberPerHour; i++) {
      const res = i < half ? await uploadFile(server, m.headers) : await uploadDataUrl(server, m.headers);
      expect(res.statusCode, `upload ${i + 1}`).toBe(200);
    }
    const before = await rowsOf(m.user.id);
    for (const res of [await uploadFile(server, m.headers), await uploadDataUrl(server, m.headers)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('TOO_MANY_REQUESTS');
      expect(res.json().message).toContain(messages.tooManyRequests);
    }
    expect(await rowsOf(m.user.id)).toBe(before);

    // Per member, not per address: another member from the same address still uploads.
    const other = await createLoggedInMember(server);
    expect((await uploadFile(server, other.headers)).statusCode).toBe(200);
  });
});

describe('an unreadable multipart body answers 400 on both upload routes, nothing written', () => {
  const routes = [
    ['/api/storage/upload', 'profilePicture', { name: 'file', data: IMAGES.png, filename: 'a.png', type: 'image/png' }],
    [
      '/api/storage/upload/base64',
      'signature',
      { name: 'file', value: `data:image/png;base64,${IMAGES.png.toString('base64')}` },
    ],
  ] as const;

  async function cases(kind: string, filePart: (typeof routes)[number][2]) {
    const valid = await multipartBody([{ name: 'type', value: kind }, filePart]);
    const boundary = valid.contentType.split('boundary=')[1]!;
    const long = 'x'.repeat(100);
    return {
      'no boundary': { contentType: 'multipart/form-data', payload: valid.payload },
      'an empty boundary': { contentType: 'multipart/form-data; boundary=', payload: valid.payload },
      'a 100-character boundary': {
        contentType: `multipart/form-data; boundary=${long}`,
        payload: Buffer.from(valid.payload.toString('latin1').replaceAll(boundary, long), 'latin1'),
      },
      'a boundary the body does not use': {
        contentType: 'multipart/form-data; boundary=something-else',
        payload: valid.payload,
      },
      'a body cut in the middle of a part': {
        contentType: valid.contentType,
        payload: valid.payload.subarray(0, valid.payload.length - 40),
      },
      'a part without headers': {
        contentType: valid.contentType,
        payload: Buffer.from(`--${boundary}\r\n\r\nhello\r\n--${boundary}--\r\n`),
      },
    };
  }

  for (const [url, kind, filePart] of routes) {
    it(`${url}: each malformed body gets 400 "${messages.uploadUnreadable}"`, async () => {
      const m = await createLoggedInMember(server);
      const filesBefore = (await allFiles()).length;
      for (const [label, body] of Object.entries(await cases(kind, filePart))) {
        const res = await server.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...m.headers, 'content-type': body.contentType },
        });
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toEqual({ code: 'UPLOAD_UNREADABLE', message: messages.uploadUnreadable });
      }
      expect(await rowsOf(m.user.id)).toBe(0);
      expect((await allFiles()).length).toBe(filesBefore);
    });
  }
});
