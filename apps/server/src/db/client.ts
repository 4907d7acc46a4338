import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
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
