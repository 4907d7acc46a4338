import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { EventBus } from './lib/events.ts';
import type { Mailer } from './providers/mail/mailer.ts';

/** What every module needs, built once in app.ts and handed down explicitly. */
export type Context = {
  config: Config;
  db: Db;
  log: Logger;
  events: EventBus;
  mailer: Mailer;
  secrets: { jwt: string; hmac: string; altcha: string };
};
