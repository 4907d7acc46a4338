import { z } from '@vault/contract/zod';

/**
 * A form field's text checked by one of the contract's schemas that also take numbers from older clients
 * (their input type is unknown, which react-hook-form cannot type a field by): the first message the
 * contract gives is the field's. The rules stay the contract's, written once.
 */
export const textChecked = (schema: z.ZodType) =>
  z.string().superRefine((value, ctx) => {
    const result = schema.safeParse(value);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
  });
