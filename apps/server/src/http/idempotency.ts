import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sha256 } from '../lib/crypto.ts';

/**
 * The header every money-moving route declares, so /api/docs shows it with its rule. The key stays
 * optional for other clients, but only a keyed request is safe to retry.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, 'The Idempotency-Key header must be 1 to 200 characters')
    .max(200, 'The Idempotency-Key header must be 1 to 200 characters')
    .optional()
    .describe(
      'Send a new random key (e.g. a UUID) with each money movement and the same key when retrying it: a repeat ' +
        'gets the first answer and moves nothing; the same key with another body answers 409. Without a key, a ' +
        'retry after a lost answer may move the money again. The web app sends one with every money-moving POST.',
    ),
});

/**
 * The request's Idempotency-Key (optional, checked by `idempotencyHeaders`) and a hash of what it asks,
 * so a repeat can be told from a different request reusing the key.
 */
export function idempotencyOf(request: FastifyRequest): { key: string; requestHash: string } | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  return {
    key,
    requestHash: sha256(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.body ?? null)}`),
  };
}
