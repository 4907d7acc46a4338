import { messages } from '@vault/contract/messages';
import {
  type AdminLoginBody,
  type AdminMe,
  type AdminRole,
  ENROLMENT_LINK_TTL_HOURS,
  permissionsOf,
  RECOVERY_CODE_COUNT,
} from '@vault/contract/schemas/admin-auth';
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { administrators, adminRecoveryCodes } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { audit } from '../admin/audit.ts';
import { loginThrottle } from '../auth/login-throttle.ts';
import { lastAdminSignIns } from '../auth/session-list.ts';
import type { SessionService, User } from '../auth/sessions.ts';
import * as accounts from '../members/accounts.ts';
import {
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  sealSecret,
  totpKey,
  totpStep,
  unsealSecret,
} from './totp.ts';

type Q = Db | Tx;
type Client = { ip: string; userAgent?: string };
type Administrator = typeof administrators.$inferSelect;

/** The one answer to a failed sign-in, whatever failed (e-mail, password, code, a disabled account). */
const signInFailed = () => new AppError(401, 'INVALID_CREDENTIALS', messages.adminSignInFailed);
/** The one answer to an enrolment link that was used, expired or never existed. */
const linkInvalid = () => badRequest(messages.enrolmentLinkInvalid, 'ENROLMENT_LINK_INVALID');
const wrongEnrolmentCode = () =>
  badRequest(messages.enrolmentCodeWrong, 'CODE_INVALID', { code: messages.enrolmentCodeWrong });

/** A failure of the command line (`npm run admin`), said in its words. */
export class AdminCommandError extends Error {}

const find = async (q: Q, userId: string) => {
  const [row] = await q.select().from(administrators).where(eq(administrators.userId, userId));
  return row;
};

/** The administrator a still-good enrolment link names (not enrolled, not disabled, not expired). */
const pendingEnrolment = (token: string) =>
  and(
    eq(administrators.enrolmentTokenHash, sha256(token)),
    gt(administrators.enrolmentExpiresAt, sql`now()`),
    isNull(administrators.totpEnrolledAt),
    isNull(administrators.disabledAt),
  );

const maySignIn = (admin: Administrator | undefined): admin is Administrator =>
  Boolean(admin?.totpEnrolledAt && !admin.disabledAt && admin.totpSecret);

/**
 * Administrators' accounts and their sign-in at /admin (issue 11): created by an owner or the command
 * line with a one-time enrolment link; enrolment sets name, password and TOTP and gives ten recovery
 * codes; sign-in takes e-mail, password and a TOTP or recovery code, and opens a session of kind 'admin'
 * (which only `auth: 'admin'` routes accept). Every sign-in, enrolment, wrong code and recovery code used
 * writes an audit row, in the transaction of what it records where there is one.
 */
export function adminAccountService(ctx: Context, sessions: SessionService) {
  const { db } = ctx;
  const key = totpKey(ctx.secrets.hmac);
  const throttle = loginThrottle(db);
  const enrolmentLink = (token: string) => `${ctx.config.publicUrl}/admin/enrol#token=${token}`;

  const secretOf = (admin: Administrator) => {
    const secret = admin.totpSecret ? unsealSecret(key, admin.totpSecret, admin.userId) : null;
    // Sealed with another key (the shared HMAC secret was replaced) or altered: nobody can sign in with it.
    if (admin.totpSecret && !secret)
      ctx.log.error({ adminId: admin.userId }, 'an administrator TOTP secret does not open');
    return secret;
  };

  /** Records `step` as the last one used, only if it is newer: of two uses of one code, one wins. */
  async function acceptTotp(tx: Tx, admin: Administrator, code: string) {
    const secret = secretOf(admin);
    const step = secret ? await totpStep(secret, code, admin.totpLastStep) : null;
    if (step === null) return false;
    const [row] = await tx
      .update(administrators)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(administrators.userId, admin.userId),
          or(isNull(administrators.totpLastStep), lt(administrators.totpLastStep, step)),
        ),
      )
      .returning({ userId: administrators.userId });
    return Boolean(row);
  }

  /** Spends a recovery code: a guarded UPDATE, so of two uses of one code, one wins. */
  async function spendRecoveryCode(tx: Tx, adminId: string, code: string) {
    const [row] = await tx
      .update(adminRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(adminRecoveryCodes.adminId, adminId),
          eq(adminRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    return Boolean(row);
  }

  const recoveryCodesLeft = async (q: Q, adminId: string) => {
    const [row] = await q
      .select({ n: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  };

  /** Who the signed-in administrator is, for the back office's screens. */
  async function me(q: Q, user: Pick<User, 'id' | 'email' | 'name'>, role: AdminRole): Promise<AdminMe> {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      permissions: permissionsOf(role),
      recoveryCodesLeft: await recoveryCodesLeft(q, user.id),
    };
  }

  /** A new enrolment link for a not yet enrolled administrator (24 hours, single use; replaces the last one). */
  async function issueLink(q: Q, adminId: string) {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + ENROLMENT_LINK_TTL_HOURS * 3600_000);
    await q
      .update(administrators)
      .set({ enrolmentTokenHash: sha256(token), enrolmentExpiresAt: expiresAt })
      .where(eq(administrators.userId, adminId));
    return { link: enrolmentLink(token), token, expiresAt };
  }

  return {
    /**
     * A new administrator (`npm run admin -- create`, later an owner's screen): the account, its role and
     * a one-time enrolment link, which is the only way in. An e-mail already in use is refused.
     */
    async create(input: { email: string; role: AdminRole }, actor: User | null) {
      return db.transaction(async (tx) => {
        const user = await accounts.createAdministratorAccount(tx, { id: newId(), email: input.email });
        if (!user) throw new AdminCommandError(`An account with the e-mail ${input.email} exists already.`);
        await tx.insert(administrators).values({ userId: user.id, role: input.role, createdBy: actor?.id ?? null });
        const link = await issueLink(tx, user.id);
        await audit(tx, actor, 'admin.create', user.id, { email: input.email, role: input.role });
        return { id: user.id, email: user.email, role: input.role, ...link };
      });
    },

    /** A new enrolment link for an administrator who has not enrolled yet (the last one expired or was lost). */
    async newEnrolmentLink(email: string, actor: User | null) {
      return db.transaction(async (tx) => {
        const user = await accounts.findByEmail(tx, email);
        const admin = user?.role === 'admin' ? await find(tx, user.id) : undefined;
        if (!user || !admin) throw new AdminCommandError(`No administrator has the e-mail ${email}.`);
        if (admin.totpEnrolledAt) throw new AdminCommandError(`${email} has enrolled already.`);
        if (admin.disabledAt) throw new AdminCommandError(`${email} is disabled.`);
        const link = await issueLink(tx, user.id);
        await audit(tx, actor, 'admin.enrolment-link', user.id, {});
        return link;
      });
    },

    /** Every administrator, oldest first. */
    async list() {
      const rows = await db.select().from(administrators).orderBy(asc(administrators.createdAt));
      const parties = new Map(
        (
          await accounts.partiesByIds(
            db,
            rows.map((r) => r.userId),
          )
        ).map((p) => [p.id, p]),
      );
      const signIns = await lastAdminSignIns(
        db,
        rows.map((r) => r.userId),
      );
      return rows.map((r) => ({
        id: r.userId,
        email: parties.get(r.userId)?.email ?? '',
        name: parties.get(r.userId)?.name ?? '',
        role: r.role,
        enrolledAt: r.totpEnrolledAt,
        disabledAt: r.disabledAt,
        createdAt: r.createdAt,
        lastSignInAt: signIns.get(r.userId) ?? null,
      }));
    },

    /** The e-mail of the administrator `id` names, or undefined (the back office's calls name them by id). */
    async emailOf(id: string) {
      const admin = await find(db, id);
      return admin ? accounts.emailOf(db, id) : undefined;
    },

    /**
     * An owner changes another administrator's role (never their own: an owner cannot demote themselves, so
     * an enabled owner always remains). It counts from their next call: the session reads the role live.
     */
    async changeRole(id: string, role: AdminRole, reason: string, actor: User) {
      return db.transaction(async (tx) => {
        const [admin] = await tx.select().from(administrators).where(eq(administrators.userId, id)).for('update');
        if (!admin) throw new AdminCommandError('No such administrator.');
        if (admin.disabledAt) throw new AdminCommandError('This administrator is disabled.');
        if (admin.role === role) return false;
        await tx.update(administrators).set({ role }).where(eq(administrators.userId, id));
        await audit(tx, actor, 'admin.role', id, { from: admin.role, to: role, reason });
        return true;
      });
    },

    /** Disables an administrator: no sign-in from now on, every session ends now. */
    async disable(email: string, actor: User | null, reason?: string) {
      await db.transaction(async (tx) => {
        const user = await accounts.findByEmail(tx, email);
        const admin = user?.role === 'admin' ? await find(tx, user.id) : undefined;
        if (!user || !admin) throw new AdminCommandError(`No administrator has the e-mail ${email}.`);
        if (admin.disabledAt) throw new AdminCommandError(`${email} is disabled already.`);
        await tx
          .update(administrators)
          .set({ disabledAt: sql`now()`, enrolmentTokenHash: null, enrolmentExpiresAt: null })
          .where(eq(administrators.userId, user.id));
        await sessions.revokeAllIn(tx, user.id);
        await ctx.events.emit('sessionsRevoked', { userId: user.id }, tx);
        await audit(tx, actor, 'admin.disable', user.id, reason ? { reason } : {});
      });
    },

    /**
     * The demo seed's administrator: enrolled with a known TOTP secret (demo data, printed by the seed).
     * Changes nothing once enrolled (a re-run, or after the person enrolled another way).
     */
    async seedEnrolled(userId: string, role: AdminRole, secret: string) {
      const enrolled = { role, totpSecret: sealSecret(key, secret, userId), totpEnrolledAt: sql`now()` };
      await db
        .insert(administrators)
        .values({ userId, ...enrolled })
        .onConflictDoUpdate({
          target: administrators.userId,
          set: { ...enrolled, enrolmentTokenHash: null, enrolmentExpiresAt: null },
          setWhere: isNull(administrators.totpEnrolledAt),
        });
    },

    /**
     * First step of enrolment: the TOTP secret to scan. Made at the first call and kept, so every call until
     * enrolment is finished shows the same one (two tabs, a reload).
     */
    async startEnrolment(token: string) {
      const [admin] = await db.select().from(administrators).where(pendingEnrolment(token));
      if (!admin) throw linkInvalid();
      let sealed = admin.totpSecret;
      if (!sealed) {
        sealed = await db.transaction(async (tx) => {
          const [made] = await tx
            .update(administrators)
            .set({ totpSecret: sealSecret(key, newTotpSecret(), admin.userId) })
            .where(and(eq(administrators.userId, admin.userId), isNull(administrators.totpSecret)))
            .returning({ totpSecret: administrators.totpSecret });
          if (made) {
            await audit(tx, { id: admin.userId }, 'admin.enrol.start', admin.userId, {});
            return made.totpSecret;
          }
          // A parallel first call made it: show that one.
          return (await find(tx, admin.userId))?.totpSecret ?? null;
        });
      }
      const secret = sealed ? unsealSecret(key, sealed, admin.userId) : null;
      const email = await accounts.emailOf(db, admin.userId);
      if (!secret || !email) throw linkInvalid();
      return { email, role: admin.role, otpauthUrl: otpauthUrl(email, secret), secret };
    },

    /**
     * Second step: name, password and a code of the scanned secret. Enrols, spends the link, makes the
     * recovery codes (shown this once) and signs in, in one transaction; the link's row is locked first, so
     * of two finishes one enrols and the other finds the link used.
     */
    async finishEnrolment(
      body: { token: string; name: string; password: string; code: string },
      client: Client,
    ): Promise<{ token: string; admin: AdminMe; recoveryCodes: string[] }> {
      const passwordHash = await hashPassword(body.password);
      const outcome = await db.transaction(async (tx) => {
        const [admin] = await tx.select().from(administrators).where(pendingEnrolment(body.token)).for('update');
        if (!admin) throw linkInvalid();
        const user = await accounts.findLiveById(tx, admin.userId);
        if (!user) throw linkInvalid();
        if (!(await acceptTotp(tx, admin, body.code))) return { wrongCode: true as const, user };
        await accounts.setAdministratorProfile(tx, user.id, { name: body.name, passwordHash });
        await tx
          .update(administrators)
          .set({ totpEnrolledAt: sql`now()`, enrolmentTokenHash: null, enrolmentExpiresAt: null })
          .where(eq(administrators.userId, user.id));
        const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await tx
          .insert(adminRecoveryCodes)
          .values(recoveryCodes.map((code) => ({ id: newId(), adminId: user.id, codeHash: recoveryCodeHash(code) })));
        const token = await sessions.open(user, 'admin', client, tx);
        await audit(tx, user, 'admin.enrol', user.id, { role: admin.role, ip: client.ip });
        const named = { ...user, name: body.name };
        return { wrongCode: false as const, token, admin: await me(tx, named, admin.role), recoveryCodes };
      });
      if (outcome.wrongCode) {
        await audit(db, outcome.user, 'admin.enrol.wrong-code', outcome.user.id, { ip: client.ip });
        throw wrongEnrolmentCode();
      }
      return { token: outcome.token, admin: outcome.admin, recoveryCodes: outcome.recoveryCodes };
    },

    /**
     * Sign-in at /admin: e-mail, password and the authenticator's code or a recovery code (spent). Through
     * the members' login throttle (same table, same limits). The password is checked first, against a decoy
     * hash when the e-mail is no administrator who may sign in, and a code only after a right password, so a
     * stranger can neither spend a recovery code nor use up a time step. Any failure is one 401 answer.
     */
    async login(body: AdminLoginBody, client: Client): Promise<{ token: string; admin: AdminMe }> {
      const attempt = await throttle.reserve(body.email, client.ip);
      const user = await accounts.findByEmail(db, body.email);
      const admin = user?.role === 'admin' && !user.isBlocked ? await find(db, user.id) : undefined;
      const signable = user && maySignIn(admin) ? { user, admin } : undefined;
      const passwordOk = await verifyPassword(signable?.user.passwordHash, body.password);
      if (!signable || !passwordOk) throw signInFailed();
      const method = /^\d{6}$/.test(body.code) ? 'totp' : 'recovery-code';
      const details = { method, ip: client.ip };
      const token = await db.transaction(async (tx) => {
        const accepted =
          method === 'totp'
            ? await acceptTotp(tx, signable.admin, body.code)
            : await spendRecoveryCode(tx, signable.user.id, body.code);
        if (!accepted) return null;
        if (method === 'recovery-code') {
          const left = await recoveryCodesLeft(tx, signable.user.id);
          await audit(tx, signable.user, 'admin.recovery-code.used', signable.user.id, { ...details, left });
        }
        const opened = await sessions.open(signable.user, 'admin', client, tx);
        await audit(tx, signable.user, 'admin.sign-in', signable.user.id, details);
        return opened;
      });
      if (!token) {
        await audit(db, signable.user, 'admin.sign-in.wrong-code', signable.user.id, details);
        throw signInFailed();
      }
      await throttle.succeeded(attempt);
      return { token, admin: await me(db, signable.user, signable.admin.role) };
    },

    me: (user: User, role: AdminRole) => me(db, user, role),

    async logout(user: User, sessionId: string) {
      if (await sessions.revoke(sessionId)) await audit(db, user, 'admin.sign-out', user.id, {});
      return { message: messages.adminSignedOut };
    },
  };
}

export type AdminAccountService = ReturnType<typeof adminAccountService>;
