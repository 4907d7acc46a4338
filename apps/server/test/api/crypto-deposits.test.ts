import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoDepositAddresses, notifications, providerEvents } from '../../src/db/schema.ts';
import { coinqvestSettings } from '../../src/providers/coinqvest/index.ts';
import { webhookAuth } from '../../src/providers/coinqvest/signing.ts';
import { createCoin } from './fixtures/catalogue.ts';
import { type Member, onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * Crypto deposits to members' own addresses (issue 13 item 4) through the COINQVEST sandbox: the address is
 * made at the provider on the first ask and kept; the sandbox's "simulate deposit" posts a signed
 * DEPOSIT_COMPLETED back, credited once. BTC 60,000 USD (8 decimals), ETH and the ERC-20 USDT share the
 * Ethereum address, DOGE has no provider network (the platform's address is shown).
 */
const fx = onlinePurchasesFixture('vault_crypto_deposits');
const { member, post, balanceOf, until } = fx;
let secret: string;

beforeAll(async () => {
  secret = (await coinqvestSettings(fx.server.config, fx.server.db))!.secret;
  await createCoin(fx.server, { coinSymbol: 'BTC', price: '60000', decimals: 8, depositAddress: 'bc1qplatform' });
  await createCoin(fx.server, { coinSymbol: 'ETH', price: '3000', decimals: 8, depositAddress: '0xplatform' });
  await createCoin(fx.server, { coinSymbol: 'USDT', price: '1', decimals: 6, isErc20: true, depositAddress: '0xp' });
  await createCoin(fx.server, { coinSymbol: 'LTC', price: '80', decimals: 8, depositAddress: 'ltc1qplatform' });
  await createCoin(fx.server, { coinSymbol: 'DOGE', price: '0.1', decimals: 8, depositAddress: 'Dplatform' });
});

const ask = (m: Member, coinSymbol: string) => post(m, '/api/coinqvest/deposit-address', { coinSymbol });
async function addressOf(m: Member, coinSymbol: string) {
  const res = await ask(m, coinSymbol);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { coinSymbol: string; network: string; address: string; memo: string };
}
const walletAddresses = async (m: Member) => {
  const res = await fx.server.app.inject({ method: 'GET', url: '/api/wallet/currency-info', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    wallets: { coinSymbol: string; address: string }[];
    assetsForWalletsActivation: { coinSymbol: string; address: string }[];
  };
  return {
    wallets: Object.fromEntries(body.wallets.map((w) => [w.coinSymbol, w.address])),
    activation: Object.fromEntries(body.assetsForWalletsActivation.map((w) => [w.coinSymbol, w.address])),
  };
};
/** The sandbox's "simulate deposit": as if coins had arrived on chain. */
async function simulate(address: string, assetCode: string, amount: string) {
  const res = await fetch(`${fx.base}/sandbox/coinqvest/deposits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, assetCode, amount }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { deposit: { id: string } }).deposit.id;
}
const eventOf = async (depositId: string) =>
  (
    await fx.server.db
      .select()
      .from(providerEvents)
      .where(
        and(eq(providerEvents.provider, 'coinqvest'), eq(providerEvents.eventId, `DEPOSIT_COMPLETED:${depositId}`)),
      )
  )[0];
const deliver = (body: string, auth = webhookAuth(secret, body)) =>
  fx.server.app.inject({
    method: 'POST',
    url: '/api/webhooks/coinqvest',
    headers: { 'content-type': 'application/json', 'x-webhook-auth': auth },
    payload: body,
  });

describe('POST /api/coinqvest/deposit-address', () => {
  it("makes the member's address of a network once; the wallets and the activation panel show it", async () => {
    const m = await member();
    const before = await walletAddresses(m);
    // Nothing asked yet: '' for the provider's coins (the screen asks), the platform's address for DOGE.
    expect(before.wallets).toMatchObject({ BTC: '', ETH: '', USDT: '', LTC: '', DOGE: 'Dplatform' });

    const btc = await addressOf(m, 'BTC');
    expect(btc).toMatchObject({ coinSymbol: 'BTC', network: 'BITCOIN', memo: '' });
    expect(btc.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect((await addressOf(m, 'BTC')).address).toBe(btc.address);
    const eth = await addressOf(m, 'ETH');
    expect(eth.address).toMatch(/^0x[0-9a-f]{40}$/);
    // An ERC-20 token is deposited to the same Ethereum address.
    expect(await addressOf(m, 'USDT')).toMatchObject({ network: 'ETHEREUM', address: eth.address });

    const after = await walletAddresses(m);
    expect(after.wallets).toMatchObject({ BTC: btc.address, ETH: eth.address, USDT: eth.address, LTC: '' });
    expect(after.activation.BTC).toBe(btc.address);
    // Another member gets addresses of their own.
    expect((await addressOf(await member(), 'BTC')).address).not.toBe(btc.address);
  });

  it('answers the same address to first asks made at once', async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(m, 'LTC')));
    const addresses = answers.map((r) => (r.json().data as { address: string }).address);
    expect(new Set(addresses).size).toBe(1);
    expect((await addressOf(m, 'LTC')).address).toBe(addresses[0]);
  });

  it('refuses an unknown coin, a coin without a provider network, and a caller not signed in', async () => {
    const m = await member();
    expect((await ask(m, 'NOPE')).json()).toMatchObject({ code: 'UNKNOWN_ASSET' });
    const doge = await ask(m, 'DOGE');
    expect(doge.statusCode).toBe(400);
    expect(doge.json()).toMatchObject({ code: 'COIN_NOT_DEPOSITABLE' });
    expect((await ask(m, 'btc lower')).statusCode).toBe(400);
    const anonymous = await fx.server.app.inject({
      method: 'POST',
      url: '/api/coinqvest/deposit-address',
      payload: { coinSymbol: 'BTC' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('deposits reported by the provider', () => {
  it('credits a deposit to the member once, told and in the history; a replay credits nothing', async () => {
    const m = await member();
    const { address } = await addressOf(m, 'BTC');
    const depositId = await simulate(address, 'BTC', '0.015');
    await until(async () => (await balanceOf(m.user.id, 'BTC')) === '0.015', 'the deposit credited');
    const event = await eventOf(depositId);
    expect(event).toMatchObject({ verified: true, eventType: 'DEPOSIT_COMPLETED' });
    expect(event!.processedAt).toBeInstanceOf(Date);

    // The same event delivered again (the provider retries): 200, nothing more.
    const body = JSON.stringify({
      eventType: 'DEPOSIT_COMPLETED',
      data: { deposit: { id: depositId, network: 'BITCOIN', address, assetCode: 'BTC', amount: '0.015' } },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'BTC')).toBe('0.015');

    const told = await fx.server.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.map((n) => n.message)).toContain('Your deposit of 0.015 BTC has arrived in your vault.');
    const logs = await fx.server.app.inject({
      method: 'GET',
      url: '/api/transaction-log/user/logs?page=1&limit=10',
      headers: m.headers,
    });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(JSON.stringify(logs.json())).toContain('coinqvestDeposit');
  });

  it('credits an ERC-20 deposit to the Ethereum address, cut down to the coin decimals', async () => {
    const m = await member();
    const { address } = await addressOf(m, 'ETH');
    await simulate(address, 'USDT', '25.12345678');
    await until(async () => (await balanceOf(m.user.id, 'USDT')) === '25.123456', 'the USDT deposit');
  });

  it('leaves for the back office a deposit to no member, of another network, or forged', async () => {
    const m = await member();
    const { address } = await addressOf(m, 'BTC');
    // Litecoin sent to a Bitcoin address, and coins to an address nobody was given: recorded, not credited.
    const wrongAsset = await simulate(address, 'LTC', '1');
    const nobody = await simulate('bc1qnobodysaddress', 'BTC', '1');
    for (const id of [wrongAsset, nobody]) {
      await until(async () => (await eventOf(id)) !== undefined, 'the event recorded');
      expect((await eventOf(id))!.processedAt).toBeNull();
    }
    // A forged event for the member's address: refused, nothing credited.
    const forged = JSON.stringify({
      eventType: 'DEPOSIT_COMPLETED',
      data: { deposit: { id: 'forged1', address, assetCode: 'BTC', amount: '5' } },
    });
    expect((await deliver(forged, 'f'.repeat(64))).statusCode).toBe(401);
    expect(await balanceOf(m.user.id, 'BTC')).toBe('0');
    expect(await balanceOf(m.user.id, 'LTC')).toBe('0');
  });

  it('a deposit worth 21 silver tokens lets a member activate the vault', async () => {
    const m = await member({ isWalletActivated: false });
    const { address } = await addressOf(m, 'BTC');
    // 21 × 30 USD = 630 USD = 0.0105 BTC at 60,000.
    await simulate(address, 'BTC', '0.0105');
    await until(async () => (await balanceOf(m.user.id, 'BTC')) === '0.0105', 'the deposit credited');
    const res = await post(m, '/api/native-wallet/activateUserWallet', { coinSymbol: 'BTC' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await fx.server.db
      .select()
      .from(cryptoDepositAddresses)
      .where(eq(cryptoDepositAddresses.userId, m.user.id));
    expect(rows).toHaveLength(1);
  });
});
