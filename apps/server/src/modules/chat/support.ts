import type { SupportRoom, SupportRoomsQuery } from '@vault/contract/schemas/chat';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { chatProfiles } from '../members/contacts.ts';
import { recentOf } from './presenter.ts';
import type { RoomRow } from './rooms.ts';

/**
 * The support inbox (issue 15 §5): every member's support room, for any administrator with `chat.support`.
 * No administrator is fixed to a room: whoever answers may take it (`assigned_to`), and the filter shows the
 * rooms nobody took, one's own, or all. Only rooms with at least one message are listed.
 */

/** A support room by id with its member, or null for any other room (a member's direct room is not the desk's). */
async function findSupportRoom(db: Db, roomId: string): Promise<(RoomRow & { memberId: string }) | null> {
  const [row] = await db
    .select({ room: chatRooms, memberId: chatRoomMembers.userId })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, eq(chatRoomMembers.roomId, chatRooms.id))
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.kind, 'support')));
  return row ? { ...row.room, memberId: row.memberId } : null;
}

/** A support room by id; 404 for any other room. */
export async function supportRoom(db: Db, roomId: string): Promise<RoomRow & { memberId: string }> {
  const room = await findSupportRoom(db, roomId);
  if (!room) throw notFound();
  return room;
}

/** The administrator takes the room (or takes it over): its filter "mine" shows it. */
export async function assignRoom(db: Db | Tx, roomId: string, adminId: string) {
  const [row] = await db
    .update(chatRooms)
    .set({ assignedTo: adminId })
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.kind, 'support')))
    .returning({ id: chatRooms.id });
  if (!row) throw notFound();
}

type Listed = {
  id: string;
  member_id: string;
  assigned_to: string | null;
  updated_at: Date | string;
  lm_id: string;
  lm_text: string;
  lm_type: 'text' | 'image' | 'file';
  lm_user: string;
  lm_created: Date | string;
  unanswered: number;
  total: number;
};

/**
 * One page of support rooms, newest activity first, in one statement: each with its member, its last
 * message and how many of the member's messages came after support last wrote; then the members' names,
 * pictures and e-mails in one call to the members' module.
 */
export async function supportRooms(db: Db, adminId: string, query: SupportRoomsQuery) {
  const filters: Record<SupportRoomsQuery['filter'], SQL> = {
    all: sql`true`,
    unassigned: sql`${isNull(chatRooms.assignedTo)}`,
    mine: sql`${eq(chatRooms.assignedTo, adminId)}`,
  };
  const result = await db.execute<Listed>(sql`
    select ${chatRooms.id} as id, m.user_id as member_id, ${chatRooms.assignedTo} as assigned_to,
      ${chatRooms.lastMessageAt} as updated_at,
      lm.id as lm_id, lm.text as lm_text, lm.type as lm_type, lm.user_id as lm_user, lm.created_at as lm_created,
      (select count(*)::int from ${chatMessages} x
        where x.room_id = ${chatRooms.id} and x.user_id = m.user_id
          and x.created_at > coalesce((select max(y.created_at) from ${chatMessages} y
            where y.room_id = ${chatRooms.id} and y.user_id <> m.user_id), '-infinity'::timestamptz)) as unanswered,
      count(*) over ()::int as total
    from ${chatRooms}
    join ${chatRoomMembers} m on m.room_id = ${chatRooms.id}
    join lateral (
      select id, text, type, user_id, created_at from ${chatMessages}
      where room_id = ${chatRooms.id} order by created_at desc, id desc limit 1
    ) lm on true
    where ${and(eq(chatRooms.kind, 'support'), isNotNull(chatRooms.lastMessageAt))} and ${filters[query.filter]}
    order by ${chatRooms.lastMessageAt} desc, ${chatRooms.id} desc
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  const rows = result.rows;
  const profiles = new Map(
    (
      await chatProfiles(
        db,
        rows.map((r) => r.member_id),
      )
    ).map((p) => [p.id, p]),
  );
  const data: SupportRoom[] = rows.map((r) => {
    const p = profiles.get(r.member_id);
    return {
      _id: r.id,
      member: {
        _id: r.member_id,
        name: p?.name ?? '',
        email: p?.email ?? '',
        profilePicture: p?.profilePicture ?? null,
      },
      assignedTo: r.assigned_to,
      recentMessage: recentOf({
        id: r.lm_id,
        text: r.lm_text,
        type: r.lm_type,
        userId: r.lm_user,
        createdAt: new Date(r.lm_created).toISOString(),
      }),
      unanswered: r.unanswered,
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
  return { data, total: rows[0]?.total ?? 0, page: query.page, limit: query.limit };
}
