/**
 * `npm run ledger -- credit --email member@vault.local --asset Q --amount 100 [--memo "..."] [--reason "..."]`
 * Issues tokens from the treasury to a member, through the same rule and audit as the admin API. The
 * command line is an operator with the server's database in hand: it is not held for a second administrator
 * (maker-checker guards the back office's calls); the audit row records `via: 'cli'` and the reason.
 */
import { parseArgs } from 'node:util';
import { adminReason } from '@vault/contract/schemas/common';
import { adminCreditBody } from '@vault/contract/schemas/ledger';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { issueTokens } from '../modules/admin/issue-tokens.ts';

const usage =
  'usage: npm run ledger -- credit --email <member e-mail> --asset <symbol> --amount <decimal> [--memo <text>] ' +
  '[--reason <text>]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    asset: { type: 'string' },
    amount: { type: 'string' },
    memo: { type: 'string' },
    reason: { type: 'string' },
  },
});
if (positionals[0] !== 'credit') {
  console.error(usage);
  process.exit(2);
}
const parsed = adminCreditBody.extend({ reason: adminReason.default('Issued at the command line') }).safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
// The server's container: the same ledger and rules as the admin API, not a second wiring.
const container = await createContainer({ config, db: database.db, log });
try {
  const result = await issueTokens(
    { db: container.db, ledger: container.ledger, events: container.ctx.events },
    null,
    parsed.data,
  );
  console.log(`${result.message}; balance ${result.data.balance} (entry ${result.data.entryId})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await container.close();
  await database.close();
}
