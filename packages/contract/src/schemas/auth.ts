import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { email, fcmToken } from './common.ts';

type PasswordWords = { empty: string; short: string; long: string };

/** 8 to 16 characters, no spaces (spec 1 §5), with the wording of the form it is used in. */
export const passwordWith = (words: PasswordWords) =>
  z
    .string({ error: words.empty })
    .min(1, words.empty)
    .refine((v) => !/\s/.test(v), messages.passwordSpaces)
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN, words.short)
    .refine((v) => v.length <= PASSWORD_MAX, words.long);

export const password = passwordWith({
  empty: messages.passwordEmpty,
  short: messages.passwordTooShort,
  long: messages.passwordTooLong,
});

const repeatPassword = passwordWith({
  empty: messages.repeatPasswordEmpty,
  short: messages.repeatPasswordTooShort,
  long: messages.repeatPasswordTooLong,
});

export const personName = z
  .string({ error: messages.nameTooShort })
  .trim()
  .min(NAME_MIN, messages.nameTooShort)
  .max(NAME_MAX, `Name can't be greater than ${NAME_MAX} characters.`);

export const registerBody = z.object({
  name: personName,
  email,
  password,
  fcmToken,
  /** The ALTCHA proof-of-work payload (base64 JSON) produced by the widget. */
  altcha: z.string({ error: messages.humanCheckRequired }).min(1, messages.humanCheckRequired).max(4096),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The sign-up modal: the server's fields plus what only the form asks. */
export const signUpForm = registerBody
  .extend({
    confirmPassword: repeatPassword,
    terms: z.boolean().refine((v) => v, messages.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });
export type SignUpForm = z.infer<typeof signUpForm>;

export const loginBody = z.object({ email, password, fcmToken });
export type LoginBody = z.infer<typeof loginBody>;

export const emailBody = z.object({ email });
export type EmailBody = z.infer<typeof emailBody>;

export const verifyPinBody = z.object({
  email,
  code: z.string().regex(/^\d{4}$/, 'Enter the 4-digit code'),
});
export type VerifyPinBody = z.infer<typeof verifyPinBody>;

export const verifyPinResponse = z.object({ status: z.boolean(), message: z.string(), authToken: z.string() });

export const createNewPasswordBody = z.object({ password });
export const newPasswordForm = z
  .object({ password, confirmPassword: repeatPassword })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

export const changePasswordBody = z.object({ oldPassword: password, newPassword: password });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Change Password modal after login (imported members): the sign-up wording. */
export const changePasswordForm = z
  .object({ oldPassword: password, newPassword: password, confirmPassword: repeatPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

/** Change Password in Account Settings: its own wording (spec 1 §5). */
export const settingsChangePasswordForm = z
  .object({
    oldPassword: passwordWith({
      empty: messages.passwordEmpty,
      short: messages.settingsOldPasswordTooShort,
      long: messages.settingsPasswordTooLong,
    }),
    newPassword: passwordWith({
      empty: messages.passwordEmpty,
      short: messages.settingsNewPasswordTooShort,
      long: messages.settingsPasswordTooLong,
    }),
    confirmPassword: passwordWith({
      empty: messages.settingsRepeatEmpty,
      short: messages.settingsRepeatTooShort,
      long: messages.settingsRepeatTooLong,
    }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.settingsPasswordsDoNotMatch,
  });

export const logoutBody = z.object({ fcmToken }).nullish();

/** An ALTCHA v2 challenge, passed to the widget as the server made it. */
export const altchaChallenge = z.looseObject({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
