import { messages } from '@vault/contract/messages';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** With the `u` flag a well-formed surrogate pair is one code point, so \p{Cs} only matches lone ones. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A lone UTF-16 surrogate ("\ud800" in JSON) or a NUL: PostgreSQL refuses both (in jsonb and text), and a
 * lone surrogate silently turns into U+FFFD in a text column.
 */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path (as validation errors name fields: "form.name.0") of the first string or key in a parsed JSON
 * value that cannot be stored, or undefined when there is none. Iterative: a 100 KB body can nest
 * tens of thousands of levels deep.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (unstorable(node)) return path || '_';
    } else if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) stack.push([item, path ? `${path}.${i}` : String(i)]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        // A bad key is reported at its object: the key itself cannot be shown.
        if (unstorable(key)) return path || '_';
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies are parsed by Fastify's own parser (secure-json-parse: a `__proto__` or
 * `constructor.prototype` key is an error, as are empty and malformed bodies, with Fastify's error codes
 * and body limit), then refused as a whole when any text in them cannot be stored: one check here instead
 * of a 500 from every route that writes text to PostgreSQL.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const at = unstorableTextAt(value);
      if (at !== undefined)
        return done(badRequest(messages.textNotStorable, 'BAD_TEXT', { [at]: messages.textNotStorable }), undefined);
      done(null, value);
    });
  });
}
