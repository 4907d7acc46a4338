import { AppError, fromLedgerError } from '../src/http/errors.ts';
import { LedgerError } from '../src/ledger/index.ts';

/**
 * The ledger knows no HTTP: its refusals are LedgerErrors with a code, which the edge (http/errors.ts)
 * turns into the spec's message and status. Tests that call the ledger directly and check what a member
 * would be answered see its errors through the same mapping.
 */
export function asAnswer(error: unknown): unknown {
  return error instanceof LedgerError ? (fromLedgerError(error) ?? error) : error;
}

/** The promise, with a ledger refusal turned into the answer the API gives for it. */
export const answered = <T>(promise: Promise<T>): Promise<T> =>
  promise.catch((error) => {
    throw asAnswer(error);
  });

export { AppError };
