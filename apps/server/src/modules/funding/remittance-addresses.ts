import { countryByName } from '@vault/contract/lookups';
import { fillMessage, messages } from '@vault/contract/messages';
import type { RemittanceAddress, RemittanceAddressBody } from '@vault/contract/schemas/funding';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { remittanceAddresses } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import { signedFileUrl } from '../storage/file-urls.ts';
import type { StorageService } from '../storage/service.ts';

/** Live addresses a member may keep: enough for every bank they wire from, few enough to list whole. */
export const MAX_REMITTANCE_ADDRESSES = 20;

export type RemittanceAddressRow = typeof remittanceAddresses.$inferSelect;
type Q = Db | Tx;

const live = (userId: string) => and(eq(remittanceAddresses.userId, userId), isNull(remittanceAddresses.deletedAt));

/**
 * The member's live address `id`, or null (another member's, deleted, or none): the direct wire code names
 * an address through this, never through the table, so ownership is checked in one place.
 */
export async function addressOf(q: Q, userId: string, id: string): Promise<RemittanceAddressRow | null> {
  const [row] = await q
    .select()
    .from(remittanceAddresses)
    .where(and(eq(remittanceAddresses.id, id), live(userId)));
  return row ?? null;
}

/**
 * The addresses wires were made with, by id, deleted ones included: a wire keeps showing where it was remitted
 * from after the member removes the address from their list.
 */
export async function addressesByIds(q: Q, ids: string[]): Promise<RemittanceAddressRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(remittanceAddresses).where(inArray(remittanceAddresses.id, ids));
}

/** The member's starred address (a direct wire needs one: spec 2 §5), or null. */
export async function primaryAddressOf(q: Q, userId: string): Promise<RemittanceAddressRow | null> {
  const [row] = await q
    .select()
    .from(remittanceAddresses)
    .where(and(live(userId), eq(remittanceAddresses.isPrimary, true)));
  return row ?? null;
}

/** As the member sees it: the private signature through a URL signed for them (storage's file-urls.ts). */
export const toRemittanceAddress = (row: RemittanceAddressRow, viewerId: string): RemittanceAddress => ({
  _id: row.id,
  name: row.name,
  country: row.country,
  email: row.email,
  streetAddress: row.streetAddress,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  signatureUrl: signedFileUrl(row.signaturePath, viewerId),
  isPrimary: row.isPrimary,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A member's own writes are serialised (the count against the limit, the star's clear-then-set), so two at
 * once cannot pass the limit together nor both star: the partial unique index would refuse the second
 * star with a 23505, which must never reach the member as a 500.
 */
const lockMember = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`remittance:${userId}`}))`);

/** 409 when the member already keeps the most live addresses allowed. */
async function withinLimit(q: Q, userId: string) {
  const [kept] = await q.select({ n: count() }).from(remittanceAddresses).where(live(userId));
  if ((kept?.n ?? 0) >= MAX_REMITTANCE_ADDRESSES)
    throw new AppError(
      409,
      'REMITTANCE_ADDRESS_LIMIT',
      fillMessage(messages.remittanceAddressLimit, { max: String(MAX_REMITTANCE_ADDRESSES) }),
    );
}

/**
 * Remittance addresses (spec 2 §3, §5, §7): the banking details a member wires from, each with the
 * signature drawn on the remittance agreement. Members only see, star and delete their own: anyone else's
 * id is the same 404 as an id that does not exist. Deleting keeps the row (a wire names the address it was
 * made with), hidden from the member.
 */
export function remittanceService(ctx: Context, storage: StorageService) {
  const { db } = ctx;

  const found = async (q: Q, me: User, id: string) => {
    const row = await addressOf(q, me.id, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    /** Newest first; the limit keeps the list short enough to answer whole. */
    async list(me: User) {
      const rows = await db
        .select()
        .from(remittanceAddresses)
        .where(live(me.id))
        .orderBy(desc(remittanceAddresses.createdAt), desc(remittanceAddresses.id))
        .limit(MAX_REMITTANCE_ADDRESSES);
      return { data: rows.map((row) => toRemittanceAddress(row, me.id)) };
    },

    async detail(me: User, id: string) {
      return { data: toRemittanceAddress(await found(db, me, id), me.id) };
    },

    /**
     * Saves an address. The country must be one of the lookup list's; the signature must be this member's
     * own upload of kind directWire (taking it into use keeps it from the clean-up). An address added while
     * the member has no primary becomes the primary (their first one, or after they deleted the starred one),
     * so a direct wire is possible at once.
     */
    async create(me: User, body: RemittanceAddressBody) {
      if (!countryByName(body.country))
        throw badRequest(messages.countryRequired, 'VALIDATION', { country: messages.countryRequired });
      // Checked before the signature is taken into use too, so a refused address leaves no upload held.
      await withinLimit(db, me.id);
      const signaturePath = await storage.use(me.id, body.signatureUrl, 'directWire');
      if (!signaturePath)
        throw badRequest(messages.uploadSignatureFirst, 'SIGNATURE_REQUIRED', {
          signatureUrl: messages.uploadSignatureFirst,
        });
      const row = await db.transaction(async (tx) => {
        await lockMember(tx, me.id);
        await withinLimit(tx, me.id);
        const isPrimary = !(await primaryAddressOf(tx, me.id));
        const { signatureUrl: _shown, ...fields } = body;
        const [inserted] = await tx
          .insert(remittanceAddresses)
          .values({ id: newId(), userId: me.id, ...fields, signaturePath, isPrimary })
          .returning();
        return inserted!;
      });
      return { message: messages.remittanceAddressSaved, data: toRemittanceAddress(row, me.id) };
    },

    /** Soft delete. Deleting the primary leaves none: the member stars another (spec 2 §2 Remittance hub). */
    async remove(me: User, id: string) {
      const [row] = await db
        .update(remittanceAddresses)
        .set({ deletedAt: new Date(), isPrimary: false })
        .where(and(eq(remittanceAddresses.id, id), live(me.id)))
        .returning({ id: remittanceAddresses.id });
      if (!row) throw notFound();
      return { message: messages.remittanceAddressDeleted };
    },

    /** The star: in one transaction the old primary is cleared and this one set. */
    async makePrimary(me: User, id: string) {
      const row = await db.transaction(async (tx) => {
        await lockMember(tx, me.id);
        await found(tx, me, id);
        await tx
          .update(remittanceAddresses)
          .set({ isPrimary: false })
          .where(and(live(me.id), eq(remittanceAddresses.isPrimary, true), ne(remittanceAddresses.id, id)));
        const [starred] = await tx
          .update(remittanceAddresses)
          .set({ isPrimary: true })
          .where(eq(remittanceAddresses.id, id))
          .returning();
        return starred!;
      });
      return { message: messages.remittanceAddressPrimary, data: toRemittanceAddress(row, me.id) };
    },
  };
}

export type RemittanceService = ReturnType<typeof remittanceService>;
