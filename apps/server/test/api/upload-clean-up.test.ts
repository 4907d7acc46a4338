import { LIMITS } from '@vault/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validGpa } from '../../../../packages/contract/test/fixtures.ts';
import { uploads } from '../../src/db/schema.ts';
import { removeUnusedUploads } from '../../src/jobs/remove-unused-uploads.ts';
import { startWorker } from '../../src/worker.ts';
import { createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { filesIn, nameOf, uploadDataUrl, uploadFile, uploadRow } from '../upload-support.ts';

/**
 * Issue 8: uploads never taken into use within 24 hours are removed (file and row) by an hourly job;
 * a use (profile picture set, signature in a draft or an application) marks them first.
 * The only test file that ages uploads: the clean-up is database-wide, so the other files' fresh
 * uploads are safe from it, and its own runs (direct and through the worker) follow one another here.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const post = (url: string, member: Member, payload: unknown) =>
  server.app.inject({ method: 'POST', url, headers: member.headers, payload: payload as object });
const referencedAt = async (url: string) => (await uploadRow(server, url))?.referencedAt ?? null;
/** Makes an upload as old as `hours` (as if it had been made then). */
const age = (url: string, hours: number) =>
  server.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(uploads.fileName, nameOf(url)));
const onDisk = async (url: string) =>
  [...(await filesIn(server, 'uploads')), ...(await filesIn(server, 'private-uploads'))].includes(nameOf(url));

describe('a use marks the upload (referenced_at)', () => {
  it('user/update-profile-picture marks the picture; the one it replaces is released', async () => {
    const m = await createLoggedInMember(server);
    const first = (await uploadFile(server, m.headers)).json().url as string;
    const second = (await uploadFile(server, m.headers)).json().url as string;
    expect(await referencedAt(first)).toBeNull();
    expect((await post('/api/user/update-profile-picture', m, { profilePicture: first })).statusCode).toBe(200);
    expect(await referencedAt(first)).not.toBeNull();
    expect((await post('/api/user/update-profile-picture', m, { profilePicture: second })).statusCode).toBe(200);
    expect(await referencedAt(second)).not.toBeNull();
    expect(await referencedAt(first)).toBeNull();
  });

  it('gpalevel/draft with a signature marks it, and so does gpalevel/save', async () => {
    const m = await createLoggedInMember(server);
    const drafted = (await uploadDataUrl(server, m.headers)).json().url as string;
    const submitted = (await uploadDataUrl(server, m.headers)).json().url as string;
    expect((await post('/api/gpalevel/draft', m, { step: 3, form: { signatureUrl: drafted } })).statusCode).toBe(200);
    expect(await referencedAt(drafted)).not.toBeNull();
    expect(await referencedAt(submitted)).toBeNull();
    const save = await post('/api/gpalevel/save', m, {
      ...validGpa,
      sponsor: { name: 'SA-02' },
      signatureUrl: submitted,
    });
    expect(save.statusCode).toBe(200);
    expect(await referencedAt(submitted)).not.toBeNull();
  });
});

describe(`the clean-up (storage.removeUnused): unused for ${LIMITS.unusedUploadHours} hours`, () => {
  it('removes old unused uploads, file and row, public and private; keeps used and fresh ones', async () => {
    const m = await createLoggedInMember(server);
    const oldPicture = (await uploadFile(server, m.headers)).json().url as string;
    const oldSignature = (await uploadDataUrl(server, m.headers)).json().url as string;
    const freshPicture = (await uploadFile(server, m.headers)).json().url as string;
    const usedPicture = (await uploadFile(server, m.headers)).json().url as string;
    const usedSignature = (await uploadDataUrl(server, m.headers)).json().url as string;
    await post('/api/user/update-profile-picture', m, { profilePicture: usedPicture });
    await post('/api/gpalevel/draft', m, { step: 3, form: { signatureUrl: usedSignature } });
    for (const url of [oldPicture, oldSignature, usedPicture, usedSignature])
      await age(url, LIMITS.unusedUploadHours + 1);
    await age(freshPicture, LIMITS.unusedUploadHours - 1);

    const removed = await server.container.services.storage.removeUnused();
    expect(removed).toBeGreaterThanOrEqual(2);
    for (const url of [oldPicture, oldSignature]) {
      expect(await uploadRow(server, url), url).toBeUndefined();
      expect(await onDisk(url), url).toBe(false);
    }
    for (const url of [freshPicture, usedPicture, usedSignature]) {
      expect(await uploadRow(server, url), url).toBeDefined();
      expect(await onDisk(url), url).toBe(true);
    }
    // The member's picture still shows; the removed one is gone from the public folder too.
    expect((await server.app.inject({ url: usedPicture })).statusCode).toBe(200);
    expect((await server.app.inject({ url: oldPicture })).statusCode).toBe(404);
  });

  it('an old replaced profile picture goes; a removed upload can no longer be taken into use', async () => {
    const m = await createLoggedInMember(server);
    const replaced = (await uploadFile(server, m.headers)).json().url as string;
    const current = (await uploadFile(server, m.headers)).json().url as string;
    await post('/api/user/update-profile-picture', m, { profilePicture: replaced });
    await post('/api/user/update-profile-picture', m, { profilePicture: current });
    await age(replaced, LIMITS.unusedUploadHours + 1);
    await age(current, LIMITS.unusedUploadHours + 1);
    await server.container.services.storage.removeUnused();
    expect(await uploadRow(server, replaced)).toBeUndefined();
    expect(await uploadRow(server, current)).toBeDefined();
    expect((await post('/api/user/update-profile-picture', m, { profilePicture: replaced })).statusCode).toBe(404);
  });
});

describe('the worker (pg-boss)', () => {
  it('schedules the clean-up hourly and, working the job, removes an old unused upload', async () => {
    // Only this job: a worker of another file's server works its own jobs, never this server's folder.
    const worker = await startWorker(server.container, { jobs: [removeUnusedUploads], pollingIntervalSeconds: 0.5 });
    try {
      const schedules = await worker.boss.getSchedules();
      expect(schedules).toContainEqual(
        expect.objectContaining({
          name: removeUnusedUploads.name,
          cron: '0 * * * *',
          // Once per hour across processes (test/api/jobs.test.ts shows two workers running it once).
          options: expect.objectContaining({ singletonKey: removeUnusedUploads.name, singletonSeconds: 3600 }),
        }),
      );

      const m = await createLoggedInMember(server);
      const old = (await uploadDataUrl(server, m.headers)).json().url as string;
      const kept = (await uploadDataUrl(server, m.headers)).json().url as string;
      await age(old, LIMITS.unusedUploadHours + 1);
      await worker.boss.send(removeUnusedUploads.name, {});
      const deadline = Date.now() + 15_000;
      // The job deletes the rows, then the files: wait for both (a loaded machine shows the gap).
      while (((await uploadRow(server, old)) || (await onDisk(old))) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(await uploadRow(server, old)).toBeUndefined();
      expect(await onDisk(old)).toBe(false);
      expect(await uploadRow(server, kept)).toBeDefined();
    } finally {
      await worker.stop();
    }
  });
});
