import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
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
// One container for the whole process: HTTP, the seed and the worker share its services.
const container = await createContainer({ config, db: database.db, log });
const { app } = await buildApp({ container });
if (config.SEED) await seedDemo(container);
await app.listen({ port: config.PORT, host: config.HOST });
// The jobs (mail delivery, scheduled clean-ups) run in this process unless WORKER=off: then a process
// started with `npm run worker` (or another server) works them.
const worker = config.WORKER === 'inline' ? await startWorker(container) : undefined;
if (!worker) log.info('worker off in this process (WORKER=off): another process runs the jobs');
log.info(`Vault is running on ${config.publicUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // Jobs first (they use the services), then HTTP (requests may still queue mail), then the queue and
  // Redis, and the pool last.
  await worker?.stop();
  await app.close();
  await container.close();
  await database.close();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
leaveSignalsToCaller();
