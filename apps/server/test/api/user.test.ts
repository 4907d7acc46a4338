import { NAME_MAX, NOTIFICATION_POLL_MS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { settings as settingsSchema } from '@vault/contract/schemas/site';
import { userInfoResponse } from '@vault/contract/schemas/user';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  login,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
} from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });
const SECRET_PATTERN = /passwordHash|password_hash|\$argon2|deletedAt|emailVerifiedAt/;

describe('user/info', () => {
  it('returns the member and their membership data, never secrets', async () => {
    const gpaData = { status: 'submitted', primaryEmail: 'x@example.com' };
    const member = await createLoggedInMember(server, {
      name: 'Info Member',
      type: 'sdira',
      isWalletActivated: true,
      savedFormData: { step: 2 },
      gpaData,
      sign: '/uploads/sig.png',
    });
    const res = await server.app.inject({ url: '/api/user/info', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(userInfoResponse.safeParse(body).success).toBe(true);
    expect(body.user).toEqual({
      _id: member.user.id,
      name: 'Info Member',
      email: member.email,
      profilePicture: null,
      isImported: false,
      isBlocked: false,
      blockReason: null,
      sdira: true,
      type: 'sdira',
      isWalletActivated: true,
      isSubscriber: false,
      isCoinqvestCustomer: false,
      savedFormData: { step: 2 },
      kyc: null,
      // A private file: a signed URL made for this viewer (issue 8), never the bare path.
      sign: expect.stringMatching(/^\/api\/storage\/files\/.+\/sig\.png$/),
      createdAt: member.user.createdAt.toISOString(),
    });
    expect(body.gpaData).toEqual(gpaData);
    expect(res.body).not.toMatch(SECRET_PATTERN);
    expect(res.body).not.toContain(member.user.passwordHash);
  });

  it('does not answer an administrator: their back-office session is no member session (issue 11)', async () => {
    const admin = await createAdmin(server);
    const res = await server.app.inject({ url: '/api/user/info', headers: admin.headers });
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('user/edit (profile name)', () => {
  it('updates the name, trimmed, and answers with the spec message', async () => {
    const member = await createLoggedInMember(server);
    const res = await post('/api/user/edit', { name: '  Renamed Member  ' }, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.nameUpdated);
    expect(res.json().data).toMatchObject({ _id: member.user.id, name: 'Renamed Member' });
    expect(res.body).not.toMatch(SECRET_PATTERN);
    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.name).toBe('Renamed Member');
  });

  const cases: [string, unknown, string][] = [
    ['empty', { name: '' }, messages.profileNameEmpty],
    ['only spaces', { name: '    ' }, messages.profileNameEmpty],
    ['missing', {}, messages.profileNameEmpty],
    ['not a string', { name: 42 }, messages.profileNameEmpty],
    ['too long', { name: 'x'.repeat(NAME_MAX + 1) }, `Name can't be greater than ${NAME_MAX} characters.`],
  ];
  it.each(cases)('%s name → 400 "%s", name unchanged', async (_label, payload, message) => {
    const member = await createLoggedInMember(server, { name: 'Kept Name' });
    const res = await post('/api/user/edit', payload, member.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', message, fields: { name: message } });
    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.name).toBe('Kept Name');
  });

  it('only ever changes the caller’s own row (ids in the body are ignored)', async () => {
    const me = await createLoggedInMember(server);
    const other = await createMember(server, { name: 'Other Person' });
    const res = await post('/api/user/edit', { name: 'Hijack', _id: other.user.id, id: other.user.id }, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(me.user.id);
    const [row] = await server.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row!.name).toBe('Other Person');
  });
});

describe('auth/change-password', () => {
  it('changes the password, clears the imported flag, and logs the member out', async () => {
    const member = await createLoggedInMember(server, { isImported: true });
    const res = await post(
      '/api/auth/change-password',
      { oldPassword: PASSWORD, newPassword: 'Fresh2pass!' },
      member.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordUpdated });
    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.isImported).toBe(false);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await server.app.inject({ url: '/api/user/info', headers: member.headers })).statusCode).toBe(401);
    await expect(login(server, member.email)).rejects.toThrow(/400/);
    await expect(login(server, member.email, 'Fresh2pass!')).resolves.toHaveProperty('token');
  });

  it('refuses a wrong old password, and the same password again, without changing anything', async () => {
    const member = await createLoggedInMember(server);
    const wrong = await post(
      '/api/auth/change-password',
      { oldPassword: 'Wrong0pass!', newPassword: 'Fresh2pass!' },
      member.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'OLD_PASSWORD_WRONG',
      message: messages.oldPasswordWrong,
      fields: { oldPassword: messages.oldPasswordWrong },
    });
    const same = await post(
      '/api/auth/change-password',
      { oldPassword: PASSWORD, newPassword: PASSWORD },
      member.headers,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      code: 'SAME_PASSWORD',
      message: messages.samePassword,
      fields: { newPassword: messages.samePassword },
    });
    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.passwordHash).toBe(member.user.passwordHash);
    expect((await server.app.inject({ url: '/api/user/info', headers: member.headers })).statusCode).toBe(200);
  });

  // The API states the login-flow wording (spec 1 §5: the old password follows the sign-up rules).
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty old password', { oldPassword: '' }, 'oldPassword', messages.passwordEmpty],
    ['missing old password', { oldPassword: undefined }, 'oldPassword', messages.passwordEmpty],
    ['short old password', { oldPassword: 'Abc123!' }, 'oldPassword', messages.passwordTooShort],
    ['long old password', { oldPassword: 'Abcdefgh12345678!' }, 'oldPassword', messages.passwordTooLong],
    ['old password with a space', { oldPassword: 'Abc 12345' }, 'oldPassword', messages.passwordSpaces],
    ['empty new password', { newPassword: '' }, 'newPassword', messages.passwordEmpty],
    ['short new password', { newPassword: 'Abc123!' }, 'newPassword', messages.passwordTooShort],
    ['long new password', { newPassword: 'Abcdefgh12345678!' }, 'newPassword', messages.passwordTooLong],
    ['new password with a space', { newPassword: 'Abc 12345' }, 'newPassword', messages.passwordSpaces],
  ];
  it.each(cases)('%s → 400 with the spec message', async (_label, change, field, message) => {
    const member = await createLoggedInMember(server);
    const res = await post(
      '/api/auth/change-password',
      { oldPassword: PASSWORD, newPassword: 'Fresh2pass!', ...change },
      member.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.passwordHash).toBe(member.user.passwordHash);
  });
});

describe('user/delete-account', () => {
  it('anonymises the member in place, refuses them afterwards, and ends every session', async () => {
    const member = await createLoggedInMember(server, {
      name: 'Leaving Member',
      gpaData: { a: 1 },
      savedFormData: { b: 2 },
      kyc: { c: 3 },
      sign: '/uploads/x.png',
      profilePicture: '/uploads/y.png',
    });
    const other = await createLoggedInMember(server);
    const res = await post('/api/user/delete-account', undefined, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountDeleted });

    const [row] = await server.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({
      name: 'Deleted member',
      email: `deleted+${member.user.id}@deleted.invalid`,
      gpaData: null,
      savedFormData: null,
      kyc: null,
      sign: null,
      profilePicture: null,
    });
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.passwordHash).not.toBe(member.user.passwordHash);

    expect((await server.app.inject({ url: '/api/user/info', headers: member.headers })).statusCode).toBe(401);
    const relogin = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(relogin.statusCode).toBe(400);
    expect(relogin.json().message).toBe(messages.invalidCredentials);
    const forgot = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
      remoteAddress: randomIp(),
    });
    expect(forgot.statusCode).toBe(404);
    expect(forgot.json().message).toBe(messages.userNotFound);

    // Another member is untouched.
    expect((await server.app.inject({ url: '/api/user/info', headers: other.headers })).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('gives a member the platform settings', async () => {
    const member = await createLoggedInMember(server);
    const res = await server.app.inject({ url: '/api/settings', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(settingsSchema.safeParse(body).success).toBe(true);
    expect(Object.keys(body).sort()).toEqual(
      [
        'androidAppUrl',
        'directWireDomesticAccount',
        'directWireExpiryDays',
        'directWireFee',
        'directWireInternationalAccount',
        'maintenance',
        'masterWalletBTC',
        'masterWalletETH',
        // Issue 14: shown on the redeem forms before a member asks.
        'redemptionFeePercent',
        // Issue 17: shown on the sell form.
        'marketplaceFeePercent',
        'supportEmail',
        'swapSpreadPercent',
        'videoUrl',
        'zellePay',
      ].sort(),
    );
  });

  it('refuses settings to a guest, but tells anyone the maintenance flag', async () => {
    const guest = await server.app.inject({ url: '/api/settings' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(messages.unauthorized);
    const flag = await server.app.inject({ url: '/api/settings/get-maintenance' });
    expect(flag.statusCode).toBe(200);
    expect(Object.keys(flag.json())).toEqual(['maintenance']);
    expect(typeof flag.json().maintenance).toBe('boolean');
  });
});

describe('notification', () => {
  it('lists only the caller’s notifications, newest first, with paging', async () => {
    const me = await createLoggedInMember(server);
    const other = await createMember(server);
    const base = Date.now() - 60_000;
    await server.db.insert(notifications).values([
      { id: newId(), userId: me.user.id, message: 'first', createdAt: new Date(base) },
      { id: newId(), userId: me.user.id, message: 'second', createdAt: new Date(base + 1000) },
      { id: newId(), userId: me.user.id, message: 'third', createdAt: new Date(base + 2000) },
      { id: newId(), userId: other.user.id, message: 'not yours', createdAt: new Date(base + 3000) },
    ]);
    const res = await server.app.inject({ url: '/api/notification', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(body.data.map((n: { message: string }) => n.message)).toEqual(['third', 'second', 'first']);
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      message: 'third',
      createdAt: new Date(base + 2000).toISOString(),
    });

    const page2 = await server.app.inject({ url: '/api/notification?page=2&limit=2', headers: me.headers });
    expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.json().data.map((n: { message: string }) => n.message)).toEqual(['first']);

    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=abc']) {
      const bad = await server.app.inject({ url: `/api/notification?${query}`, headers: me.headers });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
    expect(await countRows(server, 'notifications', sql`user_id = ${me.user.id}`)).toBe(3);
    expect(NOTIFICATION_POLL_MS).toBe(300_000);
  });
});
