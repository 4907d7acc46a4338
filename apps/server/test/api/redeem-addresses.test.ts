import { fillMessage, messages } from '@vault/contract/messages';
import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REDEEM_ADDRESSES } from '../../src/modules/redemption/redeem-addresses.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';

/** Redeem addresses (issue 14 item 1; spec 2 §3, §5, §7): every message of the form, edit, delete, ownership. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
type Headers = Record<string, string>;
const member = () => createLoggedInMember(server);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const LIST = '/api/direct-wires/withdraw/address';
const address = (extra: Record<string, unknown> = {}) => ({
  name: 'Savings',
  accountTitle: 'Ada Lovelace',
  address: '12 Analytical Way, Springfield, IL 62701',
  phoneNumber: '+12025550123',
  accountNumber: '000123456789',
  aba: '021000021',
  swiftBic: 'CHASUS33',
  routingCode: '',
  bankName: 'JPMorgan Chase Bank',
  bankAddress: '383 Madison Avenue, New York, NY 10179',
  zellePay: 'ada@example.com',
  ...extra,
});
async function create(m: Member, extra: Record<string, unknown> = {}) {
  const res = await call('POST', LIST, m.headers, address(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RedeemAddress;
}
const list = async (m: Member) => {
  const res = await call('GET', LIST, m.headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as RedeemAddress[];
};

describe('the redeem-address form’s messages (spec 2 §5)', () => {
  it('answers every required field with the spec’s words, and writes nothing', async () => {
    const m = await member();
    const res = await call('POST', LIST, m.headers, {
      name: ' ',
      accountTitle: '',
      address: '  ',
      bankName: '',
      bankAddress: ' ',
      zellePay: '',
      accountNumber: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      accountTitle: 'Account Name is required',
      address: 'Address is required',
      bankName: 'Bank Name is required',
      bankAddress: 'Bank Address is required',
      zellePay: 'ZellePay Address is required',
      accountNumber: 'Account no. is required',
    });
    // Missing altogether says the same.
    const empty = await call('POST', LIST, m.headers, {});
    expect(Object.values(empty.json().fields).sort()).toEqual(
      [
        'Name is required',
        'Account Name is required',
        'Address is required',
        'Bank Name is required',
        'Bank Address is required',
        'ZellePay Address is required',
        'Account no. is required',
      ].sort(),
    );
    expect(await list(m)).toEqual([]);
  });

  it('takes swift, routing number, aba and phone as optional, and checks them when given', async () => {
    const m = await member();
    const bare = await create(m, { aba: undefined, swiftBic: null, routingCode: undefined, phoneNumber: '' });
    expect(bare).toMatchObject({ aba: '', swiftBic: '', routingCode: '', phoneNumber: '' });

    const bad = await call('POST', LIST, m.headers, {
      ...address(),
      aba: '021000022',
      swiftBic: 'CHAS',
      phoneNumber: '+0123',
    });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { aba: messages.abaInvalid, swiftBic: messages.swiftInvalid, phoneNumber: messages.redeemPhoneInvalid },
    ]);

    const tidy = await create(m, {
      swiftBic: ' deut de ff 500 ',
      phoneNumber: '+44 20 7946 0958',
      routingCode: '40-47-84',
    });
    expect(tidy).toMatchObject({ swiftBic: 'DEUTDEFF500', phoneNumber: '+442079460958', routingCode: '40-47-84' });
    expect(await list(m)).toHaveLength(2);
  });
});

describe('the member’s redeem addresses', () => {
  it('saves (trimmed), lists newest first, shows, edits and deletes', async () => {
    const m = await member();
    const res = await call('POST', LIST, m.headers, address({ name: '  First  ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.redeemAddressSaved);
    const first = res.json().data as RedeemAddress;
    expect(first).toMatchObject({ ...address(), name: 'First', _id: expect.any(String) });
    const second = await create(m, { name: 'Second' });
    expect((await list(m)).map((a) => a.name)).toEqual(['Second', 'First']);

    const detail = await call('GET', `/api/direct-wires/withdraw/${first._id}`, m.headers);
    expect([detail.statusCode, detail.json()]).toEqual([200, { data: first }]);

    const edited = await call(
      'PUT',
      `/api/direct-wires/withdraw/address/${first._id}`,
      m.headers,
      address({ name: 'Checking', bankName: 'Bank of Springfield', aba: '', swiftBic: '' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: messages.redeemAddressUpdated,
      data: { _id: first._id, name: 'Checking', bankName: 'Bank of Springfield', aba: '', swiftBic: '' },
    });
    expect(edited.json().data.createdAt).toBe(first.createdAt);
    const shown = (await call('GET', `/api/direct-wires/withdraw/${first._id}`, m.headers)).json().data;
    expect(shown.name).toBe('Checking');

    // An edit is checked like an addition.
    const refused = await call('PUT', `/api/direct-wires/withdraw/address/${first._id}`, m.headers, {
      ...address(),
      bankName: ' ',
    });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { bankName: 'Bank Name is required' }]);

    const del = await call('DELETE', `/api/direct-wires/withdraw/${second._id}`, m.headers);
    expect([del.statusCode, del.json()]).toEqual([200, { message: messages.redeemAddressDeleted }]);
    expect((await list(m)).map((a) => a.name)).toEqual(['Checking']);
    for (const [method, url, body] of [
      ['GET', `/api/direct-wires/withdraw/${second._id}`, undefined],
      ['DELETE', `/api/direct-wires/withdraw/${second._id}`, undefined],
      ['PUT', `/api/direct-wires/withdraw/address/${second._id}`, address()],
    ] as const) {
      const gone = await call(method, url, m.headers, body);
      expect(gone.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('never shows, edits or deletes another member’s address (404, as for none)', async () => {
    const owner = await member();
    const other = await member();
    const mine = await create(owner);
    for (const [method, url, body] of [
      ['GET', `/api/direct-wires/withdraw/${mine._id}`, undefined],
      ['PUT', `/api/direct-wires/withdraw/address/${mine._id}`, address({ name: 'Stolen' })],
      ['DELETE', `/api/direct-wires/withdraw/${mine._id}`, undefined],
      ['GET', '/api/direct-wires/withdraw/0190f0e4-0000-7000-8000-000000000000', undefined],
    ] as const) {
      const res = await call(method, url, other.headers, body);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, 'NOT_FOUND']);
    }
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([mine]);
    expect((await call('GET', '/api/direct-wires/withdraw/not-an-id', owner.headers)).statusCode).toBe(400);
  });

  it('needs a member session: none is 401, an administrator’s too', async () => {
    const admin = await createAdmin(server, 'owner');
    expect((await call('GET', LIST, {})).statusCode).toBe(401);
    expect((await call('GET', LIST, admin.headers)).statusCode).toBe(401);
    expect((await call('POST', LIST, admin.headers, address())).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_REDEEM_ADDRESSES} live addresses per member, also when asked at once`, async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: MAX_REDEEM_ADDRESSES + 3 }, (_, i) =>
        call('POST', LIST, m.headers, address({ name: `A${i}` })),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX_REDEEM_ADDRESSES);
    const over = answers.filter((a) => a.statusCode !== 200);
    expect(over).toHaveLength(3);
    for (const a of over)
      expect([a.statusCode, a.json()]).toEqual([
        409,
        {
          code: 'REDEEM_ADDRESS_LIMIT',
          message: fillMessage(messages.redeemAddressLimit, { max: String(MAX_REDEEM_ADDRESSES) }),
        },
      ]);
    const kept = await list(m);
    expect(kept).toHaveLength(MAX_REDEEM_ADDRESSES);
    expect((await call('DELETE', `/api/direct-wires/withdraw/${kept[0]!._id}`, m.headers)).statusCode).toBe(200);
    await create(m);
  });
});
