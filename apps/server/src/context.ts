import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Events } from './events/index.ts';
import type { Mailer } from './providers/mail/mailer.ts';

/** What every module needs, built once by the container (container.ts) and handed down explicitly. */
export type Context = {
  config: Config;
  db: Db;
  log: Logger;
  events: Events;
  mailer: Mailer;
  secrets: { jwt: string; hmac: string; altcha: string };
  /** Shared with other processes when REDIS_URL is set (rate-limit counters). */
  redis?: Redis;
};
