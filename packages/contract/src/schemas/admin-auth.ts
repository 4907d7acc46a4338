import { z } from '../zod.ts';
import { email } from './common.ts';

/**
 * Administrators of the back office (issue 11): their roles, what each role may do, and the calls of
 * their sign-in at /admin. An administrator is never a member: the member app refuses their sessions and
 * the back office refuses members'.
 */

/** Weakest first: each role may do everything the roles before it may. */
export const ADMIN_ROLES = ['support', 'operator', 'owner'] as const;
export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;

/**
 * Every permission a back-office route may require, with the weakest role that has it. A route states
 * one (`config: { auth: 'admin', permission }`); a route that states none is the owner's (deny by default).
 */
export const PERMISSIONS = {
  /** Their own sign-in: who they are (`admin/auth/me`), signing out. Every administrator has it. */
  'account.self': 'support',
  /** Members, their profile, balances, lots, history and sessions; the overview; the audit log. */
  'members.read': 'support',
  /** Block, unblock, end a member's sessions. */
  'members.manage': 'operator',
  /** Approve or reject members' pending requests. */
  'requests.decide': 'operator',
  /** Record a member's direct wire as received (tokens issued) or reject it (issue 12). */
  'funding.decide': 'operator',
  /** Entries and their postings. */
  'ledger.read': 'support',
  /** Credit tokens, reverse entries (a second administrator confirms above the threshold). */
  'ledger.write': 'operator',
  /** Notifications to one member or to all. */
  'notifications.send': 'operator',
  /** The outbox (codes and links redacted). */
  'outbox.read': 'support',
  /** The support inbox (issue 15): members' support conversations, replies, the member beside them. */
  'chat.support': 'support',
  /** Tokens, coins, prices, the swap spread. */
  'catalogue.manage': 'owner',
  /** Subscription plans (issue 16): create, edit, retire. Reading plans and subscribers is `members.read`. */
  'plans.manage': 'owner',
  /** Maintenance, bank details, fees, the maker-checker threshold. */
  'settings.manage': 'owner',
  /** Administrators: create, change role, disable. */
  'admins.manage': 'owner',
} as const satisfies Record<string, AdminRole>;
export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` has `permission` (roles are ordered: an owner may do what an operator may). */
export const roleMay = (role: AdminRole, permission: Permission) =>
  ADMIN_ROLES.indexOf(role) >= ADMIN_ROLES.indexOf(PERMISSIONS[permission]);

/** Every permission `role` has, in the order of PERMISSIONS (what `adminMe.permissions` lists). */
export const permissionsOf = (role: AdminRole) =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => roleMay(role, permission));

/** TOTP as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side accepted. */
export const TOTP = { issuer: 'Vault Back Office', algorithm: 'sha1', digits: 6, period: 30, window: 1 } as const;
/** One-time recovery codes made at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
/** How long an enrolment link (`npm run admin -- create`) stays good. */
export const ENROLMENT_LINK_TTL_HOURS = 24;

/** Administrators choose passphrases: longer than members' passwords may be, spaces allowed. */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 128;
export const adminPassword = z
  .string({ error: 'Enter a password' })
  .min(ADMIN_PASSWORD_MIN, `Use at least ${ADMIN_PASSWORD_MIN} characters`)
  .max(ADMIN_PASSWORD_MAX, `Use at most ${ADMIN_PASSWORD_MAX} characters`);

/** A 6-digit code of the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
export const recoveryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'Enter a recovery code (xxxxx-xxxxx)');

export const adminLoginBody = z.object({
  email,
  password: z.string({ error: 'Enter a password' }).min(1, 'Enter a password').max(ADMIN_PASSWORD_MAX),
  /** The authenticator's code, or a recovery code: exactly one. */
  code: z.union([totpCode, recoveryCode], { error: 'Enter the 6-digit code or a recovery code' }),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const adminMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRole,
  /** What this administrator may do, for the screens to show only that. */
  permissions: z.array(z.string()),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});
export type AdminMe = z.infer<typeof adminMe>;

export const adminLoginResponse = z.object({ token: z.string(), admin: adminMe });

/** The one-time enrolment link's token (from `npm run admin -- create` or an owner). */
export const enrolmentToken = z.string().min(20).max(200);

/** First step of enrolment: the secret to scan (as a QR code) or type. */
export const enrolmentStartBody = z.object({ token: enrolmentToken });
export const enrolmentStartResponse = z.object({
  email: z.string(),
  role: adminRole,
  /** otpauth://totp/… for the QR code. */
  otpauthUrl: z.string(),
  /** The same secret in base32, for typing by hand. */
  secret: z.string(),
});

export const enrolmentFinishBody = z.object({
  token: enrolmentToken,
  name: z.string().trim().min(2, 'Enter your name').max(100),
  password: adminPassword,
  code: totpCode,
});
/** Signed in, with the recovery codes shown this once. */
export const enrolmentFinishResponse = adminLoginResponse.extend({ recoveryCodes: z.array(z.string()) });

/** Administrators (the owners' screen, `admins.manage`): who they are and where their account stands. */
export const administrator = z.object({
  id: z.string(),
  email: z.string(),
  /** Empty until they enrol (they choose it then). */
  name: z.string(),
  role: adminRole,
  enrolledAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Their newest back-office sign-in (a session opened), null when never. */
  lastSignInAt: z.string().nullable(),
});
export type Administrator = z.infer<typeof administrator>;
export const administratorsResponse = z.object({ data: z.array(administrator) });

/** Why an administrator's access changes: kept in the audit log. */
export const accessReason = z
  .string({ error: 'Say why (kept in the audit log)' })
  .trim()
  .min(3, 'Say why in at least 3 characters')
  .max(500, 'Use at most 500 characters');

export const createAdministratorBody = z.object({ email, role: adminRole });
export type CreateAdministratorBody = z.infer<typeof createAdministratorBody>;
/** The one-time enrolment link, shown this once to copy (24 hours, single use). */
export const enrolmentLinkResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), email: z.string(), role: adminRole, link: z.string(), expiresAt: z.string() }),
});
export const administratorIdParams = z.object({ id: z.uuid() });
export const changeRoleBody = z.object({ role: adminRole, reason: accessReason });
export const disableAdministratorBody = z.object({ reason: accessReason });
export const administratorUpdated = z.object({ message: z.string(), data: administrator });
