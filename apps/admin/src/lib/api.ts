import type { ClientErrorCode, ErrorCode } from '@vault/contract/errors';
import type { ErrorResponse } from '@vault/contract/schemas/common';
import type { z } from 'zod';

/**
 * The administrator's session token. In sessionStorage, not localStorage: an administrator's session ends
 * with the tab (issue 11), and another tab signs in on its own.
 */
const TOKEN_KEY = 'adminToken';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null) {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (a private window's quota): the session lasts as long as the page.
  }
}

/** Called on a 401 of a call made with the stored session: the session provider signs out and shows /login. */
let onUnauthorized: () => void = () => {};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** The server's error answer, or one of the client's own codes when no answer of ours arrived. */
export type ApiErrorBody = Omit<ErrorResponse, 'code'> & { code: ErrorCode | ClientErrorCode };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** Seconds the server asks to wait before trying again (Retry-After of a 429), when it says. */
    readonly retryAfter: number | null = null,
  ) {
    super(body.message);
  }
}

type Options = {
  method?: string;
  /** JSON, or a FormData sent as multipart/form-data. */
  body?: unknown;
  /** null: call without the stored session (sign-in, enrolment), and a 401 is the call's own answer. */
  token?: string | null;
  /** Extra headers (a money-moving POST's Idempotency-Key). */
  headers?: Record<string, string>;
};

/** Retry-After as seconds: a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * A JSON call to /api with the administrator's bearer token; the answer is parsed with the contract's zod
 * schema, so a screen never reads a field the server did not send. Errors throw ApiError with the server's
 * message; a 401 of a signed-in call ends the session here (the sign-in page shows).
 */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  { method, body, token, headers }: Options = {},
): Promise<z.output<S>> {
  const bearer = token === undefined ? getToken() : token;
  let res: Response;
  // A form (a file upload) goes as multipart/form-data, with the boundary the browser sets.
  const form = body instanceof FormData;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { message: 'Please check your internet connection', code: 'NETWORK' });
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token === undefined) onUnauthorized();
    throw new ApiError(
      res.status,
      data?.message ? data : { message: 'Something went wrong', code: 'UNKNOWN' },
      retryAfterSeconds(res.headers.get('retry-after')),
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // An answer of another shape than the contract's: a server of another version. Say so plainly.
    console.error(`Unexpected answer of /api/${path}`, parsed.error.issues);
    throw new ApiError(res.status, { message: 'The server answered in an unexpected way', code: 'UNKNOWN' });
  }
  return parsed.data;
}

/** `?a=1&b=x` of the values that are set (undefined, null and '' are left out). */
export function queryString(values: Record<string, string | number | undefined | null>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A file the API answers (the audit log's CSV): fetched with the administrator's bearer token like every call,
 * then saved through a Blob link, so the token never goes into an address (history, logs, a Referer). The
 * file's name is the server's (Content-Disposition) or `fallbackName`. Errors throw ApiError like `api`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const bearer = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  } catch {
    throw new ApiError(0, { message: 'Please check your internet connection', code: 'NETWORK' });
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    if (res.status === 401) onUnauthorized();
    throw new ApiError(
      res.status,
      data?.message ? data : { message: 'Something went wrong', code: 'UNKNOWN' },
      retryAfterSeconds(res.headers.get('retry-after')),
    );
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
