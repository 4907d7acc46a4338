import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createCoin } from './fixtures/catalogue.ts';

/**
 * The back office's Settings (issue 11 item 3): every administrator who reads members reads them, owners set
 * them, each section validated by the contract's schema and audited with the values before and after. On a
 * database of its own: the master wallets move every ERC-20 coin's deposit address, other files' coins too.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let owner: Admin;
let operator: Admin;
let support: Admin;
beforeAll(async () => {
  database = await createTestDatabase('vault_settings_admin');
  server = await startServer({ DATABASE_URL: database.url });
  [owner, operator, support] = await Promise.all([
    createAdmin(server, 'owner'),
    createAdmin(server, 'operator'),
    createAdmin(server, 'support'),
  ]);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const call = (as: { headers: object } | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: (as?.headers ?? {}) as Record<string, string>, payload });
const lastAudit = async (action: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

const wire = {
  accountName: 'Vault Treasury LLC',
  mailingAddress: '1 Main Street, New York, NY 10001',
  accountType: 'Checking',
  bankName: 'JPMorgan Chase Bank',
  bankAddress: '383 Madison Avenue, New York, NY 10179',
  endorsement: 'For further credit to your vault e-mail',
};
const bankDetails = {
  zellePay: { accountName: 'Vault Treasury LLC', accountType: 'Business', bankAddress: 'pay@vault.example' },
  directWireDomesticAccount: { ...wire, accountNo: '123456789012', routingNo: '021000021' },
  directWireInternationalAccount: {
    ...wire,
    accountNo: 'GB82 WEST 1234 5698 7654 32',
    routingNo: '021000021',
    swiftCode: 'chasus33',
  },
};

describe('GET /api/admin/settings', () => {
  it('answers every administrator who reads members, nobody else', async () => {
    for (const admin of [owner, operator, support]) {
      const res = await call(admin, 'GET', '/api/admin/settings');
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().data).sort()).toEqual(
        [
          'directWireDomesticAccount',
          'directWireExpiryDays',
          'directWireFee',
          'directWireInternationalAccount',
          'maintenance',
          'masterWalletBTC',
          'masterWalletETH',
          // Issue 14: the redemption fee is a setting too.
          'redemptionFeePercent',
          // Issue 17: the marketplace fee too.
          'marketplaceFeePercent',
          'zellePay',
        ].sort(),
      );
    }
    expect((await call(null, 'GET', '/api/admin/settings')).statusCode).toBe(401);
    const member = await createLoggedInMember(server);
    expect((await call(member, 'GET', '/api/admin/settings')).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/settings/bank-details', () => {
  it('is for owners: operators and support are refused, nothing changes', async () => {
    const before = (await call(owner, 'GET', '/api/admin/settings')).json().data;
    for (const admin of [operator, support]) {
      const res = await call(admin, 'PUT', '/api/admin/settings/bank-details', bankDetails);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call(owner, 'GET', '/api/admin/settings')).json().data).toEqual(before);
  });

  it('saves all three accounts, shows them to members, and audits before and after', async () => {
    const before = (await call(owner, 'GET', '/api/admin/settings')).json().data;
    const res = await call(owner, 'PUT', '/api/admin/settings/bank-details', bankDetails);
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.zellePay).toEqual(bankDetails.zellePay);
    expect(saved.directWireDomesticAccount).toEqual(bankDetails.directWireDomesticAccount);
    // The SWIFT code is kept in capitals.
    expect(saved.directWireInternationalAccount.swiftCode).toBe('CHASUS33');
    const audit = await lastAudit('settings.bankDetails');
    expect(audit).toMatchObject({ actorId: owner.user.id, targetId: null });
    expect(audit!.details).toEqual({
      from: {
        zellePay: before.zellePay,
        directWireDomesticAccount: before.directWireDomesticAccount,
        directWireInternationalAccount: before.directWireInternationalAccount,
      },
      to: { ...bankDetails, directWireInternationalAccount: saved.directWireInternationalAccount },
    });
    // Members read where to pay (the direct wire success page, spec 2 §4).
    const member = await createLoggedInMember(server);
    const settings = (await call(member, 'GET', '/api/settings')).json();
    expect(settings.directWireDomesticAccount).toEqual(bankDetails.directWireDomesticAccount);
  });

  it('refuses a routing number without a valid check digit, a bad SWIFT code and missing fields, with their words', async () => {
    const cases: [object, string, string][] = [
      [
        {
          ...bankDetails,
          directWireDomesticAccount: { ...bankDetails.directWireDomesticAccount, routingNo: '021000022' },
        },
        'directWireDomesticAccount.routingNo',
        'This routing number is not valid (check digit)',
      ],
      [
        { ...bankDetails, directWireDomesticAccount: { ...bankDetails.directWireDomesticAccount, routingNo: '12345' } },
        'directWireDomesticAccount.routingNo',
        'A routing number has 9 digits',
      ],
      [
        {
          ...bankDetails,
          directWireInternationalAccount: { ...bankDetails.directWireInternationalAccount, swiftCode: 'CHASUS3' },
        },
        'directWireInternationalAccount.swiftCode',
        'A SWIFT/BIC code has 8 or 11 letters and digits',
      ],
      [
        { ...bankDetails, zellePay: { ...bankDetails.zellePay, accountName: '  ' } },
        'zellePay.accountName',
        'Account Name is required',
      ],
      [{ zellePay: bankDetails.zellePay }, 'directWireDomesticAccount', 'The request is invalid'],
    ];
    const before = await lastAudit('settings.bankDetails');
    for (const [payload, field, message] of cases) {
      const res = await call(owner, 'PUT', '/api/admin/settings/bank-details', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      if (field !== 'directWireDomesticAccount') expect(res.json().fields[field]).toBe(message);
      else expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await lastAudit('settings.bankDetails'))?.id).toBe(before?.id);
  });
});

describe('PUT /api/admin/settings/direct-wire', () => {
  it('sets the fee as a decimal string and the expiry days, audited', async () => {
    const before = (await call(owner, 'GET', '/api/admin/settings')).json().data;
    const res = await call(owner, 'PUT', '/api/admin/settings/direct-wire', {
      directWireFee: '25.50',
      directWireExpiryDays: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ directWireFee: '25.5', directWireExpiryDays: 5 });
    expect((await lastAudit('settings.directWire'))!.details).toEqual({
      from: { directWireFee: before.directWireFee, directWireExpiryDays: before.directWireExpiryDays },
      to: { directWireFee: '25.5', directWireExpiryDays: 5 },
    });
    const member = await createLoggedInMember(server);
    expect((await call(member, 'GET', '/api/settings')).json()).toMatchObject({
      directWireFee: '25.5',
      directWireExpiryDays: 5,
    });
  });

  it('refuses a fee that is not an amount in USD and days out of range', async () => {
    for (const [payload, field] of [
      [{ directWireFee: '1.234', directWireExpiryDays: 3 }, 'directWireFee'],
      [{ directWireFee: '-1', directWireExpiryDays: 3 }, 'directWireFee'],
      [{ directWireFee: 25, directWireExpiryDays: 3 }, 'directWireFee'],
      [{ directWireFee: '25', directWireExpiryDays: 0 }, 'directWireExpiryDays'],
      [{ directWireFee: '25', directWireExpiryDays: 31 }, 'directWireExpiryDays'],
      [{ directWireFee: '25', directWireExpiryDays: 2.5 }, 'directWireExpiryDays'],
    ] as const) {
      const res = await call(owner, 'PUT', '/api/admin/settings/direct-wire', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(
      (await call(operator, 'PUT', '/api/admin/settings/direct-wire', { directWireFee: '1', directWireExpiryDays: 3 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/admin/settings/master-wallets', () => {
  it('sets the deposit addresses, checks their format, audits; members’ BTC, ETH and ERC-20 wallets show them at once', async () => {
    await createCoin(server, { coinSymbol: 'BTC', depositAddress: 'bc1qbefore' });
    await createCoin(server, { coinSymbol: 'ETH', depositAddress: '0xbefore' });
    await createCoin(server, { coinSymbol: 'USDT', depositAddress: '0xbefore', isErc20: true });
    await createCoin(server, { coinSymbol: 'LTC', depositAddress: 'ltc-unchanged' });
    // Members see the platform's addresses where COINQVEST gives them none of their own (issue 13 item 4):
    // when it is off, as in production without credentials. They read their wallets from such a process.
    const off = await startServer({
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://vault.example',
    });
    onTestFinished(() => off.close());
    const member = await createLoggedInMember(off, { gpaData: { displayName: 'x' } });
    const addresses = async () =>
      Object.fromEntries(
        (await off.app.inject({ method: 'GET', url: '/api/wallet/currency-info', headers: member.headers }))
          .json()
          .wallets.filter((w: { coinSymbol: string }) => ['BTC', 'ETH', 'USDT', 'LTC'].includes(w.coinSymbol))
          .map((w: { coinSymbol: string; address: string }) => [w.coinSymbol, w.address]),
      );
    // Read once first, so the member's dashboard keeps a view of the catalogue the change must replace.
    expect(await addresses()).toEqual({ BTC: 'bc1qbefore', ETH: '0xbefore', USDT: '0xbefore', LTC: 'ltc-unchanged' });
    const bad = await call(owner, 'PUT', '/api/admin/settings/master-wallets', {
      masterWalletBTC: 'not-an-address',
      masterWalletETH: '0x123',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['masterWalletBTC', 'masterWalletETH']);
    const wallets = {
      masterWalletBTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      masterWalletETH: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
    };
    const res = await call(owner, 'PUT', '/api/admin/settings/master-wallets', wallets);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(wallets);
    expect((await lastAudit('settings.masterWallets'))!.details).toMatchObject({ to: wallets });
    expect(await addresses()).toEqual({
      BTC: wallets.masterWalletBTC,
      ETH: wallets.masterWalletETH,
      USDT: wallets.masterWalletETH,
      LTC: 'ltc-unchanged',
    });
    expect((await call(support, 'PUT', '/api/admin/settings/master-wallets', wallets)).statusCode).toBe(403);
  });
});

describe('maintenance', () => {
  it('is audited with the value before and after', async () => {
    try {
      expect((await call(owner, 'POST', '/api/admin/settings/maintenance', { maintenance: true })).statusCode).toBe(
        200,
      );
      expect((await lastAudit('settings.maintenance'))!.details).toEqual({ maintenance: true, from: false });
      expect((await call(owner, 'GET', '/api/admin/settings')).json().data.maintenance).toBe(true);
      expect((await call(operator, 'POST', '/api/admin/settings/maintenance', { maintenance: false })).statusCode).toBe(
        403,
      );
    } finally {
      expect((await call(owner, 'POST', '/api/admin/settings/maintenance', { maintenance: false })).statusCode).toBe(
        200,
      );
    }
    expect((await lastAudit('settings.maintenance'))!.details).toEqual({ maintenance: false, from: true });
  });
});
