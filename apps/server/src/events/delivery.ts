import pg from 'pg';
import type { Logger } from 'pino';
import type { DomainEvents, EventName } from './types.ts';

/** How many events one claim takes; a full batch is followed at once by the next. */
const BATCH = 500;
/** A sweep now and then finds what no NOTIFY announced (sent while this process was reconnecting). */
const SWEEP_MS = 5_000;
const RECONNECT_MS = 1_000;

type Deliver = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;

/**
 * Delivers the events of one scope: woken by the trigger's NOTIFY (sent at COMMIT), it claims a batch with
 * FOR UPDATE SKIP LOCKED (so each event goes to one process of the scope; the Redis adapter takes it from
 * there to every process's sockets), hands it to `deliver` in the order written, and deletes it in the same
 * transaction. At least once: a process that dies before the COMMIT leaves the batch to the next claim.
 */
export function startDelivery(opts: { pool: pg.Pool; scope: string; deliver: Deliver; log: Logger }) {
  const { pool, scope, deliver, log } = opts;
  let listener: pg.Client | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function claim(): Promise<number> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string; name: EventName; payload: DomainEvents[EventName] }>(
        `delete from events where id in (
           select id from events where scope = $1 order by id limit ${BATCH} for update skip locked
         ) returning id, name, payload`,
        [scope],
      );
      rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      for (const row of rows) {
        try {
          deliver(row.name, row.payload);
        } catch (err) {
          // One listener's failure must not hold back the others' events (nor repeat them all).
          log.error({ err, event: row.name }, 'event listener failed');
        }
      }
      await client.query('commit');
      return rows.length;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Claims until nothing is left; a wake-up during a run makes it look once more. */
  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await claim()) === BATCH && !stopped) {}
        } while (again && !stopped);
      } catch (err) {
        if (!stopped) log.error({ err }, 'event delivery failed; retrying at the next sweep');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function listen() {
    if (stopped) return;
    const client = new pg.Client(pool.options);
    client.on('notification', (n) => {
      if (n.payload === scope) void drain();
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event listener lost its connection; reconnecting');
      client.end().catch(() => {});
      if (listener === client) listener = null;
      setTimeout(() => void listen(), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query('listen vault_events');
      listener = client;
      await drain(); // what was written while nobody listened
    } catch (err) {
      client.end().catch(() => {});
      if (!stopped) {
        log.warn({ err }, 'event listener could not connect; retrying');
        setTimeout(() => void listen(), RECONNECT_MS).unref();
      }
    }
  }

  const sweep = setInterval(() => void drain(), SWEEP_MS);
  sweep.unref();
  const ready = listen();

  return {
    /** Resolves once listening (or after the first failed attempt, which keeps retrying). */
    ready,
    /** Delivers what is committed now; resolves when done (tests wait on it instead of sleeping). */
    drain,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await running;
      await listener?.end().catch(() => {});
    },
  };
}
