import { fromUnits, round, toUnits } from '@vault/contract/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { loadConfig } from '../../config.ts';
import type { Context } from '../../context.ts';
import { createLedger } from '../../ledger/ledger.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sharedSecret } from '../../lib/secrets.ts';
import { settingsService } from '../../modules/settings/service.ts';
import { type StorageService, storageService } from '../../modules/storage/service.ts';
import type { Db } from '../client.ts';
import { assetPrices, cryptoCoins, nativeTokens, notifications, users } from '../schema.ts';
import { demoSignaturePng } from './demo-signature.ts';

type DemoUser = {
  email: string;
  name: string;
  password: string;
  what: string;
  values: Partial<typeof users.$inferInsert>;
  /** Opening balances, issued from the treasury through the ledger. */
  balances?: Record<string, string>;
  /** A submitted application carries a signature: a real private upload, as the wizard leaves it. */
  signed?: boolean;
};

const membership = (first: string, last: string, email: string) => ({
  name: { prefix: 'Mr', firstName: first, middleName: '', lastName: last, suffix: '' },
  primaryEmail: email,
  primaryPhone: { countryCode: '+1', areaCode: '212', remNumber: '5550142' },
  physicalAddress: {
    streetAddress: '12 Liberty Street',
    stAddressLine2: '',
    city: 'New York',
    state: 'NY',
    postalCode: '10005',
    country: 'United States',
  },
  sponsor: { name: 'SA-02', suffix: '', phone: { areaCode: '', remNumber: '' } },
  registrationDate: '2026-01-05',
});

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@vault.local',
    name: 'Avery Admin',
    password: 'Admin2026!',
    what: 'administrator',
    values: { role: 'admin' },
  },
  {
    email: 'member@vault.local',
    name: 'Morgan Member',
    password: 'Member2026!',
    what: 'activated member with membership data',
    balances: { Q: '2500', XAG: '40', XAU: '1.5', BTC: '0.25', ETH: '2' },
    signed: true,
    values: {
      isWalletActivated: true,
      savedFormData: membership('Morgan', 'Member', 'member@vault.local'),
      gpaData: { ...membership('Morgan', 'Member', 'member@vault.local'), status: 'submitted' },
    },
  },
  {
    email: 'pending@vault.local',
    name: 'Pat Pending',
    password: 'Pending2026!',
    what: 'member with membership data, vault not activated yet (0.05 BTC, 100 Q)',
    balances: { BTC: '0.05', Q: '100' },
    signed: true,
    values: {
      savedFormData: membership('Pat', 'Pending', 'pending@vault.local'),
      gpaData: { ...membership('Pat', 'Pending', 'pending@vault.local'), status: 'submitted' },
    },
  },
  {
    email: 'newcomer@vault.local',
    name: 'Nico Newcomer',
    password: 'Newcomer2026!',
    what: 'member without membership data',
    values: {},
  },
  {
    email: 'imported@vault.local',
    name: 'Ida Imported',
    password: 'Imported2026!',
    what: 'imported member (must change password)',
    values: { isImported: true, gpaData: membership('Ida', 'Imported', 'imported@vault.local') },
  },
  {
    email: 'blocked@vault.local',
    name: 'Blake Blocked',
    password: 'Blocked2026!',
    what: 'blocked member',
    values: { isBlocked: true, blockReason: 'Vault not activated within 14 days' },
  },
  {
    email: 'sdira@vault.local',
    name: 'Sam Sdira',
    password: 'Sdira2026!',
    what: 'sdira member',
    balances: { LXAG: '30', Q: '500' },
    values: { type: 'sdira', isWalletActivated: true, gpaData: membership('Sam', 'Sdira', 'sdira@vault.local') },
  },
];

const TOKENS: Omit<typeof nativeTokens.$inferInsert, 'id'>[] = [
  {
    coinSymbol: 'Q',
    name: 'Q Dollar',
    displayName: 'Q Dollar',
    shortName: 'Q',
    displaySymbol: 'Q',
    type: 'liquidity',
    description: 'The vault dollar: 1 Q = 1 USD, for payments and contributions.',
    iconUrl: '/tokens/q.svg',
    coinColor: '#1f6feb',
    price: '1',
    decimals: 2,
    orderIndex: 1,
  },
  {
    coinSymbol: 'XAG',
    name: 'Silver Asset Token',
    displayName: 'Silver',
    shortName: 'XAG',
    displaySymbol: 'XAG',
    type: 'asset',
    description: 'Backed by 1 oz of 0.999 fine silver held in the vault.',
    iconUrl: '/tokens/xag.svg',
    coinColor: '#9aa5b1',
    price: '31.42',
    decimals: 4,
    orderIndex: 2,
  },
  {
    coinSymbol: 'XAU',
    name: 'Gold Asset Token',
    displayName: 'Gold',
    shortName: 'XAU',
    displaySymbol: 'XAU',
    type: 'asset',
    description: 'Backed by 1 oz of 0.9999 fine gold held in the vault.',
    iconUrl: '/tokens/xau.svg',
    coinColor: '#d4af37',
    price: '2654.80',
    decimals: 4,
    orderIndex: 3,
  },
  {
    coinSymbol: 'LXAG',
    name: 'Legacy Silver',
    displayName: 'Legacy Silver',
    shortName: 'LXAG',
    displaySymbol: 'LXAG',
    type: 'sdira',
    description: 'Silver held for self-directed retirement accounts.',
    iconUrl: '/tokens/lxag.svg',
    coinColor: '#6b7c8f',
    price: '31.42',
    decimals: 4,
    orderIndex: 4,
  },
  {
    coinSymbol: 'LXAU',
    name: 'Legacy Gold',
    displayName: 'Legacy Gold',
    shortName: 'LXAU',
    displaySymbol: 'LXAU',
    type: 'sdira',
    description: 'Gold held for self-directed retirement accounts.',
    iconUrl: '/tokens/lxau.svg',
    coinColor: '#a8862a',
    price: '2654.80',
    decimals: 4,
    orderIndex: 5,
  },
];

/** Ordinary cryptocurrencies (spec 1 §3 crypto wallet); deposit addresses are filled in from the settings. */
const COINS: (Omit<typeof cryptoCoins.$inferInsert, 'id' | 'depositAddress'> & {
  deposit: (s: { masterWalletBTC: string; masterWalletETH: string }) => string;
})[] = [
  {
    coinSymbol: 'BTC',
    name: 'Bitcoin',
    iconUrl: '/tokens/btc.svg',
    coinColor: '#f7931a',
    decimals: 8,
    orderIndex: 1,
    price: '97250.18',
    totalVolume: '38512345678.25',
    marketCap: '1925432109876.50',
    deposit: (s) => s.masterWalletBTC,
  },
  {
    coinSymbol: 'ETH',
    name: 'Ethereum',
    iconUrl: '/tokens/eth.svg',
    coinColor: '#627eea',
    decimals: 8,
    orderIndex: 2,
    // Ether is the chain's own coin, not an ERC-20 token.
    isErc20: false,
    price: '3412.57',
    totalVolume: '18234567890.10',
    marketCap: '410987654321.75',
    deposit: (s) => s.masterWalletETH,
  },
  {
    coinSymbol: 'USDT',
    name: 'Tether USD',
    iconUrl: '/tokens/usdt.svg',
    coinColor: '#26a17b',
    decimals: 6,
    orderIndex: 3,
    isErc20: true,
    price: '1.0002',
    totalVolume: '61234567890.00',
    marketCap: '140123456789.00',
    // An ERC-20 token is deposited to the Ethereum address.
    deposit: (s) => s.masterWalletETH,
  },
  {
    coinSymbol: 'LTC',
    name: 'Litecoin',
    iconUrl: '/tokens/ltc.svg',
    coinColor: '#345d9d',
    decimals: 8,
    orderIndex: 4,
    price: '102.34',
    totalVolume: '812345678.40',
    marketCap: '7712345678.90',
    deposit: () => 'ltc1qvaultdemo0master0wallet0ltc00000000',
  },
];

/**
 * How far a demo price moves per 6 hours, in basis points (uniform ±), and which walk a symbol follows:
 * legacy silver and gold are priced like silver and gold, so they share their histories.
 */
const WALKS: Record<string, { key: string; bps: number }> = {
  XAG: { key: 'XAG', bps: 70 },
  XAU: { key: 'XAU', bps: 45 },
  LXAG: { key: 'XAG', bps: 70 },
  LXAU: { key: 'XAU', bps: 45 },
  BTC: { key: 'BTC', bps: 180 },
  ETH: { key: 'ETH', bps: 220 },
  USDT: { key: 'USDT', bps: 2 },
  LTC: { key: 'LTC', bps: 200 },
};

/** A small deterministic generator (mulberry32) seeded from a string: the same demo on every install. */
function generator(key: string) {
  let state = 0;
  for (const ch of key) state = (Math.imul(state, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hours before now of each demo price point: hourly for the last day, every 6 hours back to 90 days. */
const HISTORY_HOURS = [
  ...Array.from({ length: 25 }, (_, h) => h),
  ...Array.from({ length: (90 * 24 - 24) / 6 }, (_, i) => 30 + i * 6),
];

/**
 * 90 days of demo prices ending exactly at `price` now, walked backwards: each earlier price is the later
 * one divided by (1 + a step of at most ±bps), in bigint units, rounded to 4 decimals. Pegged tokens
 * (no walk) stay at their price.
 */
function demoHistory(symbol: string, price: string, now: number) {
  const walk = WALKS[symbol];
  const next = generator(walk?.key ?? symbol);
  let units = toUnits(price);
  return HISTORY_HOURS.map((hours, i) => {
    if (i > 0 && walk) {
      // A step's spread grows with the square root of its length: an hourly step moves less than 6 hours.
      const scale = Math.sqrt((hours - HISTORY_HOURS[i - 1]!) / 6);
      const step = BigInt(Math.round((next() * 2 - 1) * walk.bps * scale));
      units = (units * 10_000n) / (10_000n + step);
    }
    return {
      coinSymbol: symbol,
      price: i === 0 ? price : round(fromUnits(units), 4),
      recordedAt: new Date(now - hours * 3_600_000),
    };
  });
}

/** Price history for every token and coin that has none yet: one multi-row insert per symbol. */
async function seedPriceHistory(db: Db) {
  const current = [
    ...(await db.select({ symbol: nativeTokens.coinSymbol, price: nativeTokens.price }).from(nativeTokens)),
    ...(await db.select({ symbol: cryptoCoins.coinSymbol, price: cryptoCoins.price }).from(cryptoCoins)),
  ];
  const now = Date.now();
  for (const { symbol, price } of current) {
    const [recorded] = await db
      .select({ id: assetPrices.id })
      .from(assetPrices)
      .where(eq(assetPrices.coinSymbol, symbol))
      .limit(1);
    if (recorded) continue;
    // The newest point is the catalogue's price as it stands.
    await db.insert(assetPrices).values(demoHistory(symbol, fromUnits(toUnits(price)), now));
  }
}

/**
 * The member's signature, when they have none yet: a generated 1285 by 100 PNG stored through the storage
 * service (a private file of their own, within their quota), taken into use like the wizard's upload, and
 * named in users.sign and both forms as its stable path. Only a member without a signature gets one, in one
 * guarded UPDATE, so a re-run adds nothing (an upload that lost a race is unused, and the clean-up takes it).
 */
async function seedSignature(db: Db, storage: StorageService, userId: string) {
  const [member] = await db.select({ sign: users.sign }).from(users).where(eq(users.id, userId));
  if (!member || member.sign) return;
  const stored = await storage.store(userId, 'signature', demoSignaturePng());
  const path = await storage.use(userId, stored, 'signature');
  if (!path) return;
  const withSignature = (form: typeof users.gpaData | typeof users.savedFormData) =>
    sql`${form} || jsonb_build_object('signatureUrl', ${path}::text)`;
  await db
    .update(users)
    .set({ sign: path, gpaData: withSignature(users.gpaData), savedFormData: withSignature(users.savedFormData) })
    .where(and(eq(users.id, userId), isNull(users.sign)));
}

/**
 * Demo data for a fresh install. Safe to run on every start: it only adds what is missing. Files (the demo
 * signatures) go under the configured DATA_DIR unless `dataDir` says otherwise.
 */
export async function seedDemo(db: Db, log: Logger, options: { dataDir?: string } = {}) {
  const ledger = createLedger(db);
  const config = loadConfig();
  const storage = storageService({
    config: { ...config, dataDir: options.dataDir ?? config.dataDir },
    db,
    log,
    secrets: { hmac: await sharedSecret(db, 'hmac') },
  });
  for (const token of TOKENS) {
    await db
      .insert(nativeTokens)
      .values({ id: newId(), ...token })
      .onConflictDoNothing();
  }
  // The platform's master wallets are settings (spec 1 §3); the settings service fills in defaults.
  const platform = await settingsService({ db } as Context).all();
  for (const { deposit, ...coin } of COINS) {
    await db
      .insert(cryptoCoins)
      .values({ id: newId(), ...coin, depositAddress: deposit(platform) })
      .onConflictDoNothing();
  }
  await seedPriceHistory(db);
  for (const demo of DEMO_USERS) {
    const [created] = await db
      .insert(users)
      .values({
        id: newId(),
        email: demo.email,
        name: demo.name,
        passwordHash: await hashPassword(demo.password),
        emailVerifiedAt: sql`now()`,
        ...demo.values,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      await db
        .insert(notifications)
        .values({ id: newId(), userId: created.id, message: `Welcome to the vault, ${demo.name}.` });
    }
    // Opening balances go through the ledger like any credit; the idempotency key makes each happen once.
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    for (const [asset, amount] of Object.entries(demo.balances ?? {})) {
      await ledger.credit(
        { userId: member!.id, asset, amount, by: null, memo: 'Demo opening balance' },
        { key: `demo-opening-${asset}`, requestHash: amount },
      );
    }
    if (demo.signed) await seedSignature(db, storage, member!.id);
  }
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const lines = DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.password.padEnd(14)}  ${u.what}`);
  log.info(`Demo logins (e-mail, password):\n${lines.join('\n')}`);
  console.log(`\nDemo logins (e-mail / password):\n${lines.join('\n')}\n`);
}
