import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * zod as the contract uses it: a rule without a message of its own answers in our words, never in
 * zod's defaults ("Invalid input: expected object, received array"). Schema messages still win.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'too_big' && issue.origin === 'string') return `Must be at most ${issue.maximum} characters`;
    if (issue.code === 'too_small' && issue.origin === 'string') return `Must be at least ${issue.minimum} characters`;
    return messages.invalidRequest;
  },
});

export { z };
