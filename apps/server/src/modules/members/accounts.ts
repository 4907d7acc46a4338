import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The `users` table belongs to this module (db/owners.ts): every read and write of a member's row from
 * another module goes through these functions. Each takes the pool or the caller's transaction (`q`), so
 * a change can commit together with the caller's own rows (a block and its audit row, a verified e-mail
 * and its spent link). Recipient rules (who may receive tokens) are in recipient.ts, beside them.
 */
type Q = Db | Tx;

/** A member or administrator as stored (sessions.ts re-exports it as the authenticated caller). */
export type User = typeof users.$inferSelect;

const live = isNull(users.deletedAt);

/** The account with this id, unless deleted. */
export async function findLiveById(q: Q, id: string): Promise<User | undefined> {
  const [user] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, id), live));
  return user;
}

/** The account using this e-mail (lower-cased by the contract), unless deleted. */
export async function findByEmail(q: Q, email: string): Promise<User | undefined> {
  const [user] = await q
    .select()
    .from(users)
    .where(and(eq(users.email, email), live));
  return user;
}

/** A new account; undefined when the e-mail is taken (the unique index decides, also under concurrency). */
export async function createAccount(
  q: Q,
  account: { id: string; email: string; name: string; passwordHash: string },
): Promise<User | undefined> {
  const [user] = await q.insert(users).values(account).onConflictDoNothing().returning();
  return user;
}

/** The address is proven (the verification link, or a password reset by mail); the first time is kept. */
export async function markEmailVerified(q: Q, id: string) {
  await q
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, id));
}

/** A password set through a reset code, which was mailed to the address: that proves it too. */
export async function setResetPassword(q: Q, id: string, passwordHash: string) {
  await q
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, id));
}

/** A password changed by the member: an imported member may use the platform from now on. */
export async function setChangedPassword(q: Q, id: string, passwordHash: string) {
  await q.update(users).set({ passwordHash, isImported: false }).where(eq(users.id, id));
}

/** Blocks (with the reason) or unblocks (null) a member; undefined when unknown or deleted. */
/**
 * Blocks or unblocks a member (never an administrator: their access is the owners' business, through the
 * administrators' own calls). Undefined when no live member has this id.
 */
export async function setBlocked(q: Q, id: string, blockReason: string | null) {
  const [user] = await q
    .update(users)
    .set({ isBlocked: blockReason !== null, blockReason })
    .where(and(eq(users.id, id), eq(users.role, 'member'), live))
    .returning({ id: users.id, email: users.email });
  return user;
}

export async function rename(q: Q, id: string, name: string): Promise<User> {
  const [user] = await q.update(users).set({ name }).where(eq(users.id, id)).returning();
  return user!;
}

/** Sets the profile picture (a stored path); returns the member and the picture it replaced. */
export function setProfilePicture(db: Db, id: string, picture: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ picture: users.profilePicture })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    const [user] = await tx.update(users).set({ profilePicture: picture }).where(eq(users.id, id)).returning();
    return { user: user!, previous: before?.picture };
  });
}

/**
 * Account deletion: the row stays (later money records keep their owner), anonymised; the e-mail address
 * is free for a new sign-up, the personal data is gone.
 */
export async function anonymise(q: Q, id: string) {
  await q
    .update(users)
    .set({
      deletedAt: sql`now()`,
      email: `deleted+${id}@deleted.invalid`,
      name: 'Deleted member',
      passwordHash: '!',
      profilePicture: null,
      savedFormData: null,
      kyc: null,
      gpaData: null,
      sign: null,
    })
    .where(eq(users.id, id));
}

/** The membership wizard's draft (every Next, Save & Exit). */
export async function saveMembershipDraft(q: Q, id: string, savedFormData: Record<string, unknown>) {
  await q.update(users).set({ savedFormData }).where(eq(users.id, id));
}

/** The submitted membership form, its finished draft and the signature's stored path. */
export async function saveMembershipForm(
  q: Q,
  id: string,
  form: { gpaData: Record<string, unknown>; savedFormData: Record<string, unknown>; sign: string },
) {
  await q.update(users).set(form).where(eq(users.id, id));
}

/**
 * Activates the member's vault with `coinSymbol`, only when it is not activated yet and `proven` (a
 * condition of the same statement: the ledger's balance check) holds. The member, or undefined when
 * nothing was activated.
 */
export async function activateVault(q: Q, id: string, coinSymbol: string, proven: SQL): Promise<User | undefined> {
  const [user] = await q
    .update(users)
    .set({ isWalletActivated: true, walletActivatedAt: sql`now()`, walletActivatedWith: coinSymbol })
    .where(and(eq(users.id, id), eq(users.isWalletActivated, false), proven))
    .returning();
  return user;
}

/** The member registered a customer at COINQVEST (issue 13): `isCoinqvestCustomer` from now on. */
export async function markCoinqvestCustomer(q: Q, id: string) {
  await q.update(users).set({ isCoinqvestCustomer: true }).where(eq(users.id, id));
}

/**
 * `isSubscriber` (spec 1 §3) set to `current`: the subscriptions module's SQL condition (an active subscription
 * of this member), evaluated by this UPDATE in the caller's transaction, so the flag follows the change that
 * started or ended a subscription (issue 16, decision 0016). Answers the flag as written.
 */
export async function setSubscriber(q: Q, id: string, current: SQL): Promise<boolean | undefined> {
  const [row] = await q
    .update(users)
    .set({ isSubscriber: sql`(${current})` })
    .where(eq(users.id, id))
    .returning({ isSubscriber: users.isSubscriber });
  return row?.isSubscriber;
}

/** Whether the member's vault is activated (undefined for an unknown id). */
export async function isVaultActivated(q: Q, id: string): Promise<boolean | undefined> {
  const [row] = await q.select({ activated: users.isWalletActivated }).from(users).where(eq(users.id, id));
  return row?.activated;
}

/** The member's e-mail (their realtime channel), whatever their state; undefined for an unknown id. */
export async function emailOf(q: Q, id: string): Promise<string | undefined> {
  const [row] = await q.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

/** Names and e-mails of these members, deleted ones included (`deletedAt` says so): lists and logs. */
export async function partiesByIds(q: Q, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The role of a live (not deleted) account, or null: who may see a private file. */
export async function liveRole(q: Q, id: string): Promise<User['role'] | null> {
  const [row] = await q
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, id), live));
  return row?.role ?? null;
}

/**
 * A new administrator's account (modules/admins): role 'admin', no usable password until they enrol
 * (`setAdministratorProfile`). Undefined when the e-mail is taken.
 */
export async function createAdministratorAccount(q: Q, account: { id: string; email: string }) {
  const [user] = await q
    .insert(users)
    .values({ ...account, name: 'New administrator', passwordHash: '!', role: 'admin' })
    .onConflictDoNothing()
    .returning();
  return user;
}

/** An administrator's name and password, as they chose them when enrolling. */
export async function setAdministratorProfile(q: Q, id: string, profile: { name: string; passwordHash: string }) {
  await q
    .update(users)
    .set(profile)
    .where(and(eq(users.id, id), eq(users.role, 'admin')));
}
