import { errorText } from '@vault/ui/error-text';
import { useRef, useState } from 'react';
import { ApiError, api } from './api';
import { toast } from './toast';

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

/** A 4xx: the server refused and nothing moved (a 5xx or no answer may have moved the money). */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

type ConfirmHandlers<T> = {
  /** The money moved (2xx). */
  done: (answer: T) => void;
  /** The server refused (4xx): nothing moved. */
  refused: (error: ApiError) => void;
};

/**
 * The Confirm button of a money-moving dialog: one request at a time, one Idempotency-Key per attempt kept
 * across retries (moneyPoster). No answer or a 5xx keeps the dialog (and so the key) and says so in a toast:
 * Confirm again is safe, the server answers a movement it already made with its first answer.
 */
export function useMoneyConfirm() {
  const [post] = useState(moneyPoster);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const confirm = async <T>(path: string, body: unknown, on: ConfirmHandlers<T>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      on.done(await post<T>(path, body));
    } catch (error) {
      if (isRefusal(error)) on.refused(error as ApiError);
      else toast.error(errorText(error));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return { submitting, confirm };
}
