import { errorResponse } from '@vault/contract/schemas/common';
import type { z } from 'zod';

/** A route's success responses plus the one error shape every 4xx uses, so /api/docs lists them. */
export function responses<T extends Record<number, z.ZodType>>(ok: T) {
  return {
    ...ok,
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    404: errorResponse,
    409: errorResponse,
    413: errorResponse,
    429: errorResponse,
  };
}

export const perHour = (max: number) => ({ max, timeWindow: '1 hour' });
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
