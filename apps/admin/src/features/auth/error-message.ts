import { errorText } from '@vault/ui/error-text';
import { ApiError } from '../../lib/api';
import { formatDateTime, waitText } from '../../lib/format';

/**
 * What a refused sign-in or enrolment says: the server's message, and for a 429 when to try again (from its
 * Retry-After), as a wait and a clock time.
 */
export function refusalText(error: unknown): string {
  const text = errorText(error);
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== null) {
    const at = formatDateTime(new Date(Date.now() + error.retryAfter * 1000).toISOString());
    return `${text} You can try again in ${waitText(error.retryAfter)} (${at}).`;
  }
  return text;
}
