import type { z } from 'zod';
import { ApiError, api } from './api';

/**
 * The back office's money-moving POSTs (approving a request, a credit, a reversal, deciding a waiting action)
 * carry an Idempotency-Key, as the member app's do (apps/web/src/lib/money-post.ts): the server answers a
 * repeated key with its first answer, so retrying a confirmation that got no answer never moves money twice.
 *
 * One poster per dialog, made when the dialog opens (its first key with it). A retry of the same call after
 * no answer or a 5xx reuses the key, because the first attempt may have moved the money; an answer (2xx) or
 * a refusal (4xx: nothing moved) spends it, and the next confirmation (a reason added) gets a new one.
 */
export function moneyPoster(newKey: () => string = () => crypto.randomUUID()) {
  let key = newKey();
  let lastCall: string | null = null;
  return async function post<S extends z.ZodType>(path: string, schema: S, body: unknown): Promise<z.output<S>> {
    const call = `${path} ${JSON.stringify(body ?? null)}`;
    // Another call than the unanswered one (another body) may not reuse its key: the server would refuse it.
    if (lastCall !== null && lastCall !== call) key = newKey();
    lastCall = call;
    try {
      const answer = await api(path, schema, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
      key = newKey();
      lastCall = null;
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        key = newKey();
        lastCall = null;
      }
      throw error;
    }
  };
}

export type MoneyPost = ReturnType<typeof moneyPoster>;
