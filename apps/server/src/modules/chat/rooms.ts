import type { ChatRoom } from '@vault/contract/schemas/chat';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms, memberBlocks } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { chatProfiles } from '../members/contacts.ts';
import type { Presence } from './presence.ts';
import { recentOf } from './presenter.ts';

type Q = Db | Tx;
export type RoomRow = typeof chatRooms.$inferSelect;

/** One room per pair, whoever starts it: the smaller id first, so both sides compute the same key. */
export const directPairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
export const supportPairKey = (memberId: string) => `support:${memberId}`;

/**
 * The room with this pair key, created if it does not exist, with its members. INSERT … ON CONFLICT DO NOTHING
 * on the unique key, then a SELECT: when both sides create it at the same moment, one insert wins and both read
 * the same row (the loser's insert waits for the winner's commit, then does nothing).
 */
export async function roomForPair(db: Db, kind: RoomRow['kind'], pairKey: string, memberIds: string[]) {
  return db.transaction(async (tx) => {
    await tx.insert(chatRooms).values({ id: newId(), kind, pairKey }).onConflictDoNothing();
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.pairKey, pairKey));
    await tx
      .insert(chatRoomMembers)
      .values(memberIds.map((userId) => ({ roomId: room!.id, userId })))
      .onConflictDoNothing();
    return room!;
  });
}

/** The room if `userId` is one of its members; null otherwise (another member's room is as unknown as none). */
export async function memberRoom(q: Q, userId: string, roomId: string): Promise<RoomRow | null> {
  const [row] = await q
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .where(eq(chatRooms.id, roomId));
  return row?.room ?? null;
}

/** As memberRoom, but 404 when not theirs. */
export async function ownRoom(q: Q, userId: string, roomId: string) {
  const room = await memberRoom(q, userId, roomId);
  if (!room) throw notFound();
  return room;
}

/** The room's members' ids (a direct room: two; a support room: the member). */
export async function roomMemberIds(q: Q, roomId: string): Promise<string[]> {
  const rows = await q
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  return rows.map((r) => r.userId);
}

/** Whom `userId` shares a direct room with: told when they come online or go offline. */
export async function partnersOf(q: Q, userId: string): Promise<string[]> {
  const rows = await q.execute<{ user_id: string }>(sql`
    select distinct o.user_id from ${chatRoomMembers} m
    join ${chatRoomMembers} o on o.room_id = m.room_id and o.user_id <> m.user_id
    where m.user_id = ${userId}`);
  return rows.rows.map((r) => r.user_id);
}

/** `chat/user-delete`: hides the room for the caller only, until a new message arrives (which clears it). */
export async function hideRoom(db: Db, userId: string, roomId: string) {
  const [row] = await db
    .update(chatRoomMembers)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ roomId: chatRoomMembers.roomId });
  if (!row) throw notFound();
}

type ListedRow = {
  id: string;
  kind: RoomRow['kind'];
  updated_at: Date | string;
  deleted_at: Date | string | null;
  other_id: string | null;
  lm_id: string | null;
  lm_text: string | null;
  lm_type: 'text' | 'image' | 'file' | null;
  lm_user: string | null;
  lm_created: Date | string | null;
  unread: number;
  blocked_by_me: boolean;
  blocked_me: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A member's rooms in one statement, newest activity first: each with its other member, its last message,
 * the caller's unread count (others' messages after their last read) and the blocks between the pair; the
 * other members' names and pictures then come from the members' module in one call, and their presence in
 * one more: three round trips whatever the number of rooms. Hidden rooms are left out unless asked for by id.
 */
export async function listRooms(
  db: Db,
  presence: Presence,
  me: string,
  opts: { kind: RoomRow['kind']; roomId?: string; limit: number; offset: number },
): Promise<ChatRoom[]> {
  const result = await db.execute<ListedRow>(sql`
    select r.id, r.kind, coalesce(r.last_message_at, r.created_at) as updated_at, m.deleted_at,
      o.user_id as other_id,
      lm.id as lm_id, lm.text as lm_text, lm.type as lm_type, lm.user_id as lm_user, lm.created_at as lm_created,
      (select count(*)::int from ${chatMessages} x
        where x.room_id = r.id and x.user_id <> ${me}
          and x.created_at > coalesce(m.last_read_at, '-infinity'::timestamptz)) as unread,
      exists (select 1 from ${memberBlocks} b where b.blocker_id = ${me} and b.blocked_id = o.user_id) as blocked_by_me,
      exists (select 1 from ${memberBlocks} b where b.blocker_id = o.user_id and b.blocked_id = ${me}) as blocked_me
    from ${chatRoomMembers} m
    join ${chatRooms} r on r.id = m.room_id and r.kind = ${opts.kind}
    left join ${chatRoomMembers} o on o.room_id = r.id and o.user_id <> m.user_id
    left join lateral (
      select id, text, type, user_id, created_at from ${chatMessages}
      where room_id = r.id order by created_at desc, id desc limit 1
    ) lm on true
    where m.user_id = ${me}
      and ${opts.roomId ? sql`r.id = ${opts.roomId}` : sql`m.deleted_at is null`}
    order by coalesce(r.last_message_at, r.created_at) desc, r.id desc
    limit ${opts.limit} offset ${opts.offset}`);
  const rows = result.rows;
  const ids = [...new Set([me, ...rows.flatMap((r) => (r.other_id ? [r.other_id] : []))])];
  const [profiles, online] = await Promise.all([chatProfiles(db, ids), presence.online(ids)]);
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const member = (id: string, updatedAt: string) => {
    const p = byId.get(id);
    return {
      _id: id,
      name: p?.name ?? '',
      profilePicture: p?.profilePicture ?? null,
      onlineStatus: online.has(id),
      updatedAt,
    };
  };
  return rows.map((r) => {
    const updatedAt = iso(r.updated_at);
    const other = r.other_id ? byId.get(r.other_id) : undefined;
    const otherGone = r.kind === 'direct' && !other?.contactable;
    return {
      _id: r.id,
      chatRoomId: r.id,
      kind: r.kind,
      members: [me, ...(r.other_id ? [r.other_id] : [])].map((id) => member(id, updatedAt)),
      recentMessage:
        r.lm_id && r.lm_type && r.lm_user && r.lm_created
          ? recentOf({
              id: r.lm_id,
              text: r.lm_text ?? '',
              type: r.lm_type,
              userId: r.lm_user,
              createdAt: iso(r.lm_created),
            })
          : null,
      unread: r.unread,
      deletedBy: r.deleted_at ? [me] : [],
      readOnly: r.blocked_by_me || r.blocked_me || otherGone,
      blockedByMe: r.blocked_by_me,
      updatedAt,
    };
  });
}

/** One room as listRooms shows it (after create), hidden or not; 404 when not the caller's. */
export async function roomView(db: Db, presence: Presence, me: string, roomId: string, kind: RoomRow['kind']) {
  const [room] = await listRooms(db, presence, me, { kind, roomId, limit: 1, offset: 0 });
  if (!room) throw notFound();
  return room;
}
