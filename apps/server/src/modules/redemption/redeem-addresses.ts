import { fillMessage, messages } from '@vault/contract/messages';
import type { RedeemAddress, RedeemAddressBody } from '@vault/contract/schemas/redeem-addresses';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { redeemAddresses } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';

/** Live redeem addresses a member may keep: enough for every account they redeem to, few enough to list whole. */
export const MAX_REDEEM_ADDRESSES = 20;

export type RedeemAddressRow = typeof redeemAddresses.$inferSelect;
type Q = Db | Tx;

const live = (userId: string) => and(eq(redeemAddresses.userId, userId), isNull(redeemAddresses.deletedAt));

/**
 * The member's live redeem address `id`, or null (another member's, deleted, or none): a direct-wire redeem
 * names its address through this, never through the table, so ownership is checked in one place.
 */
export async function redeemAddressOf(q: Q, userId: string, id: string): Promise<RedeemAddressRow | null> {
  const [row] = await q
    .select()
    .from(redeemAddresses)
    .where(and(eq(redeemAddresses.id, id), live(userId)));
  return row ?? null;
}

/** As the member sees it (spec 2 §3 "Withdraw (redeem) address"). */
export const toRedeemAddress = (row: RedeemAddressRow): RedeemAddress => ({
  _id: row.id,
  name: row.name,
  accountTitle: row.accountTitle,
  address: row.address,
  phoneNumber: row.phoneNumber,
  accountNumber: row.accountNumber,
  aba: row.aba,
  swiftBic: row.swiftBic,
  routingCode: row.routingCode,
  bankName: row.bankName,
  bankAddress: row.bankAddress,
  zellePay: row.zellePay,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A member's additions are serialised, so two at once cannot pass the limit together. */
const lockMember = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`redeem-addresses:${userId}`}))`);

/** 409 when the member already keeps the most live redeem addresses allowed. */
async function withinLimit(q: Q, userId: string) {
  const [kept] = await q.select({ n: count() }).from(redeemAddresses).where(live(userId));
  if ((kept?.n ?? 0) >= MAX_REDEEM_ADDRESSES)
    throw new AppError(
      409,
      'REDEEM_ADDRESS_LIMIT',
      fillMessage(messages.redeemAddressLimit, { max: String(MAX_REDEEM_ADDRESSES) }),
    );
}

/**
 * Redeem addresses (issue 14 item 1; spec 2 §3, §5, §7): the bank accounts a member redeems to by direct wire.
 * Members only see, edit and delete their own: anyone else's id is the same 404 as an id that does not exist.
 * Deleting keeps the row (a redeem request names the address it was made to), hidden from the member; an edit
 * changes the address in place (a redeem request keeps its own copy of the details it was made with).
 */
export function redeemAddressService(ctx: Context) {
  const { db } = ctx;

  return {
    /** Newest first; the limit keeps the list short enough to answer whole. */
    async list(me: User) {
      const rows = await db
        .select()
        .from(redeemAddresses)
        .where(live(me.id))
        .orderBy(desc(redeemAddresses.createdAt), desc(redeemAddresses.id))
        .limit(MAX_REDEEM_ADDRESSES);
      return { data: rows.map(toRedeemAddress) };
    },

    async detail(me: User, id: string) {
      const row = await redeemAddressOf(db, me.id, id);
      if (!row) throw notFound();
      return { data: toRedeemAddress(row) };
    },

    async create(me: User, body: RedeemAddressBody) {
      const row = await db.transaction(async (tx) => {
        await lockMember(tx, me.id);
        await withinLimit(tx, me.id);
        const [inserted] = await tx
          .insert(redeemAddresses)
          .values({ id: newId(), userId: me.id, ...body })
          .returning();
        return inserted!;
      });
      return { message: messages.redeemAddressSaved, data: toRedeemAddress(row) };
    },

    /** Every field is replaced (the form sends them all); a deleted or another member's address is 404. */
    async update(me: User, id: string, body: RedeemAddressBody) {
      const [row] = await db
        .update(redeemAddresses)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(redeemAddresses.id, id), live(me.id)))
        .returning();
      if (!row) throw notFound();
      return { message: messages.redeemAddressUpdated, data: toRedeemAddress(row) };
    },

    /** Soft delete: hidden from the member at once, kept for the redeem requests that name it. */
    async remove(me: User, id: string) {
      const [row] = await db
        .update(redeemAddresses)
        .set({ deletedAt: new Date() })
        .where(and(eq(redeemAddresses.id, id), live(me.id)))
        .returning({ id: redeemAddresses.id });
      if (!row) throw notFound();
      return { message: messages.redeemAddressDeleted };
    },
  };
}

export type RedeemAddressService = ReturnType<typeof redeemAddressService>;
