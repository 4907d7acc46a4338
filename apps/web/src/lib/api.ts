import { type ClientErrorCode, ErrorCode } from '@vault/contract/errors';
import type { ErrorResponse } from '@vault/contract/schemas/common';

/** Where the member's session token lives (spec 1 §3: authToken in local storage). */
export const TOKEN_KEY = 'authToken';

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);

/** Called on any 401: the app clears every store and goes to / (spec 1 §4). */
let onUnauthorized: () => void = () => {};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** Called when the server answers 503 MAINTENANCE: the maintenance page shows at once, not at its next poll. */
let onMaintenance: () => void = () => {};
export const setMaintenanceHandler = (fn: () => void) => {
  onMaintenance = fn;
};

/** The server's error answer, or one of the web's own codes when no answer of ours arrived. */
export type ApiErrorBody = Omit<ErrorResponse, 'code'> & { code: ErrorCode | ClientErrorCode };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

type Options = { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string> };

/** JSON (or FormData) call to /api with the stored bearer token; throws ApiError with the server's message. */
export async function api<T>(path: string, { method, body, token, headers = {} }: Options = {}): Promise<T> {
  const bearer = token === undefined ? getToken() : token;
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { message: 'Please check your internet connection', code: 'NETWORK' });
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token === undefined) onUnauthorized();
    if (res.status === 503 && data?.code === ErrorCode.MAINTENANCE) onMaintenance();
    throw new ApiError(res.status, data?.message ? data : { message: 'Something went wrong', code: 'UNKNOWN' });
  }
  return data as T;
}
