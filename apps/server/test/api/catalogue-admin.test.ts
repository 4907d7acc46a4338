import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@vault/contract/messages';
import {
  BUILT_IN_ICONS,
  catalogueAssetResponse,
  catalogueResponse,
  priceHistoryResponse,
  TOKEN_ICON_MAX_BYTES,
} from '@vault/contract/schemas/catalogue-admin';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cryptoCoins, nativeTokens, uploads } from '../../src/db/schema.ts';
import { createLedger } from '../../src/ledger/index.ts';
import { lookupAsset } from '../../src/modules/catalogue/service.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  IMAGES,
  memberSocket,
  multipartBody,
  startServer,
  type TestServer,
} from '../support.ts';
import { createCoin, createToken, uniqueSymbol } from './fixtures/catalogue.ts';

/**
 * The back office's catalogue (issue 11 item 3): the list and price history for every administrator who reads
 * the ledger, changes (order, visibility, decimals, colour, icon) for owners only, each audited with its old
 * and new values and told to members' open screens; decimals only grow; icons uploaded through the storage
 * checks; the swap spread read and set.
 */

let server: TestServer;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let owner: Admin;
let operator: Admin;
let support: Admin;
let member: Awaited<ReturnType<typeof createLoggedInMember>>;
beforeAll(async () => {
  server = await startServer();
  [owner, operator, support] = await Promise.all([
    createAdmin(server, 'owner'),
    createAdmin(server, 'operator'),
    createAdmin(server, 'support'),
  ]);
  member = await createLoggedInMember(server, { gpaData: { displayName: 'x' } });
});
afterAll(() => server.close());

const list = (headers: Record<string, string> = owner.headers) =>
  server.app.inject({ method: 'GET', url: '/api/admin/catalogue', headers });
const patch = (
  kind: 'tokens' | 'coins',
  symbol: string,
  payload: unknown,
  headers: Record<string, string> = owner.headers,
) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/admin/catalogue/${kind}/${symbol}`,
    payload: payload as object,
    headers,
  });
const audits = (symbol: string, action: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, symbol), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));
async function uploadIcon(bytes: Uint8Array, type = 'image/png', headers = owner.headers) {
  const { payload, contentType } = await multipartBody([{ name: 'file', data: bytes, filename: 'icon.png', type }]);
  return server.app.inject({
    method: 'POST',
    url: '/api/admin/catalogue/icons',
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
}

describe('GET admin/catalogue', () => {
  it('lists every token (hidden ones too) and coin in display order, with price, when it was set, and icons', async () => {
    const hidden = await createToken(server, { type: 'asset', orderIndex: 0, isVisibleOnWeb: false, price: '12.5' });
    const pegged = await createToken(server, { type: 'liquidity', orderIndex: 1 });
    const coin = await createCoin(server, { price: '0.00001234', orderIndex: 0 });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/admin/prices',
          payload: { coinSymbol: hidden.coinSymbol, price: '13' },
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
    const res = await list(support.headers);
    expect(res.statusCode).toBe(200);
    const { data } = catalogueResponse.parse(res.json());
    const orders = data.tokens.map((t) => t.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(data.tokens.find((t) => t.coinSymbol === hidden.coinSymbol)).toMatchObject({
      kind: 'token',
      type: 'asset',
      price: '13',
      priceFixed: false,
      isVisibleOnWeb: false,
      decimals: 8,
      coinColor: '#1f6feb',
      iconUrl: '/tokens/q.svg',
    });
    expect(
      Date.now() - Date.parse(data.tokens.find((t) => t.coinSymbol === hidden.coinSymbol)!.priceSetAt!),
    ).toBeLessThan(60_000);
    expect(data.tokens.find((t) => t.coinSymbol === pegged.coinSymbol)).toMatchObject({
      priceFixed: true,
      priceSetAt: null,
    });
    expect(data.coins.find((c) => c.coinSymbol === coin.coinSymbol)).toMatchObject({
      kind: 'coin',
      type: 'crypto',
      price: '0.00001234',
      isVisibleOnWeb: true,
    });
    expect(data.icons.slice(0, BUILT_IN_ICONS.length)).toEqual([...BUILT_IN_ICONS]);
  });

  it('price history: the members’ sparklines for every administrator who reads the ledger', async () => {
    const token = await createToken(server, { type: 'asset', price: '7', isVisibleOnWeb: false });
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/admin/catalogue/prices/${token.coinSymbol.toLowerCase()}`,
      headers: support.headers,
    });
    expect(res.statusCode).toBe(200);
    const { data } = priceHistoryResponse.parse(res.json());
    expect(data.spark_line_7_day.at(-1)!.price).toBe('7');
    const unknown = await server.app.inject({
      method: 'GET',
      url: `/api/admin/catalogue/prices/${uniqueSymbol('NONE')}`,
      headers: support.headers,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.unknownAsset]);
  });
});

describe('PATCH admin/catalogue/tokens|coins/:symbol', () => {
  it('support and operators read but cannot change; members 403, strangers 401; owners change', async () => {
    const token = await createToken(server, { type: 'asset', orderIndex: 40, isVisibleOnWeb: false });
    for (const admin of [support, operator]) {
      expect((await list(admin.headers)).statusCode).toBe(200);
      const refused = await patch('tokens', token.coinSymbol, { orderIndex: 41 }, admin.headers);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await list(member.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    expect((await patch('tokens', token.coinSymbol, { orderIndex: 41 }, member.headers)).statusCode).toBe(403);
    expect((await patch('tokens', token.coinSymbol, { orderIndex: 41 }, {})).statusCode).toBe(401);
    expect(await audits(token.coinSymbol, 'catalogue.token.update')).toHaveLength(0);
    const res = await patch('tokens', token.coinSymbol, { orderIndex: 41 });
    expect(res.statusCode).toBe(200);
    expect(catalogueAssetResponse.parse(res.json())).toMatchObject({
      message: messages.catalogueSaved,
      data: { coinSymbol: token.coinSymbol, orderIndex: 41 },
    });
  });

  it('changes order, visibility, decimals, colour and icon with one audit row holding old and new values', async () => {
    const token = await createToken(server, {
      type: 'asset',
      orderIndex: 50,
      decimals: 4,
      coinColor: '#1f6feb',
      iconUrl: '/tokens/q.svg',
      isVisibleOnWeb: false,
    });
    const res = await patch('tokens', token.coinSymbol.toLowerCase(), {
      orderIndex: 7,
      isVisibleOnWeb: true,
      decimals: 6,
      coinColor: '#A1B2C3',
      iconUrl: '/tokens/xag.svg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      orderIndex: 7,
      isVisibleOnWeb: true,
      decimals: 6,
      coinColor: '#a1b2c3',
      iconUrl: '/tokens/xag.svg',
    });
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    expect(row).toMatchObject({
      orderIndex: 7,
      isVisibleOnWeb: true,
      decimals: 6,
      coinColor: '#a1b2c3',
      iconUrl: '/tokens/xag.svg',
    });
    const [entry, ...more] = await audits(token.coinSymbol, 'catalogue.token.update');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      details: {
        coinSymbol: token.coinSymbol,
        changes: {
          orderIndex: { from: 50, to: 7 },
          isVisibleOnWeb: { from: false, to: true },
          decimals: { from: 4, to: 6 },
          coinColor: { from: '#1f6feb', to: '#a1b2c3' },
          iconUrl: { from: '/tokens/q.svg', to: '/tokens/xag.svg' },
        },
      },
    });
    // The same values again: nothing changes, nothing is audited.
    const again = await patch('tokens', token.coinSymbol, { orderIndex: 7, coinColor: '#a1b2c3' });
    expect(again.statusCode).toBe(200);
    expect(await audits(token.coinSymbol, 'catalogue.token.update')).toHaveLength(1);
    // Only the fields given change, and only those are audited.
    expect((await patch('tokens', token.coinSymbol, { coinColor: '#000000' })).statusCode).toBe(200);
    const [newest] = await audits(token.coinSymbol, 'catalogue.token.update');
    expect(newest!.details).toEqual({
      coinSymbol: token.coinSymbol,
      changes: { coinColor: { from: '#a1b2c3', to: '#000000' } },
    });
  });

  it('decimals only grow: lowering is refused with a clear message and writes nothing', async () => {
    const token = await createToken(server, { type: 'asset', decimals: 4, isVisibleOnWeb: false });
    await createLedger(server.db).credit({
      userId: member.user.id,
      asset: token.coinSymbol,
      amount: '1.2345',
      by: null,
    });
    expect((await lookupAsset(server.db, token.coinSymbol))?.decimals).toBe(4);
    const lowered = await patch('tokens', token.coinSymbol, { decimals: 2, orderIndex: 3 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toEqual({
      message: messages.decimalsCannotDecrease,
      code: 'DECIMALS_LOWERED',
      fields: { decimals: messages.decimalsCannotDecrease },
    });
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    expect([row!.decimals, row!.orderIndex]).toEqual([4, 500]);
    expect(await audits(token.coinSymbol, 'catalogue.token.update')).toHaveLength(0);
    // Raised: amounts with the new decimals are accepted at once (this process forgets what it kept).
    expect((await patch('tokens', token.coinSymbol, { decimals: 8 })).statusCode).toBe(200);
    expect((await lookupAsset(server.db, token.coinSymbol))?.decimals).toBe(8);
    // Coins follow the same rule.
    const coin = await createCoin(server, { decimals: 6 });
    const coinLowered = await patch('coins', coin.coinSymbol, { decimals: 5 });
    expect([coinLowered.statusCode, coinLowered.json().code]).toEqual([400, 'DECIMALS_LOWERED']);
    expect((await patch('coins', coin.coinSymbol, { decimals: 8, orderIndex: 2 })).statusCode).toBe(200);
    const [coinRow] = await server.db.select().from(cryptoCoins).where(eq(cryptoCoins.id, coin.id));
    expect([coinRow!.decimals, coinRow!.orderIndex]).toEqual([8, 2]);
    expect((await audits(coin.coinSymbol, 'catalogue.coin.update'))[0]!.details).toEqual({
      coinSymbol: coin.coinSymbol,
      changes: { decimals: { from: 6, to: 8 }, orderIndex: { from: 500, to: 2 } },
    });
  });

  it('refuses what is not valid, in the contract’s words, writing nothing', async () => {
    const token = await createToken(server, { type: 'asset', isVisibleOnWeb: false });
    const coin = await createCoin(server);
    const cases: [string, string, unknown, number, string, string?][] = [
      ['tokens', token.coinSymbol, {}, 400, messages.catalogueNothingToChange],
      ['tokens', token.coinSymbol, { orderIndex: -1 }, 400, messages.catalogueOrderInvalid, 'orderIndex'],
      ['tokens', token.coinSymbol, { orderIndex: 1.5 }, 400, messages.catalogueOrderInvalid, 'orderIndex'],
      ['tokens', token.coinSymbol, { orderIndex: '3' }, 400, messages.catalogueOrderInvalid, 'orderIndex'],
      ['tokens', token.coinSymbol, { orderIndex: 10_000 }, 400, messages.catalogueOrderInvalid, 'orderIndex'],
      ['tokens', token.coinSymbol, { decimals: 9 }, 400, messages.catalogueDecimalsInvalid, 'decimals'],
      ['tokens', token.coinSymbol, { coinColor: 'red' }, 400, messages.colourInvalid, 'coinColor'],
      ['tokens', token.coinSymbol, { coinColor: '#fff' }, 400, messages.colourInvalid, 'coinColor'],
      ['tokens', token.coinSymbol, { isVisibleOnWeb: 'no' }, 400, messages.invalidRequest, 'isVisibleOnWeb'],
      ['tokens', token.coinSymbol, { iconUrl: 'https://example.com/x.png' }, 400, messages.iconInvalid, 'iconUrl'],
      ['tokens', token.coinSymbol, { iconUrl: 'javascript:alert(1)' }, 400, messages.iconInvalid, 'iconUrl'],
      ['tokens', token.coinSymbol, { iconUrl: '/tokens/../../etc/passwd' }, 400, messages.iconInvalid, 'iconUrl'],
      ['tokens', token.coinSymbol, { iconUrl: '/tokens/nope.svg' }, 400, messages.iconInvalid, 'iconUrl'],
      [
        'tokens',
        token.coinSymbol,
        { iconUrl: '/uploads/0190aaaa-0000-7000-8000-000000000000.png' },
        400,
        messages.iconInvalid,
        'iconUrl',
      ],
      ['tokens', token.coinSymbol, { orderIndex: 1, price: '5' }, 400, messages.invalidRequest],
      ['coins', coin.coinSymbol, { isVisibleOnWeb: 'no' }, 400, messages.invalidRequest, 'isVisibleOnWeb'],
      ['tokens', coin.coinSymbol, { orderIndex: 1 }, 404, messages.unknownAsset],
      ['coins', token.coinSymbol, { orderIndex: 1 }, 404, messages.unknownAsset],
      ['tokens', uniqueSymbol('NONE'), { orderIndex: 1 }, 404, messages.unknownAsset],
    ];
    for (const [kind, symbol, body, status, message, field] of cases) {
      const res = await patch(kind as 'tokens', symbol, body);
      const label = `${kind} ${JSON.stringify(body)}`;
      expect([res.statusCode, res.json().message], label).toEqual([status, message]);
      if (field) expect(res.json().fields?.[field], label).toBe(message);
    }
    expect(await countRows(server, 'audit_log', sql`target_id in (${token.coinSymbol}, ${coin.coinSymbol})`)).toBe(0);
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    expect(row).toMatchObject({ orderIndex: 500, decimals: 8, coinColor: '#1f6feb', iconUrl: '/tokens/q.svg' });
  });

  it('tells every member’s open screens (pricesUpdated) once the change is committed', async () => {
    const token = await createToken(server, { type: 'asset', isVisibleOnWeb: false });
    const socket = await memberSocket(server, member, 'pricesUpdated');
    expect((await patch('tokens', token.coinSymbol, { isVisibleOnWeb: true })).statusCode).toBe(200);
    expect(await socket.next()).toEqual({ type: 'pricesUpdated', coinSymbol: token.coinSymbol });
    // A refused change tells nobody.
    expect((await patch('tokens', token.coinSymbol, { decimals: 1 })).statusCode).toBe(400);
    await expect(socket.next(500)).rejects.toThrow();
    socket.close();
  });

  it('a hidden token leaves members’ dashboards and the site, except for members who hold it', async () => {
    const token = await createToken(server, { type: 'asset', orderIndex: 1 });
    const holder = await createLoggedInMember(server, { gpaData: { displayName: 'x' } });
    await createLedger(server.db).credit({ userId: holder.user.id, asset: token.coinSymbol, amount: '2', by: null });
    const listed = async (headers: Record<string, string>) =>
      (await server.app.inject({ method: 'GET', url: '/api/wallet/currency-info', headers }))
        .json()
        .nativeWallets.map((w: { coinSymbol: string }) => w.coinSymbol);
    const onSite = async () =>
      (await server.app.inject({ method: 'GET', url: '/api/native-token/get-all-native-tokens' }))
        .json()
        .data.map((t: { coinSymbol: string }) => t.coinSymbol);
    expect(await listed(member.headers)).toContain(token.coinSymbol);
    expect(await onSite()).toContain(token.coinSymbol);
    expect((await patch('tokens', token.coinSymbol, { isVisibleOnWeb: false })).statusCode).toBe(200);
    expect(await listed(member.headers)).not.toContain(token.coinSymbol);
    expect(await onSite()).not.toContain(token.coinSymbol);
    expect(await listed(holder.headers)).toContain(token.coinSymbol);
  });

  it('a hidden coin leaves members’ crypto wallets, except for members who hold it', async () => {
    const coin = await createCoin(server);
    const holder = await createLoggedInMember(server, { gpaData: { displayName: 'x' } });
    await createLedger(server.db).credit({ userId: holder.user.id, asset: coin.coinSymbol, amount: '2', by: null });
    // (Activation refusing a hidden coin: test/api/activation.test.ts, which has the silver price it needs.)
    const info = async (headers: Record<string, string>) => {
      const body = (await server.app.inject({ method: 'GET', url: '/api/wallet/currency-info', headers })).json();
      return { wallets: body.wallets.map((w: { coinSymbol: string }) => w.coinSymbol) };
    };
    expect((await info(member.headers)).wallets).toContain(coin.coinSymbol);
    const hidden = await patch('coins', coin.coinSymbol, { isVisibleOnWeb: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ coinSymbol: coin.coinSymbol, isVisibleOnWeb: false });
    expect((await audits(coin.coinSymbol, 'catalogue.coin.update'))[0]!.details).toEqual({
      coinSymbol: coin.coinSymbol,
      changes: { isVisibleOnWeb: { from: true, to: false } },
    });
    expect(
      (await list()).json().data.coins.find((c: { coinSymbol: string }) => c.coinSymbol === coin.coinSymbol),
    ).toMatchObject({ isVisibleOnWeb: false });
    const mine = await info(member.headers);
    expect(mine.wallets).not.toContain(coin.coinSymbol);
    // The holder keeps the wallet: no balance is out of sight.
    expect((await info(holder.headers)).wallets).toContain(coin.coinSymbol);
    expect((await patch('coins', coin.coinSymbol, { isVisibleOnWeb: true })).statusCode).toBe(200);
    expect((await info(member.headers)).wallets).toContain(coin.coinSymbol);
  });
});

describe('POST admin/catalogue/icons', () => {
  it('stores an image checked by its bytes as a public file; a token takes it; dropped, the clean-up may take it', async () => {
    const refused = await uploadIcon(IMAGES.png, 'image/png', operator.headers);
    expect(refused.statusCode).toBe(403);
    const res = await uploadIcon(IMAGES.png);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    const name = url.slice('/uploads/'.length);
    expect(existsSync(path.join(server.config.dataDir, 'uploads', name))).toBe(true);
    const served = await server.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    // Offered among the icons, and not in use yet.
    expect(catalogueResponse.parse((await list()).json()).data.icons).toContain(url);
    const unused = async () =>
      (await server.db.select({ at: uploads.referencedAt }).from(uploads).where(eq(uploads.fileName, name)))[0]!.at ===
      null;
    expect(await unused()).toBe(true);

    // Two tokens take it; when one drops it the other still uses it; when both have, it is unused again.
    const a = await createToken(server, { type: 'asset', isVisibleOnWeb: false });
    const b = await createCoin(server);
    expect((await patch('tokens', a.coinSymbol, { iconUrl: url })).statusCode).toBe(200);
    expect(await unused()).toBe(false);
    expect((await patch('coins', b.coinSymbol, { iconUrl: url })).statusCode).toBe(200);
    expect((await patch('tokens', a.coinSymbol, { iconUrl: '/tokens/xau.svg' })).statusCode).toBe(200);
    expect(await unused()).toBe(false);
    expect((await patch('coins', b.coinSymbol, { iconUrl: '/tokens/btc.svg' })).statusCode).toBe(200);
    expect(await unused()).toBe(true);
  });

  it('refuses what is not a png, gif or jpeg (by its bytes), files over 256 KB and empty forms', async () => {
    const text = await uploadIcon(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect([text.statusCode, text.json().code]).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
    const big = new Uint8Array(TOKEN_ICON_MAX_BYTES + 1);
    big.set(IMAGES.png);
    const tooBig = await uploadIcon(big);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, messages.iconTooLarge]);
    const { payload, contentType } = await multipartBody([{ name: 'note', value: 'no file' }]);
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/icons',
      payload,
      headers: { ...owner.headers, 'content-type': contentType },
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'FILE_MISSING']);
  });
});

describe('prices and the swap spread keep the values they replace in the audit log', () => {
  it('POST admin/prices audits the previous price', async () => {
    const token = await createToken(server, { type: 'asset', price: '30', isVisibleOnWeb: false });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/prices',
      payload: { coinSymbol: token.coinSymbol, price: '31.5' },
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await audits(token.coinSymbol, 'price.set'))[0]!.details).toEqual({
      coinSymbol: token.coinSymbol,
      price: '31.5',
      previousPrice: '30',
    });
    const operatorRefused = await server.app.inject({
      method: 'POST',
      url: '/api/admin/prices',
      payload: { coinSymbol: token.coinSymbol, price: '32' },
      headers: operator.headers,
    });
    expect(operatorRefused.statusCode).toBe(403);
  });

  it('GET admin/settings/swap-spread reads it (support too); operators cannot set it', async () => {
    // Setting it is tested in swaps.test.ts (with the audited previous value): the spread is one setting for
    // every test file running at once, so this file only reads it.
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/admin/settings/swap-spread',
      headers: support.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ defaultPercent: '0.5', maxPercent: '10' });
    expect(read.json().data.swapSpreadPercent).toMatch(/^\d{1,2}(\.\d{1,2})?$/);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/admin/settings/swap-spread',
      payload: { swapSpreadPercent: '1' },
      headers: operator.headers,
    });
    expect(refused.statusCode).toBe(403);
    const asMember = await server.app.inject({
      method: 'GET',
      url: '/api/admin/settings/swap-spread',
      headers: member.headers,
    });
    expect(asMember.statusCode).toBe(403);
  });
});
