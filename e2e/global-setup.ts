import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../apps/server/test/processes.ts';
import { createTestDatabase } from '../apps/server/test/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
  }
}

/**
 * Starts the real server as its own process (built web app, seeded demo data) on a fresh database,
 * exactly as `npm start` does, and hands its address to the browser tests.
 */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('vault_e2e');
  const server = await startServerProcess(database.url, { env: { SEED: 'true' }, output: 'inherit' }).catch(
    async (error) => {
      await database.drop();
      throw error;
    },
  );
  project.provide('baseUrl', server.base);
  project.provide('e2eDatabaseUrl', database.url);
  /** Stops the server, drops its database and removes its data folder: nothing of the run stays behind. */
  return async () => {
    await server.stop();
    await database.drop();
  };
}
