import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { leaveSignalsToCaller } from './db/embedded-postgres.ts';
import { seedDemo } from './db/seed/demo.ts';
import { createLogger } from './lib/logger.ts';
import { startWorker } from './worker.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One clear line, no stack: the operator has a variable to set, not a bug to read.
    console.error(error.message);
    process.exit(1);
  }
})();
const log = createLogger(config);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log }).catch((error) => {
  if (!(error instanceof ConfigError)) throw error;
  // The embedded database cannot start here (folder out of reach, in use): one line saying what to change.
  console.error(error.message);
  process.exit(1);
});
const { app, ctx } = await buildApp({ config, db: database.db, log });
if (config.SEED) await seedDemo(database.db, log);
await app.listen({ port: config.PORT, host: config.HOST });
// Scheduled jobs run in this process too; `npm run worker` runs them alone.
const worker = await startWorker(ctx, { connectionString: database.url });
log.info(`Vault is running on ${config.publicUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  await worker.stop();
  await app.close();
  await database.close();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
leaveSignalsToCaller();
