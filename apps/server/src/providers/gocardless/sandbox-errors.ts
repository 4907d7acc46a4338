import type { FastifyReply } from 'fastify';
import { newId } from './sandbox-store.ts';

/** The GoCardless sandbox's errors, in the API's shape. */

export type ErrorDetail = {
  reason?: string;
  field?: string;
  message: string;
  request_pointer?: string;
  links?: object;
};
export const TYPE_BY_STATUS: Record<number, string> = {
  401: 'invalid_api_usage',
  404: 'invalid_api_usage',
  409: 'invalid_state',
  422: 'validation_failed',
};

/** The API's error shape. */
export function apiError(reply: FastifyReply, status: number, message: string, errors: ErrorDetail[], type?: string) {
  return reply.status(status).send({
    error: {
      type: type ?? TYPE_BY_STATUS[status] ?? 'invalid_api_usage',
      code: status,
      message,
      documentation_url: 'https://developer.gocardless.com/api-reference',
      request_id: newId('RQ'),
      errors,
    },
  });
}
