import type { ChatRecentRoomUpdate } from '@vault/contract/realtime';
import type { ChatMessage, ChatRoom } from '@vault/contract/schemas/chat';

/**
 * Pure merges of what arrives (a page, a live message, a resync answer) into what the cache holds. Messages
 * are keyed by `_id`, so a message that comes twice (its ack and its new-message, a resync after a reconnect)
 * is shown once; they are kept in the order the server wrote them, (createdAt, _id).
 */

/** A room's loaded messages: the newest page and any older pages loaded on scroll. */
export type RoomMessages = { messages: ChatMessage[]; more: boolean };

const byPosition = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? a._id.localeCompare(b._id) : Date.parse(a.createdAt) - Date.parse(b.createdAt);

export function mergeMessages(held: ChatMessage[], arrived: ChatMessage[]): ChatMessage[] {
  if (arrived.length === 0) return held;
  const all = new Map(held.map((m) => [m._id, m]));
  for (const m of arrived) all.set(m._id, m);
  return [...all.values()].sort(byPosition);
}

/**
 * The newest page, fetched again (a return to the room): merged with what is held when they overlap; when
 * they do not (many messages came meanwhile) the held ones are dropped, since a gap cannot be shown, and the
 * older ones load again on scroll.
 */
export function withNewestPage(held: RoomMessages | undefined, page: RoomMessages): RoomMessages {
  if (!held || held.messages.length === 0) return page;
  const oldest = page.messages[0];
  const overlaps = !page.more || (oldest !== undefined && held.messages.some((m) => m._id === oldest._id));
  return overlaps ? { messages: mergeMessages(held.messages, page.messages), more: held.more && page.more } : page;
}

/** The cursor a resync starts after: the last message held. */
export const cursorOf = (held: RoomMessages | undefined) => {
  const last = held?.messages.at(-1);
  return last ? { _id: last._id, createdAt: last.createdAt } : null;
};

const newestFirst = (rooms: ChatRoom[]) =>
  [...rooms].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b._id.localeCompare(a._id));

/** A room's last message changed: its line updates and it moves to the top (spec 2 §4 recent room update). */
export function withRecent(rooms: ChatRoom[], update: ChatRecentRoomUpdate): ChatRoom[] {
  return newestFirst(
    rooms.map((room) =>
      room._id === update.chatRoom &&
      (!room.recentMessage || Date.parse(room.recentMessage.createdAt) <= Date.parse(update.recentMessage.createdAt))
        ? { ...room, recentMessage: update.recentMessage, updatedAt: update.updatedAt }
        : room,
    ),
  );
}

/** A message of someone else arrived in a room not open on screen: one more unread. */
export const withUnread = (rooms: ChatRoom[], roomId: string, unread: (current: number) => number) =>
  rooms.map((room) => (room._id === roomId ? { ...room, unread: unread(room.unread) } : room));

/** A member came online or went offline: their dot in every room they share with the viewer. */
export const withPresence = (rooms: ChatRoom[], userId: string, onlineStatus: boolean) =>
  rooms.map((room) =>
    room.members.some((m) => m._id === userId)
      ? { ...room, members: room.members.map((m) => (m._id === userId ? { ...m, onlineStatus } : m)) }
      : room,
  );

/** A room that is (again) the member's: added, or replaced with the server's newer view of it. */
export const withRoom = (rooms: ChatRoom[] | undefined, room: ChatRoom) =>
  newestFirst([room, ...(rooms ?? []).filter((r) => r._id !== room._id)]);

/** The room's other member (a direct room has two; the support room only the member). */
export const otherMember = (room: ChatRoom, me: string) => room.members.find((m) => m._id !== me);
