import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

/**
 * A fresh, empty database for one test run: on DATABASE_URL's server when it is set (and `embedded` is not
 * asked for), otherwise on an embedded PostgreSQL started for the run on a free port. drop() drops it, stops
 * the embedded server and removes its folder.
 */
export async function createTestDatabase(prefix: string, opts: { embedded?: boolean } = {}) {
  let adminUrl = opts.embedded ? undefined : process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let folder: string | undefined;
  let cluster: string | undefined;
  if (!adminUrl) {
    folder = await mkdtemp(path.join(tmpdir(), 'vault-pg-'));
    await chmod(folder, 0o755); // as root, PostgreSQL runs as the 'postgres' user and must reach its folder
    const embedded = await startEmbeddedPostgres(folder, pino({ level: 'silent' }));
    adminUrl = embedded.url('postgres');
    stop = embedded.stop;
    cluster = embedded.databaseDir; // inside folder, unless TMPDIR is out of the 'postgres' user's reach
  }
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** The embedded server's folder and its cluster's, when one was started. */
    folder,
    cluster,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await stop?.();
      for (const dir of [cluster, folder]) if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
