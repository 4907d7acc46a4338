import { messages } from '../messages.ts';
import { toUnits } from '../money.ts';

/** Sends and swaps go up to 1e8 tokens (spec 2 §9). */
const MAX_UNITS = 10n ** 16n;

import { z } from '../zod.ts';
import { adminReason, email } from './common.ts';

/**
 * A token amount as the member types it (spec 2 §5 "Send tokens"): required, greater than zero, at most
 * 1e8 and 8 decimals; travels as a decimal string, never a float.
 */
export const tokenAmount = z
  .string({ error: 'Amount is required' })
  .trim()
  .min(1, 'Amount is required')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
    if (!match) return fail(messages.invalidAmount);
    if ((match[2]?.length ?? 0) > 8) return fail(decimalsMessage(8));
    if (match[1]!.length > 9 || toUnits(value) > MAX_UNITS) return fail('max 8 number required');
    if (toUnits(value) <= 0n) return fail(messages.invalidAmount);
  });

/**
 * An amount with more decimals than its token has (spec 2 §5 says it for 8; the same words for fewer).
 * Q has 2: '0.001' Q would be dust no balance can show.
 */
export const decimalsMessage = (decimals: number) =>
  decimals === 0 ? 'Amount must be a whole number' : `number field must have ${decimals} digits after decimal or less`;

/** Whether `amount` (already a valid tokenAmount) fits in `decimals` places. */
export const fitsDecimals = (amount: string, decimals: number) =>
  (/\.(\d*?)0*$/.exec(amount.trim())?.[1]?.length ?? 0) <= decimals;

export const assetSymbol = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,12}$/, messages.invalidRequest);

/**
 * Back office: issue tokens from the treasury to a member (before funding exists; audited with the reason).
 * Above the maker-checker threshold it waits for a second administrator (schemas/maker-checker.ts).
 */
export const adminCreditBody = z.object({
  email,
  asset: assetSymbol,
  amount: tokenAmount,
  memo: z.string().trim().max(200).optional(),
  reason: adminReason,
});
export type AdminCreditBody = z.infer<typeof adminCreditBody>;

export const creditResponse = z.object({
  message: z.string(),
  data: z.object({ entryId: z.string(), balance: z.string() }),
});

/** `${SYMBOL} sent Successfully` (spec 2 §8). */
export const sentMessage = (symbol: string) => `${symbol} sent Successfully`;

/** POST native-wallet/send-tokens (spec 2 §3 send payload, §5 rules). */
export const sendTokensBody = z.object({
  to: z
    .string({ error: messages.sendEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, messages.sendEmailRequired)
    .max(254, messages.sendEmailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.sendEmailInvalid),
  amount: tokenAmount,
  coin: assetSymbol,
  memo: z.string().trim().max(200).optional(),
});
export type SendTokensBody = z.infer<typeof sendTokensBody>;

export const sendResponse = z.object({ message: z.string(), data: z.object({ entryId: z.string() }) });
