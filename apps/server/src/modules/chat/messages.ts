import { messages } from '@vault/contract/messages';
import { CHAT_LIMITS, type ChatCursor } from '@vault/contract/schemas/chat';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { uncontactable } from '../members/contacts.ts';
import type { StorageService } from '../storage/service.ts';
import { blockedBetween } from './blocks.ts';
import { type StoredMessage, storedMessage } from './presenter.ts';
import { roomMemberIds } from './rooms.ts';

type Q = Db | Tx;

/** Who writes: a member (in the room's members), or a support administrator (any member's support room). */
export type Sender = { id: string; support: boolean };
export type Draft = { text: string; image?: string | null; fileName?: string | null; clientId?: string };

const readOnly = () => forbidden(messages.chatReadOnly, 'CHAT_READ_ONLY');

/**
 * The one way a message is written (HTTP, socket, the support desk): the checks, then the row, the room's
 * time, the members' deletedBy cleared and the `chatMessage` event, in one transaction. The room's row is
 * locked before the message gets its time (clock_timestamp, not the transaction's start), so a room's messages
 * are timed in the order they commit: a client that resumes after the last message it saw misses none.
 */
export async function sendMessage(
  ctx: Pick<Context, 'db' | 'events'>,
  storage: StorageService,
  sender: Sender,
  roomId: string,
  draft: Draft,
): Promise<StoredMessage> {
  const text = draft.text.trim();
  if (text.length > CHAT_LIMITS.textMax) throw badRequest(`Must be at most ${CHAT_LIMITS.textMax} characters`);
  if (!draft.image && !text)
    throw badRequest(messages.chatMessageEmpty, 'BAD_REQUEST', { text: messages.chatMessageEmpty });
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-send:${sender.id}`}))`);
    // Sent again after an answer that never came: the stored message, written and told once.
    if (draft.clientId) {
      const [same] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, sender.id), eq(chatMessages.clientId, draft.clientId)));
      if (same?.roomId === roomId) return storedMessage(same);
      if (same) throw conflict(messages.chatClientIdReused, 'IDEMPOTENCY_KEY_REUSED');
    }
    await withinRate(tx, sender.id);
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
    if (!room) throw notFound();
    const memberIds = await roomMemberIds(tx, roomId);
    if (sender.support ? room.kind !== 'support' : !memberIds.includes(sender.id)) throw notFound();

    let recipientId: string | null;
    if (room.kind === 'direct') {
      recipientId = memberIds.find((id) => id !== sender.id) ?? null;
      if (!recipientId || (await blockedBetween(tx, sender.id, recipientId))) throw readOnly();
      if ((await uncontactable(tx, [recipientId])).size > 0) throw readOnly();
    } else {
      // A member writes to support (whoever has taken the room, or any support administrator); support
      // writes to the member, who must still be one.
      const member = memberIds[0]!;
      recipientId = sender.support ? member : room.assignedTo;
      if (sender.support && (await uncontactable(tx, [member])).size > 0) throw readOnly();
    }

    let attachment: { path: string; mime: string } | null = null;
    if (draft.image) {
      attachment = await storage.useAttachment(sender.id, draft.image);
      if (!attachment)
        throw badRequest(messages.chatAttachmentUnknown, 'BAD_REQUEST', { image: messages.chatAttachmentUnknown });
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({
        id: newId(),
        roomId,
        userId: sender.id,
        recipientId,
        type: attachment ? (attachment.mime.startsWith('image/') ? 'image' : 'file') : 'text',
        text,
        attachment: attachment?.path ?? null,
        fileName: attachment ? draft.fileName?.trim() || null : null,
        clientId: draft.clientId ?? null,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    const message = storedMessage(row!);
    await tx.update(chatRooms).set({ lastMessageAt: row!.createdAt }).where(eq(chatRooms.id, roomId));
    // A new message brings a hidden room back for everyone (spec 2 §7 user-delete); the sender has read it.
    await tx
      .update(chatRoomMembers)
      .set({
        deletedAt: null,
        lastReadAt: sql`case when ${chatRoomMembers.userId} = ${sender.id} then ${row!.createdAt} else ${chatRoomMembers.lastReadAt} end`,
      })
      .where(eq(chatRoomMembers.roomId, roomId));
    // A support room's member and who took it ride along: the desk's socket needs no query per message.
    const support = room.kind === 'support' ? { memberId: memberIds[0]!, assignedTo: room.assignedTo } : null;
    await ctx.events.emit('chatMessage', { message, to: memberIds, support }, tx);
    return message;
  });
}

/**
 * At most CHAT_LIMITS.messagesPerWindow messages per member in any CHAT_LIMITS.rateWindowSeconds, every room,
 * route and process together: counted from the member's own rows under a per-member lock, so parallel sends
 * cannot pass together (sendMessage holds the member's lock).
 */
async function withinRate(tx: Tx, userId: string) {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        sql`${chatMessages.createdAt} > clock_timestamp() - make_interval(secs => ${CHAT_LIMITS.rateWindowSeconds})`,
      ),
    );
  if ((recent?.n ?? 0) >= CHAT_LIMITS.messagesPerWindow) throw tooMany(messages.chatTooFast);
}

/** A position in a room: a message of that room (its own stored time, to the microsecond), else the given time. */
const positionOf = (roomId: string, cursor: ChatCursor) =>
  sql`(select coalesce(c.created_at, ${cursor.createdAt}::timestamptz), coalesce(c.id, ${cursor._id}::uuid)
    from (select 1) one left join ${chatMessages} c on c.id = ${cursor._id} and c.room_id = ${roomId})`;

/**
 * A page of a room, in the order written: page 1 the newest `limit`, or the `limit` before message `before`.
 * `more`: older ones exist. The caller has checked the room is theirs.
 */
export async function messagePage(q: Q, roomId: string, opts: { page: number; limit: number; before?: string }) {
  const where = opts.before
    ? and(
        eq(chatMessages.roomId, roomId),
        sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select c.created_at, c.id from ${chatMessages} c where c.id = ${opts.before} and c.room_id = ${roomId})`,
      )
    : eq(chatMessages.roomId, roomId);
  const rows = await q
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(opts.limit + 1)
    .offset(opts.before ? 0 : (opts.page - 1) * opts.limit);
  const more = rows.length > opts.limit;
  return { rows: rows.slice(0, opts.limit).reverse().map(storedMessage), more };
}

/** Every message of a room after `after` (all when null), in order, at most `limit`; `more` when cut. */
export async function messagesAfter(q: Q, roomId: string, after: ChatCursor | null, limit: number) {
  const rows = await q
    .select()
    .from(chatMessages)
    .where(
      after
        ? and(
            eq(chatMessages.roomId, roomId),
            sql`(${chatMessages.createdAt}, ${chatMessages.id}) > ${positionOf(roomId, after)}`,
          )
        : eq(chatMessages.roomId, roomId),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).map(storedMessage), more: rows.length > limit };
}

/** The caller has read the room up to now (their unread count drops to 0). */
export async function markRead(q: Q, userId: string, roomId: string) {
  const [row] = await q
    .update(chatRoomMembers)
    .set({
      lastReadAt: sql`greatest(coalesce(${chatRoomMembers.lastReadAt}, '-infinity'::timestamptz), clock_timestamp())`,
    })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ roomId: chatRoomMembers.roomId });
  if (!row) throw notFound();
}

/** Of these rooms, those `userId` is a member of. */
export async function roomsOfMember(q: Q, userId: string, roomIds: string[]): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const rows = await q
    .select({ roomId: chatRoomMembers.roomId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.userId, userId), inArray(chatRoomMembers.roomId, roomIds)));
  return new Set(rows.map((r) => r.roomId));
}
