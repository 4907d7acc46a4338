import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db, Tx } from '../db/client.ts';
import { pruneEvents, recordEvents } from './outbox.ts';
import type { DomainEvents, EventName, EventRow } from './types.ts';

export { startDelivery } from './delivery.ts';
export { eventsInsert } from './outbox.ts';
export type { DomainEvents, EventName, EventRow } from './types.ts';

/**
 * Which processes deliver this process's events. Processes sharing a Redis are one deployment: any of them
 * may deliver an event (the Redis adapter reaches every socket), including those of a worker or the CLI.
 * Without Redis a process is on its own, as its sockets are: only it delivers what it wrote.
 */
export const eventScope = (redisUrl: string | undefined) => (redisUrl ? 'shared' : `process:${randomUUID()}`);

/**
 * Durable events (issue 10 §3). `emit` writes the event in the caller's transaction when given one (a
 * movement and what it tells commit together or not at all), else on its own; delivery (delivery.ts)
 * then hands it to `on`'s listeners in a process that holds sockets. Nothing is told before it commits.
 */
export function createEvents(db: Db, scope: string) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const row = <K extends EventName>(name: K, payload: DomainEvents[K]): EventRow => ({ scope, name, payload });
  return {
    scope,
    /** The row of an event, for a statement that writes it with the movement (the ledger's `events`). */
    row,
    emit<K extends EventName>(name: K, payload: DomainEvents[K], q: Db | Tx = db) {
      return recordEvents(q, [row(name, payload)]);
    },
    /** Listens to delivered events (the realtime gateway); returns the way to stop. */
    on<K extends EventName>(name: K, listener: (payload: DomainEvents[K]) => void) {
      local.on(name, listener);
      return () => {
        local.off(name, listener);
      };
    },
    /** Removes what was never delivered within the hour (the `events-prune` job). */
    prune: () => pruneEvents(db, 3600),
    /** Delivery's way in: tells this process's listeners. */
    deliver<K extends EventName>(name: K, payload: DomainEvents[K]) {
      local.emit(name, payload);
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
