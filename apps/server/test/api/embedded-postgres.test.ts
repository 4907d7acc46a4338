import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { packageBinaries, postgresUser, ROOT_CLUSTERS_HOME, runnableBinaries } from '../../src/db/embedded-postgres.ts';
import { createTestDatabase } from '../test-database.ts';

/**
 * The embedded PostgreSQL as `npm start` runs it without DATABASE_URL (real clusters, made here: a few
 * seconds each). Everything made is removed at the end, a cluster linked from outside the folder too.
 */
const log = pino({ level: 'silent' });
const asRoot = process.getuid?.() === 0;
const made: string[] = [];
afterAll(async () => {
  for (const dir of made.reverse()) {
    const link = path.join(dir, 'data', 'pg');
    if ((await lstat(link).catch(() => undefined))?.isSymbolicLink())
      await rm(await realpath(link), { recursive: true });
    await rm(dir, { recursive: true, force: true });
  }
});

/** A folder removed at the end; `privateFolder` makes it 0700, like /root or `mktemp -d`. */
async function folder(privateFolder = false) {
  const dir = await mkdtemp(path.join(tmpdir(), 'vault-embedded-test-'));
  made.push(dir);
  await chmod(dir, privateFolder ? 0o700 : 0o755);
  return dir;
}
/** A data folder; `privateParent` puts it inside a 0700 folder, like a DATA_DIR under /root. */
const dataFolder = async (privateParent = false) => path.join(await folder(privateParent), 'data');
const keptPort = async (dataDir: string) => Number(await readFile(path.join(dataDir, 'pg-port'), 'utf8'));
const answers = async (database: Database) => (await database.pool.query('select 1 as one')).rows[0]?.one === 1;
const hold = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });

describe('the embedded PostgreSQL', () => {
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

describe('the embedded test database', () => {
  it('leaves no folder behind once dropped', async () => {
    const database = await createTestDatabase('vault_cleanup_test', { embedded: true });
    expect(database.folder && existsSync(database.folder)).toBe(true);
    await database.drop();
    expect(existsSync(database.folder!)).toBe(false);
    expect(existsSync(database.cluster!)).toBe(false);
  }, 120_000);
});

/**
 * As root, PostgreSQL runs as the 'postgres' user, from binaries in node_modules that it cannot reach in a
 * checkout inside a private folder (a clone in `mktemp -d`). Such a checkout is played here by a copy of
 * the platform package in a 0700 folder; the suites above run whole from a real one.
 */
describe.skipIf(!asRoot)("as root, PostgreSQL's binaries out of the 'postgres' user's reach", () => {
  const inPrivateFolder = (async () => {
    const binaries = await packageBinaries();
    const copy = path.join(await folder(true), 'package');
    await cp(binaries.folder, copy, { recursive: true, verbatimSymlinks: true });
    const moved = (file: string) => path.join(copy, path.relative(binaries.folder, file));
    return { ...binaries, folder: copy, postgres: moved(binaries.postgres), initdb: moved(binaries.initdb) };
  })();

  it('run from a copy made once in a folder that user can reach', async () => {
    const ids = postgresUser();
    const home = await folder();
    const runnable = await runnableBinaries(await inPrivateFolder, log, ids, home);
    expect(runnable.folder).toBe(path.join(home, `postgres-${runnable.version}-${process.platform}-${process.arch}`));
    const version = spawnSync(runnable.postgres, ['--version'], { ...ids, encoding: 'utf8' });
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    const inode = (await stat(runnable.folder)).ino;
    expect(await runnableBinaries(await inPrivateFolder, log, ids, home)).toEqual(runnable);
    expect((await stat(runnable.folder)).ino).toBe(inode);
    // Binaries it can reach are run where they are (this checkout's, unless it is itself in a private folder).
    const own = await packageBinaries();
    if (spawnSync('test', ['-x', own.postgres], ids).status === 0)
      expect(await runnableBinaries(own, log, ids, home)).toEqual(own);
  }, 60_000);

  it('or stop with one line saying what to change when no copy can be made', async () => {
    const binaries = await inPrivateFolder;
    const privateFolder = path.dirname(binaries.folder);
    const home = path.join(await folder(true), 'home'); // out of its reach too
    const refused = await runnableBinaries(binaries, log, postgresUser(), home).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    const message = (refused as Error).message;
    expect(message).toContain(
      `the 'postgres' user cannot reach ${binaries.postgres} (folder ${privateFolder} is private, mode 0700)`,
    );
    expect(message).toContain('Set DATABASE_URL to a running PostgreSQL');
    expect(message).toContain(`chmod o+x ${privateFolder}`);
    expect(message).not.toContain('\n');
  }, 60_000);
});
