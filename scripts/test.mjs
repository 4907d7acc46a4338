#!/usr/bin/env node
// `npm test`: everything CI runs — lint, type check, unit and API tests against PostgreSQL, then the
// built app in a real browser. Ends with one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-artifacts');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const run = (cmd, args, opts = {}) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts }).status === 0;
};

function ensureChromium() {
  if (existsSync(chromium)) return true;
  if (process.getuid?.() === 0) {
    console.log('Debian chromium is missing: installing it (apt-get install -y chromium)');
    run('apt-get', ['update', '-qq']);
    if (
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
    )
      return true;
  }
  console.error(
    'The browser tests need Debian chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).',
  );
  return false;
}

const vitest = (project) =>
  run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${project}.json`)}`,
  ]);

let passed = 0;
let failed = 0;
const tally = (project) => {
  const file = path.join(reports, `${project}.json`);
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
};

const steps = [
  ['lint', () => run('npx', ['biome', 'check', '.'])],
  ['typecheck', () => run('npm', ['run', 'typecheck'])],
  ['unit', () => vitest('unit')],
  ['api', () => vitest('api')],
  ['build', () => run('npm', ['run', 'build'])],
  ['e2e', () => ensureChromium() && vitest('e2e')],
];
const failedSteps = [];
for (const [name, step] of steps) {
  if (!step()) failedSteps.push(name);
  tally(name);
}
if (failedSteps.length) console.error(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
