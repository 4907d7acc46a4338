import { existsSync, statSync } from 'node:fs';
import { chmod, lstat, mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, repoRoot } from '../../src/config.ts';
import { type Database, openDatabase, ROOT_CLUSTERS_HOME } from '../../src/db/client.ts';
import { createTestDatabase } from '../test-database.ts';

/**
 * The embedded PostgreSQL as `npm start` runs it without DATABASE_URL (real clusters, made here: a few
 * seconds each). Everything made is removed at the end, a cluster linked from outside the folder too.
 */
const log = pino({ level: 'silent' });
const asRoot = process.getuid?.() === 0;
/**
 * As root, PostgreSQL runs as the 'postgres' user from the binaries in this checkout's node_modules. A
 * checkout inside a private folder (`mktemp -d` is 0700) keeps them out of that user's reach, and no
 * embedded cluster can start there at all: these tests then say so and skip (CI uses DATABASE_URL).
 */
const ancestors = (dir: string): string[] =>
  path.dirname(dir) === dir ? [dir] : [dir, ...ancestors(path.dirname(dir))];
const binariesReachable = !asRoot || ancestors(repoRoot).every((dir) => (statSync(dir).mode & 0o001) !== 0);
if (!binariesReachable)
  console.log(
    `embedded PostgreSQL tests skipped: the 'postgres' user cannot reach ${repoRoot} (a private parent folder)`,
  );
const made: string[] = [];
afterAll(async () => {
  for (const dir of made.reverse()) {
    const link = path.join(dir, 'data', 'pg');
    if ((await lstat(link).catch(() => undefined))?.isSymbolicLink())
      await rm(await realpath(link), { recursive: true });
    await rm(dir, { recursive: true, force: true });
  }
});

/** A data folder; `privateParent` puts it inside a 0700 folder, like a DATA_DIR under /root. */
async function dataFolder(privateParent = false) {
  const parent = await mkdtemp(path.join(tmpdir(), 'vault-embedded-test-'));
  made.push(parent);
  await chmod(parent, privateParent ? 0o700 : 0o755);
  return path.join(parent, 'data');
}
const keptPort = async (dataDir: string) => Number(await readFile(path.join(dataDir, 'pg-port'), 'utf8'));
const answers = async (database: Database) => (await database.pool.query('select 1 as one')).rows[0]?.one === 1;
const hold = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });

describe.skipIf(!binariesReachable)('the embedded PostgreSQL', () => {
  const first = dataFolder(asRoot); // as root: out of the 'postgres' user's reach
  const second = dataFolder();

  it('starts for two data folders at once, each on a free port of its own kept with its data', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ dataDir: await first, log }),
      openDatabase({ dataDir: await second, log }),
    ]);
    try {
      expect(await answers(a)).toBe(true);
      expect(await answers(b)).toBe(true);
      const [portA, portB] = [new URL(a.url).port, new URL(b.url).port].map(Number);
      expect(portA).not.toBe(portB);
      expect(await keptPort(await first)).toBe(portA);
      expect(await keptPort(await second)).toBe(portB);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);

  it.skipIf(!asRoot)(
    "as root, keeps a cluster the 'postgres' user could not reach outside, linked from DATA_DIR/pg",
    async () => {
      const link = path.join(await first, 'pg');
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      const cluster = await realpath(link);
      expect(path.dirname(cluster)).toBe(ROOT_CLUSTERS_HOME);
      expect(existsSync(path.join(cluster, 'PG_VERSION'))).toBe(true);
      const { mode, uid } = await stat(cluster);
      expect(mode & 0o777).toBe(0o700);
      expect(uid).not.toBe(0);
      // The operator's folder was left as it was.
      expect((await stat(path.dirname(await first))).mode & 0o777).toBe(0o700);
    },
  );

  it('starts again on the kept port, or on another free one while something holds it', async () => {
    const dataDir = await second;
    const kept = await keptPort(dataDir);
    const holder = await hold(kept);
    try {
      const moved = await openDatabase({ dataDir, log });
      try {
        expect(await answers(moved)).toBe(true);
        expect(Number(new URL(moved.url).port)).not.toBe(kept);
        expect(await keptPort(dataDir)).toBe(Number(new URL(moved.url).port));
      } finally {
        await moved.close();
      }
    } finally {
      await new Promise((r) => holder.close(r));
    }
    const again = await openDatabase({ dataDir, log });
    try {
      expect(Number(new URL(again.url).port)).toBe(await keptPort(dataDir));
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a data folder another server is using, in one line that says what to do', async () => {
    const dataDir = await second;
    const running = await openDatabase({ dataDir, log });
    try {
      const refused = await openDatabase({ dataDir, log }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as Error).message).toContain(`Another server is using DATA_DIR ${dataDir}`);
      expect((refused as Error).message).not.toContain('\n');
      expect(await answers(running)).toBe(true);
    } finally {
      await running.close();
    }
  }, 120_000);
});

describe.skipIf(!binariesReachable)('the embedded test database', () => {
  it('leaves no folder behind once dropped', async () => {
    const database = await createTestDatabase('vault_cleanup_test', { embedded: true });
    expect(database.folder && existsSync(database.folder)).toBe(true);
    await database.drop();
    expect(existsSync(database.folder!)).toBe(false);
    expect(existsSync(database.cluster!)).toBe(false);
  }, 120_000);
});
