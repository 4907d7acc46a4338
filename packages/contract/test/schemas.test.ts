import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  changePasswordForm,
  loginBody,
  newPasswordForm,
  registerBody,
  settingsChangePasswordForm,
  signUpForm,
} from '../src/schemas/auth.ts';
import { fieldErrors } from '../src/schemas/common.ts';
import { editUserBody } from '../src/schemas/user.ts';

/** The first message per field, as the forms show them. */
const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Secret123', altcha: 'x' };

describe('sign-up messages (spec 1 §5)', () => {
  it.each([
    [{ email: '' }, 'email', messages.emailEmpty],
    [{ email: 'ada@' }, 'email', messages.emailInvalid],
    [{ email: 'ada example.com' }, 'email', messages.emailInvalid],
    [{ name: ' a ' }, 'name', messages.nameTooShort],
    [{ password: '' }, 'password', messages.passwordEmpty],
    [{ password: 'short1' }, 'password', messages.passwordTooShort],
    [{ password: 'a'.repeat(17) }, 'password', messages.passwordTooLong],
    [{ password: 'has space1' }, 'password', messages.passwordSpaces],
    [{ altcha: '' }, 'altcha', messages.humanCheckRequired],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(errorsOf(registerBody, { ...valid, ...patch })[field]).toBe(message);
  });

  it('accepts 8 and 16 characters and lower-cases the e-mail', () => {
    expect(registerBody.parse({ ...valid, password: 'a'.repeat(8) }).password).toHaveLength(8);
    expect(registerBody.parse({ ...valid, password: 'a'.repeat(16) }).password).toHaveLength(16);
    expect(loginBody.parse({ email: '  Ada@Example.COM ', password: 'Secret123' }).email).toBe('ada@example.com');
  });

  it('asks for matching passwords, the terms and the human check in the form', () => {
    const form = { ...valid, confirmPassword: 'Secret124', terms: false };
    const errors = errorsOf(signUpForm, form);
    expect(errors.terms).toBe(messages.termsRequired);
    expect(errorsOf(signUpForm, { ...form, terms: true }).confirmPassword).toBe(messages.passwordsDoNotMatch);
    expect(errorsOf(signUpForm, { ...form, terms: true, confirmPassword: '' }).confirmPassword).toBe(
      messages.repeatPasswordEmpty,
    );
    expect(signUpForm.safeParse({ ...form, terms: true, confirmPassword: 'Secret123' }).success).toBe(true);
  });
});

describe('change password messages (spec 1 §5)', () => {
  it('uses the settings wording in Account Settings', () => {
    const base = { oldPassword: 'Secret123', newPassword: 'Secret456', confirmPassword: 'Secret456' };
    expect(errorsOf(settingsChangePasswordForm, { ...base, oldPassword: '' }).oldPassword).toBe(messages.passwordEmpty);
    expect(errorsOf(settingsChangePasswordForm, { ...base, oldPassword: 'short' }).oldPassword).toBe(
      messages.settingsOldPasswordTooShort,
    );
    expect(
      errorsOf(settingsChangePasswordForm, { ...base, newPassword: 'short', confirmPassword: 'short' }).newPassword,
    ).toBe(messages.settingsNewPasswordTooShort);
    expect(errorsOf(settingsChangePasswordForm, { ...base, newPassword: 'a'.repeat(17) }).newPassword).toBe(
      messages.settingsPasswordTooLong,
    );
    expect(errorsOf(settingsChangePasswordForm, { ...base, confirmPassword: '' }).confirmPassword).toBe(
      messages.settingsRepeatEmpty,
    );
    expect(errorsOf(settingsChangePasswordForm, { ...base, confirmPassword: 'short' }).confirmPassword).toBe(
      messages.settingsRepeatTooShort,
    );
    expect(errorsOf(settingsChangePasswordForm, { ...base, confirmPassword: 'a'.repeat(17) }).confirmPassword).toBe(
      messages.settingsRepeatTooLong,
    );
    expect(errorsOf(settingsChangePasswordForm, { ...base, confirmPassword: 'Secret789' }).confirmPassword).toBe(
      messages.settingsPasswordsDoNotMatch,
    );
  });

  it('uses the sign-up wording after login and for a new password', () => {
    expect(
      errorsOf(changePasswordForm, { oldPassword: '', newPassword: 'Secret456', confirmPassword: 'Secret456' })
        .oldPassword,
    ).toBe(messages.passwordEmpty);
    expect(errorsOf(newPasswordForm, { password: 'Secret456', confirmPassword: 'Secret457' }).confirmPassword).toBe(
      messages.passwordsDoNotMatch,
    );
  });
});

describe('profile name', () => {
  it('is required', () => {
    expect(errorsOf(editUserBody, { name: '   ' }).name).toBe(messages.profileNameEmpty);
    expect(editUserBody.parse({ name: '  Ada ' }).name).toBe('Ada');
  });
});
