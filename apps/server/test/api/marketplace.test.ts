import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { escrowTally } from '../../src/modules/marketplace/escrow.ts';
import { createAdmin } from '../support.ts';
import { createCoin, createToken } from './fixtures/catalogue.ts';
import { type Member, subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * The member marketplace (issue 17 items 4, 5, 8) through the HTTP API: posting moves units to escrow at once,
 * the listing, the owner's toggle and delete, Get Now with partial fills and the fee leg, never oversold under
 * concurrency, the back office's hide, and the escrow invariant (escrow's balance per asset = the unsold units
 * of active and deactivated ads).
 */
const fx = subscriptionsFixture('vault_marketplace');
const { post, get } = fx;
const key = () => ({ 'idempotency-key': newId() });
let operator: Awaited<ReturnType<typeof createAdmin>>;
let support: Awaited<ReturnType<typeof createAdmin>>;
let planId: string;
let XAG: string;
let SDIRA: string;

beforeAll(async () => {
  operator = await createAdmin(fx.server, 'operator');
  support = await createAdmin(fx.server, 'support');
  planId = (await fx.plan('1', 'lifetime'))._id;
  XAG = (await createToken(fx.server, { type: 'asset', decimals: 4, name: 'Silver Bullion', price: '30' })).coinSymbol;
  SDIRA = (await createToken(fx.server, { type: 'sdira', decimals: 4 })).coinSymbol;
}, 120_000);

const inject = (
  as: Member | { headers: Record<string, string> },
  method: 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => fx.server.app.inject({ method, url, headers: as.headers, payload });
const credit = (m: Member, asset: string, amount: string) =>
  fx.ledger.credit({ userId: m.user.id, asset, amount, by: null });
const units = async (m: Member, asset: string) =>
  normalize((await fx.ledger.balances(m.user.id, [asset]))[asset] ?? '0');
const systemBalance = async (kind: string, asset: string) =>
  normalize(
    (
      await fx.server.db.execute<{ b: string }>(
        sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = ${kind} and asset = ${asset}`,
      )
    ).rows[0]!.b,
  );
/** A seller holding `amount` of XAG. */
async function seller(amount = '100') {
  const m = await fx.member();
  await credit(m, XAG, amount);
  return m;
}
const adBody = (over: object = {}) => ({
  type: 'sell',
  coinType: 'native',
  numShares: '10',
  pricePerShare: '2.345',
  walletId: XAG,
  description: 'Fine silver',
  ...over,
});
async function postAd(m: Member, over: object = {}) {
  const res = await post(m, '/api/marketplace/ad', adBody(over), key());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('ad created successfully');
  return res.json().data as { _id: string; remainingShares: string; soldShares: string; status: string };
}
const buy = (m: Member, adId: string, numShares: string, headers = key()) =>
  post(m, '/api/marketplace/exchange', { adId, numShares }, headers);
async function expectEscrowInvariant() {
  for (const row of await escrowTally(fx.server.db)) expect(row.escrow, row.asset).toBe(row.open);
}
async function subscriber(q = '0') {
  const m = await fx.member(String(Number(q) + 1));
  expect((await post(m, '/api/subscription', { planId }, key())).statusCode).toBe(200);
  return m;
}

describe('POST /api/marketplace/ad', () => {
  it('answers every validation message of the sell listing form', async () => {
    const m = await seller();
    const field = async (body: object, name: string) => {
      const res = await post(m, '/api/marketplace/ad', body, key());
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields?.[name];
    };
    expect(await field(adBody({ pricePerShare: undefined }), 'pricePerShare')).toBe('Value is Required');
    expect(await field(adBody({ pricePerShare: '' }), 'pricePerShare')).toBe('Value is Required');
    expect(await field(adBody({ numShares: undefined }), 'numShares')).toBe('Quantity is Required');
    expect(await field(adBody({ numShares: ' ' }), 'numShares')).toBe('Quantity is Required');
    expect(await field(adBody({ numShares: '1.123456789' }), 'numShares')).toBe(messages.marketplaceQuantityDecimals);
    expect(await field(adBody({ numShares: '0' }), 'numShares')).toBe(messages.marketplaceQuantityInvalid);
    expect(await field(adBody({ numShares: '-1' }), 'numShares')).toBe(messages.marketplaceQuantityInvalid);
    expect(await field(adBody({ pricePerShare: 'abc' }), 'pricePerShare')).toBe(messages.marketplaceValueInvalid);
    // XAG here has 4 decimals: the token's own.
    expect(await field(adBody({ numShares: '1.12345' }), 'numShares')).toBe(
      'number field must have 4 digits after decimal or less',
    );
    expect(await field(adBody({ description: 'x'.repeat(1001) }), 'description')).toBe(
      messages.marketplaceDescriptionTooLong,
    );
    expect(await field(adBody({ coinType: 'crypto' }), 'coinType')).toBe(messages.marketplaceCoinTypeInvalid);
    expect(await field(adBody({ walletId: 'NOPE1' }), 'walletId')).toBe(messages.marketplaceWalletUnknown);
    expect(await field(adBody({ walletId: `${newId()}:${XAG}` }), 'walletId')).toBe(messages.marketplaceWalletUnknown);
    // Q (the liquidity token), an sdira token, a crypto coin: never listed.
    const coin = (await createCoin(fx.server)).coinSymbol;
    for (const walletId of ['Q', SDIRA, coin])
      expect(await field(adBody({ walletId }), 'walletId')).toBe(messages.marketplaceNotListable);
    expect(await field(adBody({ coinType: 'nft', walletId: newId() }), 'walletId')).toBe(
      messages.marketplaceWalletUnknown,
    );
    // More than held: the ledger refuses, nothing is written.
    expect(await field(adBody({ numShares: '100.0001' }), 'numShares')).toBe(messages.marketplaceInsufficientUnits);
    expect(await units(m, XAG)).toBe('100');
    // A description is optional; the member's wallet id names the token as well as its symbol.
    const ad = await postAd(m, { description: undefined, walletId: `${m.user.id}:${XAG}` });
    expect(ad).toMatchObject({ remainingShares: '10.0000', soldShares: '0.0000', status: 'active' });
  });

  it('moves the units to escrow at once, in the ad’s transaction; only activated members post', async () => {
    const m = await seller('25');
    const before = await systemBalance('escrow', XAG);
    const ad = await postAd(m, { numShares: '7.5' });
    expect(await units(m, XAG)).toBe('17.5');
    expect(await systemBalance('escrow', XAG)).toBe(normalize(String(Number(before) + 7.5)));
    const full = (await get(m, `/api/marketplace/ad/${ad._id}`)).json().data;
    expect(full).toMatchObject({
      coinType: 'native',
      asset: XAG,
      symbol: XAG,
      totalShares: '7.5000',
      pricePerShare: '2.345',
      description: 'Fine silver',
      isOwn: true,
      nftToken: null,
      nativeToken: { coinSymbol: XAG, displayName: `${XAG} Token`, icon: { url: '/tokens/q.svg' } },
      user: { _id: m.user.id },
    });
    const idle = await fx.member(undefined, { isWalletActivated: false });
    await credit(idle, XAG, '5');
    const res = await post(idle, '/api/marketplace/ad', adBody({ numShares: '1' }), key());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_ACTIVATED');
    await expectEscrowInvariant();
  });

  it('keeps the seller’s acquisition dates when the unsold units return', async () => {
    const m = await seller('10');
    const old = new Date('2020-01-01T00:00:00Z');
    await fx.server.db.execute(sql`update asset_lots set acquired_at = ${old.toISOString()}::timestamptz
      where account_id in (select id from ledger_accounts where user_id = ${m.user.id})`);
    const ad = await postAd(m, { numShares: '6' });
    const buyer = await fx.member('100');
    expect((await buy(buyer, ad._id, '2')).statusCode).toBe(200);
    expect((await inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`)).statusCode).toBe(200);
    const lots = await fx.ledger.lots(m.user.id);
    expect(lots.map((l) => [l.remaining, l.acquiredAt.toISOString()])).toEqual([['8', old.toISOString()]]);
    // The buyer's units are a new lot, dated at the trade.
    const bought = await fx.ledger.lots(buyer.user.id);
    expect(bought).toHaveLength(1);
    expect(Date.now() - bought[0]!.acquiredAt.getTime()).toBeLessThan(60_000);
  });
});

describe('owner’s ads: toggle, delete, visibility', () => {
  it('lets only the owner see a deactivated ad, toggle it or delete it (others: 404)', async () => {
    const m = await seller();
    const other = await fx.member('100');
    const ad = await postAd(m);
    const off = await inject(m, 'PATCH', '/api/marketplace/ad', { adId: ad._id, status: 'deactivated' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Ad deactivated', data: { status: 'deactivated' } });
    expect((await get(other, `/api/marketplace/ad/${ad._id}`)).statusCode).toBe(404);
    expect((await get(m, `/api/marketplace/ad/${ad._id}`)).statusCode).toBe(200);
    for (const status of ['active', 'deactivated'])
      expect((await inject(other, 'PATCH', '/api/marketplace/ad', { adId: ad._id, status })).statusCode).toBe(404);
    expect((await inject(other, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`)).statusCode).toBe(404);
    // A deactivated ad cannot be bought; its units stay in escrow.
    expect((await buy(other, ad._id, '1')).statusCode).toBe(404);
    expect(await units(m, XAG)).toBe('90');
    const listing = (await get(other, '/api/marketplace/listing?limit=100')).json().data as { _id: string }[];
    expect(listing.some((a) => a._id === ad._id)).toBe(false);
    const on = await inject(m, 'PATCH', '/api/marketplace/ad', { adId: ad._id, status: 'active' });
    expect(on.json()).toMatchObject({ message: 'Ad activated', data: { status: 'active' } });
    expect((await get(other, `/api/marketplace/ad/${ad._id}`)).json().data.isOwn).toBe(false);
    const bad = await inject(m, 'PATCH', '/api/marketplace/ad', { adId: ad._id, status: 'sold' });
    expect(bad.json().fields.status).toBe(messages.marketplaceStatusInvalid);
    await expectEscrowInvariant();
  });

  it('deletes exactly once: the unsold rest back in one entry, gone from the owner’s list', async () => {
    const m = await seller('20');
    const ad = await postAd(m);
    const [a, b] = await Promise.all([
      inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`),
      inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await units(m, XAG)).toBe('20');
    const entries = await fx.server.db.execute(
      sql`select 1 from journal_entries where kind = 'marketplaceReturn' and metadata->>'adId' = ${ad._id}`,
    );
    expect(entries.rows).toHaveLength(1);
    const own = (await get(m, '/api/marketplace/ad')).json();
    expect(own.data.some((x: { _id: string }) => x._id === ad._id)).toBe(false);
    expect((await inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`)).statusCode).toBe(404);
    expect((await get(m, `/api/marketplace/ad/${ad._id}`)).json().data.status).toBe('deleted');
    await expectEscrowInvariant();
  });
});

describe('POST /api/marketplace/exchange', () => {
  it('refuses the owner, the not activated, a malformed amount and more than is left', async () => {
    const m = await seller();
    const ad = await postAd(m, { numShares: '3' });
    const own = await buy(m, ad._id, '1');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'OWN_AD', message: messages.marketplaceOwnAd });
    const idle = await fx.member('100', { isWalletActivated: false });
    expect((await buy(idle, ad._id, '1')).json().code).toBe('NOT_ACTIVATED');
    const b = await fx.member('100');
    expect((await buy(b, ad._id, '')).json().fields.numShares).toBe('Quantity is Required');
    expect((await buy(b, ad._id, '1.00001')).json().fields.numShares).toBe(
      'number field must have 4 digits after decimal or less',
    );
    const more = await buy(b, ad._id, '4');
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      code: 'UNITS_NOT_AVAILABLE',
      message: fillMessage(messages.marketplaceUnitsLeft, { remaining: '3.0000' }),
    });
    expect((await buy(b, newId(), '1')).statusCode).toBe(404);
    expect((await buy(b, 'not-an-id', '1')).statusCode).toBe(404);
    const poor = await fx.member('1');
    const short = await buy(poor, ad._id, '1');
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'insufficient balance' });
    expect(await units(poor, XAG)).toBe('0');
    expect((await get(b, `/api/marketplace/ad/${ad._id}`)).json().data.remainingShares).toBe('3.0000');
  });

  it('fills in part, pays the seller less the fee leg, exact on both sides; sells out at 0', async () => {
    const fee = (marketplaceFeePercent: string) =>
      fx.server.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/marketplace-fee',
        headers: fx.owner.headers,
        payload: { marketplaceFeePercent },
      });
    expect((await fee('11')).json().fields.marketplaceFeePercent).toBe('The fee is at most 10 percent');
    expect((await fee('1.5')).statusCode).toBe(200);
    try {
      const m = await seller('10');
      const ad = await postAd(m, { numShares: '10', pricePerShare: '2.345' });
      const b = await fx.member('100');
      const feesBefore = await systemBalance('fees', 'Q');
      const k = key();
      const first = await buy(b, ad._id, '3', k);
      expect(first.statusCode, first.body).toBe(200);
      // 3 × 2.345 = 7.035 → 7.04 (half-up); fee 1.5 % of 7.04 = 0.1056 → 0.10 (toward zero); seller 6.94.
      expect(first.json()).toMatchObject({
        message: messages.marketplaceExchanged,
        data: { numShares: '3.0000', total: '7.04', ad: { remainingShares: '7.0000', soldShares: '3.0000' } },
      });
      // The same key again: the first answer, nothing moved twice.
      expect((await buy(b, ad._id, '3', k)).json()).toEqual(first.json());
      expect(await fx.q(b.user.id)).toBe('92.96');
      expect(await fx.q(m.user.id)).toBe('6.94');
      expect(normalize(String(Number(await systemBalance('fees', 'Q')) - Number(feesBefore)))).toBe('0.1');
      expect(await units(b, XAG)).toBe('3');
      const last = await buy(b, ad._id, '7');
      expect(last.json().data.ad).toMatchObject({ remainingShares: '0.0000', soldShares: '10.0000', status: 'sold' });
      expect((await buy(b, ad._id, '1')).json().code).toBe('AD_NOT_AVAILABLE');
      expect(await units(b, XAG)).toBe('10');
      // Sold out: still in the owner's list, as sold; not in the listing.
      const own = (await get(m, '/api/marketplace/ad')).json().data as { _id: string; status: string }[];
      expect(own.find((a) => a._id === ad._id)?.status).toBe('sold');
      expect(await fx.messagesOf(m.user.id)).toContain(
        fillMessage(messages.marketplaceSoldNotice, { amount: '3.0000', symbol: XAG, total: '7.04' }),
      );
      // Each side's history: Acquired From Marketplace for the buyer, Exchanged for the seller.
      const logs = async (who: Member) =>
        (await get(who, '/api/transaction-log/user/logs?limit=100')).json().data.map((l: { type: string }) => l.type);
      expect(await logs(b)).toContain('nftPurchase');
      expect(await logs(m)).toContain('nftExchange');
      await expectEscrowInvariant();
    } finally {
      expect((await fee('0')).statusCode).toBe(200);
    }
  });

  it('never oversells: 50 buyers of 1 unit at once on an ad of 10 → exactly 10 succeed', async () => {
    const m = await seller('10');
    const ad = await postAd(m, { numShares: '10', pricePerShare: '1' });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => fx.member('5')));
    const results = await Promise.all(buyers.map((b) => buy(b, ad._id, '1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(40);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(['AD_NOT_AVAILABLE', 'UNITS_NOT_AVAILABLE']).toContain(r.json().code);
    const now = (await get(m, `/api/marketplace/ad/${ad._id}`)).json().data;
    expect(now).toMatchObject({ remainingShares: '0.0000', soldShares: '10.0000', status: 'sold' });
    const held = await Promise.all(buyers.map((b) => units(b, XAG)));
    expect(held.filter((u) => u === '1')).toHaveLength(10);
    expect(held.filter((u) => u === '0')).toHaveLength(40);
    expect(await fx.q(m.user.id)).toBe('10');
    const negative = await fx.server.db.execute(
      sql`select 1 from ledger_accounts where kind = 'member' and balance < 0`,
    );
    expect(negative.rows).toHaveLength(0);
    await expectEscrowInvariant();
  }, 120_000);

  it('a delete and purchases at the same moment stay consistent', async () => {
    const m = await seller('10');
    const ad = await postAd(m, { numShares: '10', pricePerShare: '1' });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => fx.member('5')));
    const [removed, ...bought] = await Promise.all([
      inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${ad._id}`),
      ...buyers.map((b) => buy(b, ad._id, '1')),
    ]);
    expect(removed.statusCode).toBe(200);
    const sold = bought.filter((r) => r.statusCode === 200).length;
    expect(bought.every((r) => r.statusCode === 200 || r.json().code === 'AD_NOT_AVAILABLE')).toBe(true);
    const row = (await get(m, `/api/marketplace/ad/${ad._id}`)).json().data;
    expect(row).toMatchObject({ status: 'deleted', soldShares: `${sold}.0000` });
    expect(await units(m, XAG)).toBe(String(10 - sold));
    expect(await fx.q(m.user.id)).toBe(String(sold));
    await expectEscrowInvariant();
  });

  it('sells pool units to subscribed members only, 2 decimals', async () => {
    const created = await post(fx.owner, '/api/admin/opportunity-pools', {
      name: 'Harbour Wind',
      title: 'A wind farm',
      image: '/uploads/wind.png',
      description: 'Turbines',
      totalSupply: '1000000',
      pricePerShare: '4',
      dueDate: '2031-01-01',
      royalties: '',
    });
    const pool = created.json().data as { _id: string; nftToken: string };
    const m = await fx.member();
    await credit(m, pool.nftToken, '50');
    const three = await post(
      m,
      '/api/marketplace/ad',
      adBody({ coinType: 'nft', walletId: pool._id, numShares: '1.005' }),
    );
    expect(three.json().fields.numShares).toBe(messages.marketplacePoolUnitsDecimals);
    const ad = await postAd(m, { coinType: 'nft', walletId: pool._id, numShares: '20.5', pricePerShare: '3' });
    const shown = (await get(m, `/api/marketplace/ad/${ad._id}`)).json().data;
    expect(shown).toMatchObject({
      totalShares: '20.50',
      symbol: 'Harbour Wind',
      nftToken: { _id: pool._id, name: 'Harbour Wind', image: '/uploads/wind.png' },
      nativeToken: null,
    });
    const plain = await fx.member('100');
    const refused = await buy(plain, ad._id, '1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: messages.notSubscribed });
    const sub = await subscriber('100');
    expect((await buy(sub, ad._id, '0.5')).statusCode).toBe(200);
    expect(await units(sub, pool.nftToken)).toBe('0.5');
    expect(await fx.q(sub.user.id)).toBe('98.5');
    await expectEscrowInvariant();
  });
});

describe('GET /api/marketplace/listing', () => {
  it('filters, sorts, searches and pages others’ active ads; bad input is a 400', async () => {
    const tag = newId().slice(0, 8);
    const m = await seller('100');
    const viewer = await fx.member();
    const ads = [];
    for (const price of ['5', '1.5', '3'])
      ads.push(await postAd(m, { numShares: '1', pricePerShare: price, description: `lot ${tag} 100%_ok` }));
    const list = async (query: string) => {
      const res = await get(viewer, `/api/marketplace/listing?keyword=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { pricePerShare: string; isOwn: boolean }[]; total: number };
    };
    expect((await list('')).data.map((a) => a.pricePerShare)).toEqual(['3', '1.5', '5']);
    expect((await list('filter=price_low_to_high')).data.map((a) => a.pricePerShare)).toEqual(['1.5', '3', '5']);
    expect((await list('filter=price_high_to_low')).data.map((a) => a.pricePerShare)).toEqual(['5', '3', '1.5']);
    expect((await list('price_from=2&price_to=4')).data.map((a) => a.pricePerShare)).toEqual(['3']);
    const page = await list('filter=price_low_to_high&limit=2&page=2');
    expect(page).toMatchObject({ total: 3, data: [{ pricePerShare: '5' }] });
    expect((await list('')).data.every((a) => !a.isOwn)).toBe(true);
    // LIKE wildcards are literal; the token's name matches too.
    expect((await get(viewer, `/api/marketplace/listing?keyword=${encodeURIComponent('0%_o')}`)).json().total).toBe(3);
    expect((await get(viewer, '/api/marketplace/listing?keyword=%25%25%25')).json().total).toBe(0);
    const byName = (await get(viewer, '/api/marketplace/listing?keyword=silver%20bull&limit=100')).json();
    expect(byName.total).toBeGreaterThanOrEqual(3);
    // The owner does not see their own ads in the listing.
    expect((await get(m, `/api/marketplace/listing?keyword=${tag}`)).json().total).toBe(0);
    for (const query of ['price_from=abc', 'price_to=1e5', 'price_from=5&price_to=1', 'filter=cheapest', 'page=0'])
      expect((await get(viewer, `/api/marketplace/listing?${query}`)).statusCode, query).toBe(400);
    const bad = await get(viewer, '/api/marketplace/listing?price_from=-1');
    expect(bad.json().fields.price_from).toBe(messages.marketplacePriceBoundInvalid);
  });

  it('never answers 5xx to odd input on any marketplace route', async () => {
    const m = await seller('10');
    const odd = [null, 1, -1, 1e300, '𝔘', '\u0000', 'x'.repeat(5000), [], {}, true, '1e3', ' 1 ', '0x10'];
    for (const v of odd) {
      const bodies = [
        ['POST', '/api/marketplace/ad', adBody({ numShares: v })],
        ['POST', '/api/marketplace/ad', adBody({ pricePerShare: v, walletId: v })],
        ['POST', '/api/marketplace/exchange', { adId: v, numShares: v }],
        ['PATCH', '/api/marketplace/ad', { adId: v, status: v }],
      ] as const;
      for (const [method, url, payload] of bodies) {
        const res = await fx.server.app.inject({ method, url, headers: m.headers, payload });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }
      const q = encodeURIComponent(String(v));
      for (const url of [
        `/api/marketplace/listing?price_from=${q}&keyword=${q}&filter=${q}`,
        `/api/marketplace/ad/${q}`,
        `/api/marketplace/ad?page=${q}`,
      ])
        expect((await get(m, url)).statusCode, url).toBeLessThan(500);
      expect((await inject(m, 'DELETE', `/api/marketplace/ad?ad_id=${q}`)).statusCode).toBeLessThan(500);
    }
  });
});

describe('back office', () => {
  it('hides an abusive ad exactly once: escrow back, reason kept, audited, owner told', async () => {
    const m = await seller('10');
    const ad = await postAd(m, { numShares: '4' });
    const b = await fx.member('100');
    expect((await buy(b, ad._id, '1')).statusCode).toBe(200);
    const list = await get(support, '/api/admin/marketplace/ads?status=active&limit=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((a: { _id: string }) => a._id === ad._id)).toMatchObject({
      trades: 1,
      user: { email: m.email },
    });
    const url = `/api/admin/marketplace/ads/${ad._id}/hide`;
    expect((await post(support, url, { reason: 'spam listing' })).statusCode).toBe(403);
    expect((await post(operator, url, { reason: '' })).statusCode).toBe(400);
    const [a, c] = await Promise.all([
      post(operator, url, { reason: 'spam listing' }),
      post(operator, url, { reason: 'spam listing' }),
    ]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([200, 400]);
    const done = a.statusCode === 200 ? a : c;
    expect(done.json().data).toMatchObject({
      status: 'hidden',
      hiddenReason: 'spam listing',
      remainingShares: '3.0000',
    });
    expect(await units(m, XAG)).toBe('9');
    const audits = await fx.server.db.execute(
      sql`select 1 from audit_log where action = 'marketplaceAd.hide' and target_id = ${ad._id}`,
    );
    expect(audits.rows).toHaveLength(1);
    expect((await fx.messagesOf(m.user.id)).some((t) => t.includes('spam listing'))).toBe(true);
    expect((await get(b, `/api/marketplace/ad/${ad._id}`)).statusCode).toBe(404);
    expect((await post(operator, `/api/admin/marketplace/ads/${newId()}/hide`, { reason: 'spam' })).statusCode).toBe(
      404,
    );
    await expectEscrowInvariant();
  });
});
