/**
 * Administrators from the command line (issue 11): there is no seeded administrator outside the demo.
 *   npm run admin -- create --email owner@example.com --role owner   prints a one-time enrolment link (24 h)
 *   npm run admin -- link --email owner@example.com                  a new link, for one not enrolled yet
 *   npm run admin -- list
 *   npm run admin -- disable --email owner@example.com               no sign-in from now on, sessions end
 * Through the server's container: the same rules and audit rows as the back office (actor: the command line).
 */
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, type AdminRole, ENROLMENT_LINK_TTL_HOURS } from '@vault/contract/schemas/admin-auth';
import { email as emailSchema } from '@vault/contract/schemas/common';
import pino from 'pino';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { AdminCommandError } from '../modules/admins/service.ts';

const usage = [
  'usage: npm run admin -- create --email <e-mail> --role <support|operator|owner>',
  '       npm run admin -- link --email <e-mail>',
  '       npm run admin -- list',
  '       npm run admin -- disable --email <e-mail>',
].join('\n');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' } },
});
const command = positionals[0];
const role = z.enum(ADMIN_ROLES, { error: `one of ${ADMIN_ROLES.join(', ')}` });
const commands = {
  create: z.object({ email: emailSchema, role }),
  link: z.object({ email: emailSchema }),
  list: z.object({}),
  disable: z.object({ email: emailSchema }),
};
if (!command || !(command in commands)) {
  console.error(usage);
  process.exit(2);
}
const parsed = commands[command as keyof typeof commands].safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}
const args = parsed.data as { email: string; role: AdminRole };

const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
const container = await createContainer({ config, db: database.db, log });
const { admins } = container.services;
const linkLines = (link: string) => [
  `One-time enrolment link (valid ${ENROLMENT_LINK_TTL_HOURS} hours, single use; give it to the administrator only):`,
  `  ${link}`,
  'They open it, scan the TOTP secret with an authenticator app, choose a name and password and keep their recovery codes.',
];
try {
  if (command === 'create') {
    const made = await admins.create({ email: args.email, role: args.role }, null);
    console.log([`Administrator ${made.email} (${made.role}) created.`, ...linkLines(made.link)].join('\n'));
  } else if (command === 'link') {
    const { link } = await admins.newEnrolmentLink(args.email, null);
    console.log(linkLines(link).join('\n'));
  } else if (command === 'disable') {
    await admins.disable(args.email, null);
    console.log(`Administrator ${args.email} disabled; their sessions have ended.`);
  } else {
    const all = await admins.list();
    if (all.length === 0) console.log('No administrators yet: npm run admin -- create --email … --role owner');
    for (const a of all) {
      const state = a.disabledAt ? 'disabled' : a.enrolledAt ? 'enrolled' : 'not enrolled yet';
      console.log(`${a.email}\t${a.role}\t${state}\t${a.name}`);
    }
  }
} catch (error) {
  // Our own refusals are said as they are; anything else is a failure with its message (no stack).
  console.error(error instanceof AdminCommandError ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await container.close();
  await database.close();
}
