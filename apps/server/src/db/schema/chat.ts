import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

/** Chat (issue 15): rooms, their members, messages, and members' blocks of each other (db/schema.ts). */

/**
 * A conversation. `direct`: two members (/inbox); `support`: one member and whichever support administrator
 * answers (/chat), `assigned_to` the one who took it, if any. `pair_key` makes a room exist once per pair:
 * `<smaller id>:<larger id>` for a direct room, `support:<member id>` for a support room; creating one is an
 * INSERT … ON CONFLICT DO NOTHING on it, so both members starting the room at the same moment get one room.
 * `last_message_at` orders the inbox (newest activity first) and is the row every send locks, so a room's
 * messages get their times in the order they commit (the resync cursor relies on it).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['direct', 'support'] }).notNull(),
    pairKey: text('pair_key').notNull(),
    assignedTo: uuid('assigned_to').references(() => users.id),
    createdAt: createdAt(),
    lastMessageAt: ts('last_message_at'),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_key').on(t.pairKey),
    index('chat_rooms_support_idx').on(t.kind, t.lastMessageAt),
    check('chat_rooms_kind', sql`${t.kind} in ('direct', 'support')`),
  ],
);

/**
 * Who is in a room, with what is theirs alone: `deleted_at` (the spec's deletedBy: the room is hidden from
 * them until a new message arrives, which clears it) and `last_read_at` (their unread count).
 */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
    lastReadAt: ts('last_read_at'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

/**
 * A message. Ordered by (created_at, id) in its room: the index serves the pages, the resync cursor and the
 * unread counts. `attachment` is the stored path of an upload of kind chat (storage's), `file_name` the name
 * the sender gave it. Text is at most 2000 characters (CHAT_LIMITS.textMax); a message holds text or a file.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    recipientId: uuid('recipient_id').references(() => users.id),
    type: text('type', { enum: ['text', 'image', 'file'] }).notNull(),
    text: text('text').notNull().default(''),
    attachment: text('attachment'),
    fileName: text('file_name'),
    /** The sender's id for the message (chatMessageBody.clientId): a repeat of one is the stored message. */
    clientId: uuid('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.createdAt, t.id),
    uniqueIndex('chat_messages_client_idx').on(t.userId, t.clientId).where(sql`client_id is not null`),
    // The per-member send rate counts a member's recent messages.
    index('chat_messages_user_idx').on(t.userId, t.createdAt),
    index('chat_messages_attachment_idx').on(t.attachment).where(sql`attachment is not null`),
    check('chat_messages_text_length', sql`char_length(${t.text}) <= 2000`),
    check('chat_messages_type', sql`${t.type} in ('text', 'image', 'file')`),
    check(
      'chat_messages_content',
      sql`(${t.type} = 'text' and ${t.attachment} is null and ${t.text} <> '') or (${t.type} <> 'text' and ${t.attachment} is not null)`,
    ),
  ],
);

/** A member's block of another: the pair's room turns read-only both ways, and neither finds the other. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId),
    check('member_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
