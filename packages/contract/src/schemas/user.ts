import { NAME_MAX, UPLOAD_REFERENCE } from '../constants.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';

export const userInfo = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  isImported: z.boolean(),
  isBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  sdira: z.boolean(),
  type: z.enum(['member', 'sdira', 'admin']),
  isWalletActivated: z.boolean(),
  isSubscriber: z.boolean(),
  isCoinqvestCustomer: z.boolean(),
  savedFormData: z.record(z.string(), z.unknown()).nullable(),
  kyc: z.record(z.string(), z.unknown()).nullable(),
  sign: z.string().nullable(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const gpaData = z.record(z.string(), z.unknown()).nullable();

export const userInfoResponse = z.object({ user: userInfo, gpaData });
export type UserInfoResponse = z.infer<typeof userInfoResponse>;

export const loginResponse = z.object({
  message: z.string(),
  accessToken: z.string(),
  user: userInfo,
  gpaData,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const editUserBody = z.object({
  name: z
    .string({ error: messages.profileNameEmpty })
    .trim()
    .min(1, messages.profileNameEmpty)
    .max(NAME_MAX, `Name can't be greater than ${NAME_MAX} characters.`),
});
export type EditUserBody = z.infer<typeof editUserBody>;

export const updateProfilePictureBody = z.object({
  profilePicture: z.string().regex(UPLOAD_REFERENCE, 'Upload the picture first'),
});

export const uploadResponse = z.object({ message: z.string(), url: z.string() });

export const notification = z.object({ _id: z.string(), message: z.string(), createdAt: z.string() });
export type Notification = z.infer<typeof notification>;
