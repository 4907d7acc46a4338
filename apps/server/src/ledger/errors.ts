import { postgresError } from '../lib/postgres-error.ts';

/**
 * Why the ledger refused. The ledger knows no HTTP and no wording for members: the edge
 * (http/errors.ts) turns a code into the spec's message and a status. The first eight are answers a
 * member or an administrator can cause; the rest are mistakes in the calling code (answered 500).
 */
export type LedgerErrorCode =
  | 'INVALID_AMOUNT'
  | 'SEND_TO_SELF'
  | 'INSUFFICIENT_BALANCE'
  | 'NOT_FOUND'
  | 'HOLD_RESOLVED'
  | 'ALREADY_REVERSED'
  | 'NOT_REVERSIBLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  /** A caller's `onlyIf` condition did not hold when PostgreSQL wrote: nothing was written. */
  | 'CONDITION_FAILED'
  | 'UNBALANCED'
  | 'UNKNOWN_KIND'
  | 'INVALID_METADATA'
  | 'INVALID_ACCOUNT';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

export const isLedgerError = (error: unknown, code?: LedgerErrorCode): error is LedgerError =>
  error instanceof LedgerError && (code === undefined || error.code === code);

/** SQLSTATEs worth another attempt of the whole transaction: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
export const isRetryable = (error: unknown) => RETRYABLE.has(postgresError(error).code ?? '');

/**
 * PostgreSQL's refusals that are the ledger's rules, named: the CHECK on member balances is how an
 * overdraft is refused whatever the interleaving, and the unique `reverses` is how a second reversal is.
 */
export function translated(error: unknown): unknown {
  const { code, constraint } = postgresError(error);
  if (code === '23514' && constraint === 'ledger_member_balance_not_negative') {
    return new LedgerError('INSUFFICIENT_BALANCE', 'a member balance would go below zero');
  }
  if (code === '23505' && constraint === 'journal_entries_reverses_unique') {
    return new LedgerError('ALREADY_REVERSED', 'the entry was already reversed');
  }
  return error;
}
