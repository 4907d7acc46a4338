import { LOG_TYPES, type LogType, logDirection, logTitle } from '@vault/contract/schemas/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LedgerError } from './errors.ts';

/**
 * The entry-kind registry: what each kind of journal entry carries (its metadata schema) and how it
 * reads in a member's history (spec 2 §3 log type; §4 title and direction follow from it). Adding a
 * kind is one entry in kinds.ts; the ledger refuses kinds and metadata it does not know, and the
 * history (transaction-log) is built from these readings, so a new kind appears there by itself.
 */

/**
 * A member's side of an entry: 'giver' when any of their postings in it is a debit (they sent, paid, or
 * gave one asset for another), 'receiver' otherwise. Spec 2 §4: "Send or Receive is decided by whether
 * the log sender is the current user".
 */
export type Perspective = 'giver' | 'receiver';

export type HistoryRule = {
  /** The spec 2 §3 log type as seen by the member who gives, and by the one who only receives. */
  giver: LogType;
  receiver: LogType;
  /** A metadata field (checked by the kind's schema) that names the log type instead, when present. */
  typeFrom?: string;
  /** Reads as `logType` when the metadata has `field` (a hold with a request is that request's send). */
  ifPresent?: { field: string; logType: LogType };
  /** The status follows the hold named by metadata.holdId: pending, then completed or rejected. */
  statusFromHold?: boolean;
};

export type EntryKind = {
  kind: string;
  /** Checked (and defaulted) by the ledger before anything is written; unknown fields are refused. */
  metadata: z.ZodType<Record<string, unknown>>;
  /** How the entry reads in a member's history; null: never a row of its own. */
  history: HistoryRule | null;
  /** Whether `reverse` may correct it (holds resolve instead; reversals are not reversed). */
  reversible: boolean;
};

export type Reading = {
  logType: LogType;
  /** Spec 2 §4 title (Send, Receive, Credit, Swap, …). */
  title: string;
  direction: 'deposit' | 'withdraw';
};

/** Spec 2 §3: liquidityCredit exists but is hidden in lists. */
export const HIDDEN_LOG_TYPES: readonly LogType[] = ['liquidityCredit'];

export function entryKindRegistry(kinds: readonly EntryKind[]) {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));

  function get(kind: string): EntryKind {
    const found = byKind.get(kind);
    if (!found) throw new LedgerError('UNKNOWN_KIND', `unknown entry kind: ${kind}`);
    return found;
  }

  return {
    get,
    kinds: () => [...byKind.values()],

    /** The entry's metadata as its kind's schema reads it; refused when it does not fit. */
    metadata(kind: string, value: Record<string, unknown> = {}): Record<string, unknown> {
      const parsed = get(kind).metadata.safeParse(value);
      if (!parsed.success) {
        throw new LedgerError('INVALID_METADATA', `metadata of a ${kind} entry: ${parsed.error.message}`);
      }
      return parsed.data;
    },

    /** How an entry reads for a member on `perspective`'s side; null when it is no row of a history. */
    read(kind: string, metadata: Record<string, unknown>, perspective: Perspective): Reading | null {
      const rule = byKind.get(kind)?.history;
      if (!rule) return null;
      const named = rule.typeFrom ? metadata[rule.typeFrom] : undefined;
      const logType =
        (named as LogType | undefined) ??
        (rule.ifPresent && metadata[rule.ifPresent.field] !== undefined ? rule.ifPresent.logType : undefined) ??
        rule[perspective];
      if (HIDDEN_LOG_TYPES.includes(logType)) return null;
      const giver = perspective === 'giver';
      return { logType, title: logTitle(logType, giver), direction: logDirection(logType, giver) };
    },

    /**
     * The same readings for SQL, so a history can be filtered and paged in PostgreSQL: a VALUES list of
     * the kinds' rules, and one of the direction of every log type on each side (from the contract).
     */
    sqlTables(): { kinds: SQL; directions: SQL } {
      const rows = [...byKind.values()].flatMap((k) => {
        const r = k.history;
        if (!r) return [];
        return [
          sql`(${k.kind}, ${r.giver}, ${r.receiver}, ${r.typeFrom ?? null}::text, ${r.ifPresent?.field ?? null}::text,
               ${r.ifPresent?.logType ?? null}::text, ${r.statusFromHold ?? false}::boolean)`,
        ];
      });
      const directions = LOG_TYPES.flatMap((type) =>
        [true, false].map((giver) => sql`(${type}, ${giver}::boolean, ${logDirection(type, giver)})`),
      );
      return {
        kinds: sql`select * from (values ${sql.join(rows, sql`, `)})
          as k (kind, giver_type, receiver_type, type_from, if_field, if_type, status_from_hold)`,
        directions: sql`select * from (values ${sql.join(directions, sql`, `)}) as d (log_type, giver, direction)`,
      };
    },
  };
}

export type EntryKindRegistry = ReturnType<typeof entryKindRegistry>;
