import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { uploads, users } from '../../src/db/schema.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { DEMO_ADMIN } from '../../src/db/seed/demo-admin.ts';
import { DEMO_POOLS } from '../../src/db/seed/demo-opportunities.ts';
import { totpCode } from '../../src/modules/admins/totp.ts';
import { createTestDatabase } from '../test-database.ts';

/**
 * Issue 9: the demo's submitted applications carry a real signature. The seed runs on a database of its
 * own (it adds fixed demo members and tokens, which the shared API database must not get).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let opened: Database;
let container: Container;
let dataDir: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase('vault_seed_test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'vault-seed-'));
  opened = await openDatabase({ url: database.url, dataDir, log });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  container = await createContainer({ config, db: opened.db, log });
});
afterAll(async () => {
  await container?.close();
  await opened?.close();
  await database?.drop();
});

const SIGNED = ['member@vault.local', 'pending@vault.local'];

async function signedMembers() {
  const rows = await opened.db
    .select({ id: users.id, email: users.email, sign: users.sign, gpa: users.gpaData, saved: users.savedFormData })
    .from(users)
    .where(inArray(users.email, SIGNED));
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

describe('demo seed signatures', () => {
  it('gives the submitted applications a private 1285 x 100 PNG upload, named in sign and both forms', async () => {
    await seedDemo(container);
    const members = await signedMembers();
    expect(members).toHaveLength(2);
    for (const m of members) {
      expect(m.sign).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
      expect((m.gpa as Record<string, unknown>).signatureUrl).toBe(m.sign);
      expect((m.saved as Record<string, unknown>).signatureUrl).toBe(m.sign);
      const name = m.sign!.slice('/uploads/'.length);
      const [row] = await opened.db.select().from(uploads).where(eq(uploads.fileName, name));
      expect(row).toMatchObject({ userId: m.id, kind: 'signature', mime: 'image/png' });
      expect(row!.referencedAt).not.toBeNull();
      // Private: in the private folder, not where /uploads/ is served from.
      const png = await readFile(path.join(dataDir, 'private-uploads', name));
      await expect(readFile(path.join(dataDir, 'uploads', name))).rejects.toThrow();
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1285, 100]);
      expect(row!.size).toBe(png.length);
    }
    // Members without a submitted application get none.
    const [newcomer] = await opened.db.select().from(users).where(eq(users.email, 'newcomer@vault.local'));
    expect(newcomer?.sign).toBeNull();
  });

  it('makes admin@vault.local an enrolled owner who signs in with the published TOTP secret', async () => {
    const signIn = await container.services.admins.login(
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, code: await totpCode(DEMO_ADMIN.totpSecret) },
      { ip: '127.0.0.9' },
    );
    expect(signIn.admin).toMatchObject({ email: DEMO_ADMIN.email, role: 'owner' });
    expect(signIn.token).toEqual(expect.any(String));
  });

  it('is idempotent: a second run keeps the signatures and stores no other file', async () => {
    const before = await signedMembers();
    const files = await readdir(path.join(dataDir, 'private-uploads'));
    await seedDemo(container);
    expect(await signedMembers()).toEqual(before);
    expect(await readdir(path.join(dataDir, 'private-uploads'))).toEqual(files);
    expect(await opened.db.select().from(uploads)).toHaveLength(2);
  });
});

describe('demo seed opportunity pools (issue 17)', () => {
  const member = async () => {
    const [row] = await opened.db.select().from(users).where(eq(users.email, 'member@vault.local'));
    return row!;
  };

  it('makes two pools whose images the member app ships, each supply issued to the treasury', async () => {
    await seedDemo(container);
    const { data } = await container.services.pools.list(await member());
    expect(data.map((p) => p.name).sort()).toEqual(DEMO_POOLS.map((p) => p.name).sort());
    for (const pool of data) {
      const file = path.resolve(import.meta.dirname, '../../../web/public', pool.image.slice(1));
      expect((await stat(file)).size, pool.image).toBeGreaterThan(100);
      const detail = await container.services.poolAdmin.detail(pool._id);
      expect(detail.totalSupply).toBe(`${DEMO_POOLS.find((p) => p.name === pool.name)!.totalSupply}.00`);
    }
  });

  it('subscribes the demo member and gives them 40 units of Silent Wave through an approved request', async () => {
    const me = await member();
    expect((await container.services.subscriptions.current(me)).data).toHaveLength(1);
    const silentWave = (await container.services.pools.list(me)).data.find((p) => p.name === 'Silent Wave')!;
    expect(silentWave.balance).toBe('40.00');
    const requests = await container.services.acquire.list(me, { page: 1, limit: 10 });
    expect(requests.data.map((r) => [r.status, r.amount, r.price])).toEqual([['approved', '40.00', '50.00']]);
    const info = await container.services.wallet.currencyInfo(me);
    expect(info.nftWallets.map((w) => [w.name, w.balance])).toEqual([['Silent Wave', '40.00']]);
  });

  it('adds nothing on another run', async () => {
    const me = await member();
    const before = await container.ledger.balances(me.id);
    await seedDemo(container);
    expect(await container.ledger.balances(me.id)).toEqual(before);
    expect((await container.services.pools.list(me)).data).toHaveLength(2);
    expect((await container.services.acquire.list(me, { page: 1, limit: 10 })).total).toBe(1);
    expect((await container.services.subscriptions.current(me)).data).toHaveLength(1);
  });
});
