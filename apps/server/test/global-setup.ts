import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One migrated database for the API test run; test files share it and keep to their own rows. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('vault_api_test');
  const migrated = await openDatabase({ url: database.url, dataDir: '/tmp', log: pino({ level: 'silent' }) });
  await migrated.close();
  project.provide('databaseUrl', database.url);
  return () => database.drop();
}
