import { ERROR_CODES } from '../errors.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';

/** Every error answer; `code` is one of ERROR_CODES (errors.ts), so /api/docs lists them. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });

/** A pragmatic address check: one @, no spaces, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = z
  .string({ error: messages.emailEmpty })
  .trim()
  .toLowerCase()
  .min(1, messages.emailEmpty)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

/**
 * The reason an administrator gives where money or access changes (a credit, a reversal, a maker-checker
 * decision), kept in the audit log: 3 to 500 characters.
 */
export const adminReason = z
  .string({ error: messages.rejectionReasonRequired })
  .trim()
  .min(1, messages.rejectionReasonRequired)
  .min(3, messages.reasonLength)
  .max(500, messages.reasonLength);

export const fcmToken = z.string().max(4096).optional();

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** The first message for each field of a failed parse: what a form shows under that field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
