import { ERROR_CODES } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { expect } from 'vitest';

/** An answer as app.inject gives it. */
export type Answer = { statusCode: number; body: string; json: () => Record<string, unknown> };

/**
 * The shape of every error answer: a message for people, a code for programs (one of the contract's,
 * packages/contract/src/errors.ts), nothing else (shared by the bad-input tests and the fuzz).
 */
export function expectCleanError(res: Answer) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  const body = res.json();
  expect(Object.keys(body).every((k) => ['message', 'code', 'fields'].includes(k))).toBe(true);
  expect(typeof body.message).toBe('string');
  expect(ERROR_CODES).toContain(body.code);
  expect(res.body).not.toMatch(/\bstack\b|\n\s+at |node_modules|\.ts:\d+|\.js:\d+/);
  expect(res.body).not.toMatch(/postgres|invalid byte sequence|violates|relation "|select |insert into|update "/i);
  expect(res.body).not.toMatch(/FST_|ERR_|SyntaxError|TypeError|ZodError/);
}

const OUR_WORDS = Object.values(messages)
  .map((m) => JSON.stringify(m).slice(1, -1))
  .sort((a, b) => b.length - a.length);

/**
 * The answer with our own words (messages.ts) taken out of its text: they are written for people and may
 * say "select" (the spec's "Please select image only"), which the leak patterns above would take for
 * SQL. What is left is what the server added of its own.
 */
export function withoutOurWords(res: Answer): Answer {
  let body = res.body;
  for (const words of OUR_WORDS) body = body.replaceAll(words, '(ours)');
  return { statusCode: res.statusCode, body, json: () => JSON.parse(body) };
}
