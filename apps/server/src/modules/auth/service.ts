import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '@vault/contract/schemas/auth';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { emailTokens } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as accounts from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { gpaDataOf, toUserInfo } from '../user/presenter.ts';
import { humanCheck } from './human-check.ts';
import { type Attempt, loginThrottle } from './login-throttle.ts';
import { resetCodeStore } from './reset-codes.ts';
import { securityNotices } from './security-notices.ts';
import type { SessionService, User } from './sessions.ts';

type Client = { ip: string; userAgent?: string };

const VERIFY_LINK_TTL_HOURS = 48;

/** Login shows the administrator's reason, but only after a correct password (see login). */
export const blockedMessage = (user: Pick<User, 'blockReason'>) =>
  user.blockReason ? `Your account has been blocked: ${user.blockReason}` : messages.blocked;

/** For anonymous callers (reset forms): that the account is blocked, never why (issue 8, 6c). */
const blockedForAnonymous = () => forbidden(messages.blocked, 'BLOCKED');

export function authService(ctx: Context, sessions: SessionService, notifications: NotificationService) {
  const { db } = ctx;
  const throttle = loginThrottle(db);
  const codes = resetCodeStore(db, ctx.secrets.hmac);
  const human = humanCheck(db, ctx.secrets.altcha);
  const notices = securityNotices(ctx.mailer);

  /**
   * Besides the e-mail, the bell says the password changed (seen at the next login: every session has
   * just ended). The password is changed whatever happens here: a failure is logged, never answered.
   */
  const passwordChangedNotice = (user: User) =>
    notifications
      .notify(user.id, messages.passwordChangedNotice)
      .catch((err) => ctx.log.error({ err }, 'password change notification failed'));

  /** A password guess that failed: the member hears of it when it paused logins to their account. */
  const passwordGuessFailed = async (attempt: Attempt, user: User | undefined) => {
    if (attempt.locksOut && user) await notices.loginLockedOut(user);
  };

  const findByEmail = (email: string) => accounts.findByEmail(db, email);
  /**
   * The member using this e-mail. Administrators are not members: the member login, reset codes and
   * verification mails treat their addresses as unknown (they sign in at /admin, with a second factor).
   */
  const findMember = async (email: string) => {
    const user = await findByEmail(email);
    return user?.role === 'admin' ? undefined : user;
  };

  async function sendVerificationMail(user: User) {
    const token = randomToken();
    await db.insert(emailTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_HOURS * 3600_000),
    });
    const link = `${ctx.config.publicUrl}/api/auth/verify-email?token=${token}`;
    await ctx.mailer.send({
      to: user.email,
      kind: 'verify-email',
      subject: 'Verify your e-mail address',
      text: `Hello ${user.name},\n\nPlease confirm your e-mail address to finish opening your account:\n${link}\n\nThe link is valid for ${VERIFY_LINK_TTL_HOURS} hours. If you did not sign up, ignore this message.`,
    });
  }

  return {
    challenge: () => human.challenge(),

    async register(body: RegisterBody) {
      if (!(await human.verify(body.altcha))) {
        throw badRequest(messages.humanCheckFailed, 'HUMAN_CHECK_FAILED', { altcha: messages.humanCheckFailed });
      }
      if (await findByEmail(body.email)) throw conflict(messages.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = await hashPassword(body.password);
      const user = await accounts.createAccount(db, { id: newId(), email: body.email, name: body.name, passwordHash });
      if (!user) throw conflict(messages.emailTaken, 'EMAIL_TAKEN');
      await sendVerificationMail(user);
      return { message: messages.registered };
    },

    /** Returns whether the link verified an address (the route redirects to the site either way). */
    async verifyEmail(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(emailTokens.tokenHash, sha256(token)),
              isNull(emailTokens.usedAt),
              gt(emailTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: emailTokens.userId });
        if (!row) return false;
        await accounts.markEmailVerified(tx, row.userId);
        return true;
      });
    },

    /** Always the same answer, so it tells nobody whether an address is registered. */
    async resendVerification(email: string) {
      const user = await findMember(email);
      if (user && !user.emailVerifiedAt) {
        const [recent] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailTokens)
          .where(and(eq(emailTokens.userId, user.id), gt(emailTokens.createdAt, sql`now() - interval '1 hour'`)));
        // Over the hourly cap nothing is sent, but the answer stays the same for every address.
        if ((recent?.n ?? 0) < LIMITS.verificationMailsPerHour) await sendVerificationMail(user);
      }
      return { message: messages.verificationResent };
    },

    async login(body: LoginBody, client: Client) {
      const attempt = await throttle.reserve(body.email, client.ip);
      const user = await findMember(body.email);
      // An administrator's e-mail is checked against the decoy hash: the same answer and time as a wrong password.
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) {
        await passwordGuessFailed(attempt, user);
        throw badRequest(messages.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      await throttle.succeeded(attempt);
      // Only someone who knows the password learns the account's state.
      if (user.isBlocked) throw forbidden(blockedMessage(user), 'BLOCKED');
      if (!user.emailVerifiedAt) throw forbidden(messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      const accessToken = await sessions.open(user, 'access', { ...client, fcmToken: body.fcmToken });
      return { message: messages.loggedIn, accessToken, user: toUserInfo(user), gpaData: gpaDataOf(user) };
    },

    async forgotPassword(email: string) {
      const user = await findMember(email);
      // The spec's client shows this exact text, so the address's existence is not hidden here;
      // the per-IP rate limit and the per-account code cap bound what can be learned or sent.
      if (!user) throw notFound(messages.userNotFound);
      if (user.isBlocked) throw blockedForAnonymous();
      const code = await codes.issue(user.id);
      // The code mail is also the "reset requested" notice: it says when, and what to do if it was not them.
      await notices.resetRequested(user, code);
      return { message: messages.resetEmailSent };
    },

    async verifyPin(email: string, code: string, client: Client) {
      const user = await findMember(email);
      if (!user) throw badRequest(messages.codeInvalid, 'CODE_INVALID', { code: messages.codeInvalid });
      if (user.isBlocked) throw blockedForAnonymous();
      await codes.consume(user.id, code, () => notices.resetLockedOut(user));
      const authToken = await sessions.open(user, 'reset', client);
      return { status: true, message: messages.codeVerified, authToken };
    },

    /** The reset bearer works once: its session is revoked in the same step that sets the password. */
    async createNewPassword(user: User, resetSessionId: string, password: string) {
      if (!(await sessions.revoke(resetSessionId))) throw new AppError(401, 'UNAUTHORIZED', messages.unauthorized);
      const passwordHash = await hashPassword(password);
      await accounts.setResetPassword(db, user.id, passwordHash);
      await sessions.revokeAll(user.id);
      await notices.passwordChanged(user, 'reset');
      await passwordChangedNotice(user);
      return { message: messages.passwordCreated };
    },

    async changePassword(user: User, body: ChangePasswordBody, client: Client) {
      // The old password is a password guess like a login: a stolen session gets no unlimited tries.
      const attempt = await throttle.reserve(user.email, client.ip);
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        await passwordGuessFailed(attempt, user);
        throw badRequest(messages.oldPasswordWrong, 'OLD_PASSWORD_WRONG', { oldPassword: messages.oldPasswordWrong });
      }
      await throttle.succeeded(attempt);
      if (body.oldPassword === body.newPassword) {
        throw badRequest(messages.samePassword, 'SAME_PASSWORD', { newPassword: messages.samePassword });
      }
      const passwordHash = await hashPassword(body.newPassword);
      await accounts.setChangedPassword(db, user.id, passwordHash);
      // The spec logs the member out after a change; every other device goes too.
      await sessions.revokeAll(user.id);
      await notices.passwordChanged(user, 'changed');
      await passwordChangedNotice(user);
      return { message: messages.passwordUpdated };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
