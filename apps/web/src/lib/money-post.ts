import { ApiError, api } from './api';

/**
 * Every money-moving POST the web app makes goes through one of these, so each carries an
 * Idempotency-Key (the server answers a repeated key with its first answer; without a key, a retry may
 * move money twice). One poster per form: a retry of the same call after no answer or a 5xx reuses the
 * key, because the first attempt may have moved the money; an answer (2xx) or a refusal (4xx) spends it.
 */
export function moneyPoster(newKey: () => string = () => crypto.randomUUID()) {
  let unanswered: { call: string; key: string } | null = null;
  return async function post<T>(path: string, body: unknown): Promise<T> {
    const call = `${path} ${JSON.stringify(body)}`;
    const key = unanswered?.call === call ? unanswered.key : newKey();
    unanswered = { call, key };
    try {
      const answer = await api<T>(path, { body, headers: { 'Idempotency-Key': key } });
      unanswered = null;
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) unanswered = null;
      throw error;
    }
  };
}
