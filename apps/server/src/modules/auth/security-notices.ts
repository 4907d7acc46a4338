import { LIMITS } from '@vault/contract/constants';
import type { Mailer } from '../../providers/mail/mailer.ts';

type Member = { email: string; name: string };

/** When it happened, in words every reader understands the same way (the server's clock, UTC). */
const now = () => new Date().toUTCString();

const NOT_YOU_RESET =
  'If this was not you, reset your password now with "Forgot password" on the site and contact support.';

/**
 * The e-mails that tell a member something happened to their account's security (issue 8): a reset was
 * requested, the password changed, or failures paused logins or resets. Each says what happened, when,
 * and what to do if it was not them. The reset-code mail is itself the "reset requested" notice, so a
 * member gets one mail per request, not two. Bodies hold codes: the mailer never logs them, and nothing
 * here logs at all.
 */
export function securityNotices(mailer: Mailer) {
  const send = (to: Member, kind: string, subject: string, lines: string[]) =>
    mailer.send({ to: to.email, kind, subject, text: [`Hello ${to.name},`, ...lines].join('\n\n') });

  return {
    /** The code comes first in the text: clients (and tests) take the first 4-digit number as the code. */
    resetRequested: (member: Member, code: string) =>
      send(member, 'reset-code', 'Your password reset code', [
        `Your password reset code is ${code}.\nIt is valid for ${LIMITS.resetCodeTtlMinutes} minutes and can be used once.`,
        `A password reset was requested for your account on ${now()}.`,
        'If you did not ask to reset your password, ignore this message: your password stays as it is, and nobody can change it without this code. If you get these messages without asking for them, contact support.',
      ]),

    passwordChanged: (member: Member, how: 'changed' | 'reset') =>
      send(member, 'security-password-changed', 'Your password was changed', [
        how === 'changed'
          ? `The password of your account was changed in your account settings on ${now()}.`
          : `The password of your account was reset with a code sent to this address on ${now()}.`,
        'Every device that was signed in has been signed out.',
        NOT_YOU_RESET,
      ]),

    resetLockedOut: (member: Member) =>
      send(member, 'security-locked-out', 'Password reset is paused for your account', [
        `On ${now()} password reset was paused for your account: ${LIMITS.resetWrongCodesPer30Days} wrong reset codes were entered in the last 30 days. Someone may be trying to take over your account.`,
        'Your password still works: you can log in as usual. Reset works again as the wrong codes age past 30 days. If you need to reset your password now, contact support.',
      ]),

    loginLockedOut: (member: Member) =>
      send(member, 'security-locked-out', 'Logins to your account are paused on new devices', [
        `On ${now()} your account reached ${LIMITS.loginFailuresPerAccount} failed logins within ${LIMITS.loginWindowMinutes} minutes. Logins from addresses you have not logged in from before are paused for now; the devices and networks you logged in from before still work.`,
        'If these were not your attempts, someone may be guessing your password. It has not been changed; if it is short or you use it elsewhere too, change it in your account settings. If you cannot log in, contact support.',
      ]),
  };
}

export type SecurityNotices = ReturnType<typeof securityNotices>;
