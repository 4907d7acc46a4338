import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { choosePort } from '../src/db/embedded-postgres.ts';

/**
 * The app's entry points run as processes of their own, as `npm start`, `npm run worker` and the CLI run
 * them: the browser tests' server (e2e/global-setup.ts), the benchmarks' (bench/server.ts) and the
 * multi-process tests (test/api/events-across-processes.test.ts) all start them here.
 */

const root = path.resolve(import.meta.dirname, '../../..');

export type ProcessOptions = {
  env?: Record<string, string>;
  nodeArgs?: string[];
  output?: 'stderr' | 'inherit' | 'capture';
};

const STDIO: Record<NonNullable<ProcessOptions['output']>, StdioOptions> = {
  stderr: ['ignore', 'ignore', 'inherit'],
  inherit: ['ignore', 'inherit', 'inherit'],
  capture: ['ignore', 'pipe', 'pipe'],
};

export type AppProcess = {
  child: ChildProcess;
  /** What it wrote (stdout and stderr), when started with output 'capture'. */
  output: () => string;
  /** Ends the process (SIGTERM) and removes its data folder; safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * `script` (relative to the repository) under Node with tsx, on `databaseUrl`, with a data folder of its
 * own (and removed with it). The environment is a test's: no demo seed unless `SEED: 'true'` is given (not 'production', which
 * refuses the seed's published passwords and wants real secrets), warnings and errors logged.
 * `output`: 'stderr' (the default) passes its stderr through and drops stdout, 'inherit' passes both,
 * 'capture' keeps both for `output()` (and the error when it does not start).
 */
export async function startProcess(
  script: string,
  opts: ProcessOptions & { args?: string[]; databaseUrl?: string } = {},
): Promise<AppProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vault-proc-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', script, ...(opts.args ?? [])],
    {
      cwd: root,
      env: {
        ...process.env,
        ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED: 'false',
        ...opts.env,
      },
      stdio: STDIO[opts.output ?? 'stderr'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once GET `url` answers 2xx; fails when the process exits first or after a minute. */
export async function answering(app: AppProcess, url: string) {
  for (let i = 0; i < 240; i++) {
    if (app.child.exitCode !== null) {
      throw new Error(`${app.child.spawnargs.join(' ')} exited with ${app.child.exitCode}\n${app.output()}`);
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within a minute\n${app.output()}`);
}

/**
 * The server (apps/server/src/main.ts) on a free port of 127.0.0.1, once /api/health answers; stopped
 * again when it never does.
 */
export async function startServerProcess(
  databaseUrl: string,
  opts: ProcessOptions = {},
): Promise<AppProcess & { base: string }> {
  const port = await choosePort();
  const base = `http://127.0.0.1:${port}`;
  // PUBLIC_URL is the server's own address: the providers' sandboxes it serves send the browser (and their
  // webhooks) back there, and the browser keeps its session on that origin.
  const server = await startProcess('apps/server/src/main.ts', {
    ...opts,
    databaseUrl,
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, ...opts.env },
  });
  try {
    await answering(server, `${base}/api/health`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { ...server, base };
}
