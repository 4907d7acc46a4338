import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { email } from './common.ts';
import { bankDetails, directWire, marketplaceFee, redemptionFee } from './settings-admin.ts';

/** Contact and FAQ inquiry forms and the footer newsletter field (fields are ours: the spec does not list them). */
export const contactBody = z.object({
  name: z.string().trim().min(2, messages.nameTooShort).max(100),
  email,
  subject: z.string().trim().min(1, messages.subjectRequired).max(200),
  message: z.string().trim().min(1, messages.messageRequired).max(5000),
});
export type ContactBody = z.infer<typeof contactBody>;

export const inquiryBody = z.object({
  name: z.string().trim().min(2, messages.nameTooShort).max(100),
  email,
  message: z.string().trim().min(1, messages.messageRequired).max(5000),
});
export type InquiryBody = z.infer<typeof inquiryBody>;

export const newsletterBody = z.object({ email });

export const settings = z.object({
  maintenance: z.boolean(),
  masterWalletBTC: z.string(),
  masterWalletETH: z.string(),
  supportEmail: z.string(),
  videoUrl: z.string(),
  androidAppUrl: z.string(),
  /** The spread of swaps, in percent ('0.5'), shown to members before they confirm (issue 10 §5). */
  swapSpreadPercent: z.string(),
  /** Where members pay a direct wire or Zelle (spec 2 §3 bank detail; null until an owner sets it), its fee, its days. */
  ...bankDetails.shape,
  ...directWire.shape,
  /** The redemption fee in percent ('0.5'), shown on the redeem forms before the member asks. */
  ...redemptionFee.shape,
  /** The marketplace fee in percent, kept from a seller's proceeds (issue 17): shown on the sell form. */
  ...marketplaceFee.shape,
});
export type Settings = z.infer<typeof settings>;

export const maintenanceResponse = z.object({ maintenance: z.boolean() });

export const nativeToken = z.object({
  _id: z.string(),
  coin: z.string(),
  coinSymbol: z.string(),
  name: z.string(),
  displayName: z.string(),
  shortName: z.string(),
  displaySymbol: z.string(),
  description: z.string(),
  type: z.enum(['liquidity', 'asset', 'sdira']),
  icon: z.object({ url: z.string() }),
  coinColor: z.string(),
  price: z.string(),
  multiplier: z.string(),
  decimals: z.number().int(),
  orderIndex: z.number().int(),
  isVisibleOnWeb: z.boolean(),
});
export type NativeToken = z.infer<typeof nativeToken>;
