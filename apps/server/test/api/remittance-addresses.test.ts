import { fillMessage, messages } from '@vault/contract/messages';
import type { RemittanceAddress } from '@vault/contract/schemas/funding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REMITTANCE_ADDRESSES } from '../../src/modules/funding/remittance-addresses.ts';
import { signedFileUrl } from '../../src/modules/storage/file-urls.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { nameOf, SIGNED_URL, uploadDataUrl, uploadFile, uploadRow } from '../upload-support.ts';

/** Remittance addresses (issue 12; spec 2 §3, §5, §7): every message of the form, ownership, the star, the limit. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
type Headers = Record<string, string>;
const member = () => createLoggedInMember(server);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The pad's signature, uploaded as the remittance form does (type=directWire): its signed URL. */
const signature = async (m: Member) => {
  const res = await uploadDataUrl(server, m.headers, undefined, 'directWire');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(messages.signatureUploaded);
  return res.json().url as string;
};
const address = (signatureUrl: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  country: 'United States',
  email: 'ada@example.com',
  streetAddress: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  signatureUrl,
  ...extra,
});
async function create(m: Member, extra: Record<string, unknown> = {}, url?: string) {
  const res = await call('POST', '/api/remittance-addresses', m.headers, address(url ?? (await signature(m)), extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RemittanceAddress;
}
const list = async (m: Member) => {
  const res = await call('GET', '/api/remittance-addresses', m.headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as RemittanceAddress[];
};

describe('POST /api/remittance-addresses: the form’s messages', () => {
  it('answers every required field with the spec’s words, and writes nothing', async () => {
    const m = await member();
    const res = await call('POST', '/api/remittance-addresses', m.headers, {
      name: ' ',
      email: 'not-an-email',
      streetAddress: '',
      city: '  ',
      state: '',
      zipCode: '',
      country: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      email: 'Email is not valid',
      streetAddress: 'streetAddress is required',
      city: 'City is required',
      state: 'state is required',
      zipCode: 'zip Code is required',
      country: messages.countryRequired,
      signatureUrl: 'Please upload signature first',
    });
    expect(await list(m)).toEqual([]);
  });

  it('refuses a country that is not in the list', async () => {
    const m = await member();
    const res = await call(
      'POST',
      '/api/remittance-addresses',
      m.headers,
      address(await signature(m), { country: 'Narnia' }),
    );
    expect([res.statusCode, res.json().fields]).toEqual([400, { country: messages.countryRequired }]);
    expect(await list(m)).toEqual([]);
  });

  it('asks for the signature when it is missing, someone else’s, or not a remittance signature', async () => {
    const m = await member();
    const other = await member();
    const fail = async (signatureUrl: unknown) => {
      const res = await call('POST', '/api/remittance-addresses', m.headers, { ...address(''), signatureUrl });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Please upload signature first',
        fields: { signatureUrl: 'Please upload signature first' },
      });
    };
    await fail(undefined);
    await fail('');
    await fail('https://elsewhere.example/sign.png');
    await fail(await signature(other));
    await fail((await uploadFile(server, m.headers)).json().url); // a profile picture
    await fail((await uploadDataUrl(server, m.headers)).json().url); // the membership form's signature
    expect(await list(m)).toEqual([]);
  });
});

describe('the member’s addresses', () => {
  it('saves one with its signature in use, shown through a URL signed for the member; the first is primary', async () => {
    const m = await member();
    const url = await signature(m);
    const res = await call('POST', '/api/remittance-addresses', m.headers, address(url, { name: '  Ada  ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.remittanceAddressSaved);
    const saved = res.json().data as RemittanceAddress;
    expect(saved).toMatchObject({ ...address(''), name: 'Ada', signatureUrl: expect.stringMatching(SIGNED_URL) });
    expect(saved.isPrimary).toBe(true);
    expect(nameOf(saved.signatureUrl)).toBe(nameOf(url));
    // In use: the clean-up leaves it (it removes only uploads whose referenced_at is null).
    expect((await uploadRow(server, url))?.referencedAt).not.toBeNull();
    const file = await call('GET', saved.signatureUrl, {});
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('lets the owner and administrators see the signature, no other member', async () => {
    const m = await member();
    const saved = await create(m);
    const stored = `/uploads/${nameOf(saved.signatureUrl)}`;
    const admin = await createAdmin(server, 'support');
    const other = await member();
    expect((await call('GET', signedFileUrl(stored, admin.user.id), {})).statusCode).toBe(200);
    expect((await call('GET', signedFileUrl(stored, other.user.id), {})).statusCode).toBe(404);
  });

  it('lists newest first; detail; the star moves the primary; delete hides it', async () => {
    const m = await member();
    const first = await create(m, { name: 'First' });
    const second = await create(m, { name: 'Second' });
    expect(second.isPrimary).toBe(false);
    expect((await list(m)).map((a) => [a.name, a.isPrimary])).toEqual([
      ['Second', false],
      ['First', true],
    ]);

    const detail = await call('GET', `/api/remittance-addresses/${second._id}`, m.headers);
    expect([detail.statusCode, detail.json().data.name]).toEqual([200, 'Second']);

    const star = await call('POST', `/api/remittance-addresses/${second._id}/primary`, m.headers);
    expect(star.statusCode, star.body).toBe(200);
    expect(star.json()).toMatchObject({ message: messages.remittanceAddressPrimary, data: { isPrimary: true } });
    expect((await list(m)).map((a) => [a.name, a.isPrimary])).toEqual([
      ['Second', true],
      ['First', false],
    ]);
    // Starring the primary again changes nothing.
    expect((await call('POST', `/api/remittance-addresses/${second._id}/primary`, m.headers)).statusCode).toBe(200);

    const del = await call('DELETE', `/api/remittance-addresses/${first._id}`, m.headers);
    expect([del.statusCode, del.json()]).toEqual([200, { message: messages.remittanceAddressDeleted }]);
    expect((await list(m)).map((a) => a.name)).toEqual(['Second']);
    expect((await call('GET', `/api/remittance-addresses/${first._id}`, m.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/remittance-addresses/${first._id}`, m.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/remittance-addresses/${first._id}/primary`, m.headers)).statusCode).toBe(404);
  });

  it('deleting the primary leaves none starred; the next address saved becomes the primary', async () => {
    const m = await member();
    const first = await create(m);
    const second = await create(m);
    expect((await call('DELETE', `/api/remittance-addresses/${first._id}`, m.headers)).statusCode).toBe(200);
    expect((await list(m)).map((a) => [a._id, a.isPrimary])).toEqual([[second._id, false]]);
    const third = await create(m);
    expect(third.isPrimary).toBe(true);
  });

  it('never shows, stars or deletes another member’s address (404, as for none)', async () => {
    const owner = await member();
    const other = await member();
    const mine = await create(owner);
    for (const [method, url] of [
      ['GET', `/api/remittance-addresses/${mine._id}`],
      ['DELETE', `/api/remittance-addresses/${mine._id}`],
      ['POST', `/api/remittance-addresses/${mine._id}/primary`],
      ['GET', '/api/remittance-addresses/0190f0e4-0000-7000-8000-000000000000'],
    ] as const) {
      const res = await call(method, url, other.headers);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, 'NOT_FOUND']);
    }
    expect(await list(other)).toEqual([]);
    expect((await list(owner)).map((a) => [a._id, a.isPrimary])).toEqual([[mine._id, true]]);
    const bad = await call('GET', '/api/remittance-addresses/not-an-id', owner.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('needs a member session: none is 401, an administrator’s too', async () => {
    const admin = await createAdmin(server, 'owner');
    expect((await call('GET', '/api/remittance-addresses', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/remittance-addresses', admin.headers)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_REMITTANCE_ADDRESSES} live addresses per member`, async () => {
    const m = await member();
    const url = await signature(m);
    const made: RemittanceAddress[] = [];
    for (let i = 0; i < MAX_REMITTANCE_ADDRESSES; i++) made.push(await create(m, { name: `A${i}` }, url));
    const over = await call('POST', '/api/remittance-addresses', m.headers, address(url));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'REMITTANCE_ADDRESS_LIMIT',
      message: fillMessage(messages.remittanceAddressLimit, { max: String(MAX_REMITTANCE_ADDRESSES) }),
    });
    expect(await list(m)).toHaveLength(MAX_REMITTANCE_ADDRESSES);
    expect((await call('DELETE', `/api/remittance-addresses/${made[0]!._id}`, m.headers)).statusCode).toBe(200);
    await create(m, {}, url);
  });

  it('stars once under concurrent stars: exactly one primary, no 5xx', async () => {
    const m = await member();
    const url = await signature(m);
    const all = [await create(m, {}, url), await create(m, {}, url), await create(m, {}, url)];
    const answers = await Promise.all(
      all.map((a) => call('POST', `/api/remittance-addresses/${a._id}/primary`, m.headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await list(m)).filter((a) => a.isPrimary)).toHaveLength(1);
  });
});
