import type { FastifyRequest } from 'fastify';
import { sha256 } from '../lib/crypto.ts';
import { badRequest } from './errors.ts';

/**
 * The request's Idempotency-Key (optional) and a hash of what it asks, so a repeat can be told from a
 * different request reusing the key.
 */
export function idempotencyOf(request: FastifyRequest): { key: string; requestHash: string } | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 200)
    throw badRequest('The Idempotency-Key header must be 1 to 200 characters', 'BAD_IDEMPOTENCY_KEY');
  return {
    key,
    requestHash: sha256(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.body ?? null)}`),
  };
}
