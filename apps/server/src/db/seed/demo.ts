import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Container } from '../../container.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { StorageService } from '../../modules/storage/service.ts';
import type { Db } from '../client.ts';
import { cryptoCoins, nativeTokens, notifications, users } from '../schema.ts';
import { DEMO_ADMIN } from './demo-admin.ts';
import { seedDemoOpportunities } from './demo-opportunities.ts';
import { DEMO_PLANS } from './demo-plans.ts';
import { seedPriceHistory } from './demo-prices.ts';
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
    email: DEMO_ADMIN.email,
    name: 'Avery Admin',
    password: DEMO_ADMIN.password,
    what: 'administrator (owner), signs in at /admin with the TOTP secret below',
    values: { role: 'admin' },
  },
  {
    email: 'member@vault.local',
    name: 'Morgan Member',
    password: 'Member2026!',
    what: 'activated member with membership data, subscribed (yearly), 40 units of the Silent Wave pool',
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
 * Example bank details, so a demo member's direct wire shows where to pay (spec 2 §3 Bank detail): only while
 * an owner has not set them in the back office, which replaces them.
 */
async function seedBankDetails(settings: Container['services']['settings']) {
  const current = await settings.all();
  if (current.directWireDomesticAccount) return;
  const account = {
    accountName: 'Vault Treasury LLC',
    mailingAddress: '100 Federal Street, Boston, MA 02110',
    accountType: 'Business checking',
    bankName: 'Demo National Bank',
    bankAddress: '600 Atlantic Avenue, Boston, MA 02210',
    endorsement: 'For further credit to your order number',
  };
  await settings.set('zellePay', {
    accountName: 'Vault Treasury LLC',
    accountType: 'Business',
    bankAddress: 'pay@vault.example',
  });
  await settings.set('directWireDomesticAccount', { ...account, accountNo: '000123456789', routingNo: '011000015' });
  await settings.set('directWireInternationalAccount', {
    ...account,
    accountNo: 'US00 0123 4567 89',
    routingNo: '011000015',
    swiftCode: 'DEMOUS33',
  });
  await settings.set('directWireFee', '25');
}

/**
 * Demo data for a fresh install, through the container's services (storage, settings, the ledger). Safe to
 * run on every start: it only adds what is missing. Files (the demo signatures) go under its DATA_DIR.
 */
export async function seedDemo(container: Container) {
  const { db, log, ledger } = container;
  const { storage, settings } = container.services;
  for (const token of TOKENS) {
    await db
      .insert(nativeTokens)
      .values({ id: newId(), ...token })
      .onConflictDoNothing();
  }
  // The platform's master wallets are settings (spec 1 §3); the settings service fills in defaults.
  const platform = await settings.all();
  for (const { deposit, ...coin } of COINS) {
    await db
      .insert(cryptoCoins)
      .values({ id: newId(), ...coin, depositAddress: deposit(platform) })
      .onConflictDoNothing();
  }
  await seedPriceHistory(db);
  await seedBankDetails(settings);
  // Subscription plans (issue 16), by title, once.
  await container.services.plans.ensure(DEMO_PLANS);
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
    if (demo.values.role === 'admin') {
      await container.services.admins.seedEnrolled(member!.id, 'owner', DEMO_ADMIN.totpSecret);
    }
  }
  // Opportunity pools (issue 17), and the demo member subscribed with a few units of one.
  await seedDemoOpportunities(container);
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const lines = DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.password.padEnd(14)}  ${u.what}`);
  const totp = `  ${DEMO_ADMIN.email} TOTP secret (demo data: add it to an authenticator app): ${DEMO_ADMIN.totpSecret}`;
  log.info(`Demo logins (e-mail, password):\n${lines.join('\n')}\n${totp}`);
  console.log(`\nDemo logins (e-mail / password):\n${lines.join('\n')}\n${totp}\n`);
}
