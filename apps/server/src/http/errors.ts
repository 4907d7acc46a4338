import { type ErrorCode, isErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LedgerError } from '../ledger/index.ts';
import { postgresError } from '../lib/postgres-error.ts';

/**
 * The one error type services throw: the message is the text the member sees, the code one of the
 * contract's (packages/contract/src/errors.ts: a code not listed there does not type-check).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', messages.unauthorized);
export const forbidden = (message: string = messages.forbidden, code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const insufficientBalance = () =>
  badRequest(messages.insufficientBalance, 'INSUFFICIENT_BALANCE', { amount: messages.insufficientBalance });
export const tooMany = (message: string = messages.tooManyRequests) => new AppError(429, 'TOO_MANY_REQUESTS', message);

/** An error answer's body; the code is the contract's (packages/contract/src/errors.ts). */
export const errorBody = (message: string, code: ErrorCode, fields?: Record<string, string>) =>
  fields === undefined ? { message, code } : { message, code, fields };

/**
 * The ledger's refusals in the spec's words: the ledger knows no HTTP, so its codes are mapped here,
 * at the edge. Codes that only a mistake in our own code can cause (an unbalanced entry, an unknown
 * kind, a failed `onlyIf` nobody handled) have no answer of their own: they are 500s.
 */
export function fromLedgerError(error: LedgerError): AppError | undefined {
  switch (error.code) {
    case 'INSUFFICIENT_BALANCE':
      return insufficientBalance();
    case 'INVALID_AMOUNT':
      return badRequest(messages.invalidAmount, 'INVALID_AMOUNT', { amount: messages.invalidAmount });
    case 'SEND_TO_SELF':
      return badRequest(messages.invalidRequest, 'SEND_TO_SELF');
    case 'NOT_FOUND':
      return notFound();
    case 'HOLD_RESOLVED':
      return conflict(messages.holdAlreadyResolved, 'HOLD_RESOLVED');
    case 'ALREADY_REVERSED':
      return conflict(messages.entryAlreadyReversed, 'ALREADY_REVERSED');
    case 'NOT_REVERSIBLE':
      return badRequest(messages.entryNotReversible, 'NOT_REVERSIBLE');
    case 'IDEMPOTENCY_KEY_REUSED':
      return conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    default:
      return undefined;
  }
}

const fastifyCodes: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: messages.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE', message: messages.fileTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.invalidRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.invalidRequest },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: messages.invalidRequest },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG', message: messages.invalidRequest },
  FST_PARTS_LIMIT: { status: 413, code: 'TOO_MANY_PARTS', message: messages.invalidRequest },
  FST_FILES_LIMIT: { status: 413, code: 'TOO_MANY_FILES', message: messages.invalidRequest },
  FST_FIELDS_LIMIT: { status: 413, code: 'TOO_MANY_FIELDS', message: messages.invalidRequest },
};

/**
 * Fastify's `frameworkErrors` option: what it meets before a route is chosen (a path that does not
 * decode, such as %ED%A0%80; a path parameter over the length limit) skips the error handler, and
 * Fastify's own answer would echo the path and name its error code.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = fastifyCodes[error.code];
  if (known) return reply.status(known.status).send(errorBody(known.message, known.code));
  request.log.error({ err: error }, 'request failed before routing');
  return reply.status(500).send(errorBody(messages.internal, 'INTERNAL'));
}

/** One error handler: the spec's message reaches the client, 5xx details only reach the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError | LedgerError, request, reply) => {
    const error = thrown instanceof LedgerError ? (fromLedgerError(thrown) ?? thrown) : thrown;
    if (error instanceof LedgerError) {
      request.log.error({ err: error }, 'ledger refused');
      return reply.status(500).send(errorBody(messages.internal, 'INTERNAL'));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.code, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.slice(1).replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? messages.invalidRequest;
      }
      const first = Object.values(fields)[0] ?? messages.invalidRequest;
      return reply.status(400).send(errorBody(first, 'VALIDATION', fields));
    }
    // Text PostgreSQL cannot store (a NUL character) is bad input, not a server failure.
    if (['22021', '22P05'].includes(postgresError(error).code ?? '')) {
      return reply.status(400).send(errorBody(messages.invalidRequest, 'BAD_REQUEST'));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.message, known.code));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(error.message || messages.tooManyRequests, 'TOO_MANY_REQUESTS'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      // Framework and Node codes (FST_…, ERR_…, ENOENT) name our internals: the client gets one of the
      // contract's codes, never another.
      const code = isErrorCode(error.code) ? error.code : 'BAD_REQUEST';
      return reply.status(error.statusCode).send(errorBody(messages.invalidRequest, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(messages.internal, 'INTERNAL'));
  });
}
