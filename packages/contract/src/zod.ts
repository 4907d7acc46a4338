import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * zod as the contract uses it: a rule without a message of its own answers in our words, never in
 * zod's defaults ("Invalid input: expected object, received array"). Schema messages still win.
 */
z.config({
  // In a browser zod parses without compiling parsers with `new Function`: the web app's CSP (no
  // 'unsafe-eval') refuses it, and the browser reports every refusal. The server keeps the compiled parsers.
  jitless: 'document' in globalThis,
  customError: (issue) => {
    if (issue.code === 'too_big' && issue.origin === 'string') return `Must be at most ${issue.maximum} characters`;
    if (issue.code === 'too_small' && issue.origin === 'string') return `Must be at least ${issue.minimum} characters`;
    return messages.invalidRequest;
  },
});

export { z };
