import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createLedger } from '../../ledger/ledger.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { nativeTokens, notifications, users } from '../schema.ts';

type DemoUser = {
  email: string;
  name: string;
  password: string;
  what: string;
  values: Partial<typeof users.$inferInsert>;
  /** Opening balances, issued from the treasury through the ledger. */
  balances?: Record<string, string>;
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
    balances: { Q: '2500', XAG: '40', XAU: '1.5' },
    values: {
      isWalletActivated: true,
      savedFormData: membership('Morgan', 'Member', 'member@vault.local'),
      gpaData: { ...membership('Morgan', 'Member', 'member@vault.local'), status: 'submitted' },
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

/** Demo data for a fresh install. Safe to run on every start: it only adds what is missing. */
export async function seedDemo(db: Db, log: Logger) {
  const ledger = createLedger(db);
  for (const token of TOKENS) {
    await db
      .insert(nativeTokens)
      .values({ id: newId(), ...token })
      .onConflictDoNothing();
  }
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
  }
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const lines = DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.password.padEnd(14)}  ${u.what}`);
  log.info(`Demo logins (e-mail, password):\n${lines.join('\n')}`);
  console.log(`\nDemo logins (e-mail / password):\n${lines.join('\n')}\n`);
}
