import pg from 'pg';

/** The SQLSTATE and constraint of a PostgreSQL error, also when Drizzle wraps it in its own error. */
export function postgresError(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  const constraint = typeof e.cause?.constraint === 'string' ? e.cause.constraint : e.constraint;
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
}

/**
 * Whether PostgreSQL answered the statement with an error (a DatabaseError, also inside Drizzle's): the
 * statement, or its transaction, was rolled back whole. A lost connection is not that: what it sent may
 * have committed.
 */
export function refusedByPostgres(error: unknown): boolean {
  return error instanceof pg.DatabaseError || (error as { cause?: unknown })?.cause instanceof pg.DatabaseError;
}
