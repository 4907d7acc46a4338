import { z } from '../zod.ts';

/**
 * Chat (issue 15; spec 2 §2 Chat, §3 Chat room and Chat message, §5, §7 Chat calls, §9): member-to-member
 * rooms (/inbox) and each member's conversation with support (/chat). One schema for the web, the back office
 * and the server's routes and socket handlers (realtime.ts names the socket events and reuses these).
 */

/** The limits of spec 2 §9, and ours where it has none. */
export const CHAT_LIMITS = {
  /** Characters of one message (ours: the spec gives none). Long enough for a letter, short enough to render. */
  textMax: 2000,
  /** Rooms and messages per list call (spec 2 §9 "chat lists 1000"). */
  listMax: 1000,
  /** Messages per page when the client asks none: one screen and a bit, older ones load on scroll. */
  messagesPageSize: 50,
  /** User search page (spec 2 §9 "user search page 30"). */
  searchPageSize: 30,
  /** Search debounce in the web (spec 2 §9). */
  searchDebounceMs: 2000,
  /** A member's messages in any window of `rateWindowSeconds`, every room and route together (ours). */
  messagesPerWindow: 20,
  rateWindowSeconds: 10,
  /** The shown end of an attachment's name and the cut of the last message preview (spec 2 §9). */
  fileNameShown: 28,
  previewChars: 25,
  /** The longest original file name kept with an attachment. */
  fileNameMax: 255,
  /** Rooms one resync request may name, and messages it answers per room (then `more` says so). */
  resyncRoomsMax: 50,
  resyncMessagesMax: 500,
} as const;

/** An attachment's shown name: its last 28 characters (spec 2 §9), so the extension always shows. */
export const shownFileName = (name: string) =>
  name.length > CHAT_LIMITS.fileNameShown ? `…${name.slice(-CHAT_LIMITS.fileNameShown)}` : name;

/** A room's last-message preview: its text on one line, cut at 25 characters (spec 2 §9). */
export function previewText(text: string) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_LIMITS.previewChars ? `${line.slice(0, CHAT_LIMITS.previewChars)}…` : line;
}

const id = z.uuid();
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const chatMessageTypes = ['text', 'image', 'file'] as const;
export type ChatMessageType = (typeof chatMessageTypes)[number];

/** `POST chat/room/create`: the member to talk to (one room per pair, whoever starts it). */
export const chatRoomCreateBody = z.object({ otherUserId: id });
export type ChatRoomCreateBody = z.infer<typeof chatRoomCreateBody>;

/** `GET chat/room?page&limit`: newest activity first, up to 1000 a page (spec 2 §7). */
export const chatRoomListQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.listMax).default(CHAT_LIMITS.listMax),
});
export type ChatRoomListQuery = z.infer<typeof chatRoomListQuery>;

/** A message's position: messages are ordered by (createdAt, _id); a cursor names the last one seen. */
export const chatCursor = z.object({ _id: id, createdAt: z.iso.datetime({ offset: true }) });
export type ChatCursor = z.infer<typeof chatCursor>;

/**
 * `GET chat/room/messages?chatRoom&page&limit`: page 1 is the newest messages, each page in the order they
 * were written. `before` (a message id), when given, pages from that message back instead of by number, so
 * loading older messages on scroll is not shifted by messages arriving meanwhile.
 */
export const chatMessagesQuery = z.object({
  chatRoom: id,
  page,
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.listMax).default(CHAT_LIMITS.messagesPageSize),
  before: id.optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

/**
 * What a member (or support) writes: the socket's `add-message` payload and the HTTP send alike. `user` and
 * `recipient` are accepted for the spec's client but never trusted: the sender is the session's member and the
 * recipient the room's other member. `image` is the reference to an upload of type chat (`storage/upload`
 * answers it); the message's type follows from the upload's content, not from `type`.
 */
export const chatMessageBody = z.object({
  chatRoom: id,
  text: z
    .string()
    .max(CHAT_LIMITS.textMax, `Must be at most ${CHAT_LIMITS.textMax} characters`)
    .nullish()
    .transform((value) => (value ?? '').trim()),
  image: z.string().max(500).nullish(),
  fileName: z.string().max(CHAT_LIMITS.fileNameMax).nullish(),
  type: z.enum(chatMessageTypes).optional(),
  user: z.string().max(100).nullish(),
  recipient: z.string().max(100).nullish(),
  /**
   * Ours: the client's id for this message, new for each message and the same when it is sent again after an
   * answer that never came: one sender's id is one message, stored once (the repeat answers the stored one).
   */
  clientId: z.uuid().optional(),
});
export type ChatMessageBody = z.infer<typeof chatMessageBody>;
export type ChatMessageInput = z.input<typeof chatMessageBody>;

/** The back office's reply: the same fields without the room (it is in the path). */
export const chatReplyBody = chatMessageBody.omit({ chatRoom: true });
export type ChatReplyBody = z.infer<typeof chatReplyBody>;

/** A message (spec 2 §3 "Chat message"); `image` is a signed URL for the viewer, valid for a while. */
export const chatMessage = z.object({
  _id: z.string(),
  chatRoom: z.string(),
  /** Who wrote it (a member, or the administrator who answered a support room). */
  user: z.string(),
  /** The room's other member; null for a member's message to support (any support administrator). */
  recipient: z.string().nullable(),
  text: z.string(),
  image: z.string().nullable(),
  fileName: z.string().nullable(),
  type: z.enum(chatMessageTypes),
  createdAt: z.string(),
  /** Stored on the server (the spec's status 'delivered'). */
  delivered: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatRoomMember = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  onlineStatus: z.boolean(),
  updatedAt: z.string(),
});
export type ChatRoomMember = z.infer<typeof chatRoomMember>;

/** A room as the member sees it (spec 2 §3 "Chat room"). */
export const chatRoom = z.object({
  _id: z.string(),
  /** The spec's name for the same id. */
  chatRoomId: z.string(),
  kind: z.enum(['direct', 'support']),
  members: z.array(chatRoomMember),
  recentMessage: z
    .object({
      _id: z.string(),
      text: z.string(),
      type: z.enum(chatMessageTypes),
      user: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Messages of others after the caller last read the room. */
  unread: z.number().int(),
  /** Hidden by these members (`chat/user-delete`): only the caller can be in it, as far as they are shown. */
  deletedBy: z.array(z.string()),
  /** Nobody can write: one member blocked the other, or the other's account is blocked or deleted. */
  readOnly: z.boolean(),
  /** The caller blocked the other member (they may unblock). */
  blockedByMe: z.boolean(),
  updatedAt: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

export const chatRoomResponse = z.object({ data: chatRoom });
export const chatRoomsResponse = z.object({
  data: z.array(chatRoom),
  page: z.number().int(),
  limit: z.number().int(),
});
export const chatMessagesResponse = z.object({
  data: z.array(chatMessage),
  page: z.number().int(),
  limit: z.number().int(),
  /** Older messages exist before this page. */
  more: z.boolean(),
});
export const chatMessageResponse = z.object({ data: chatMessage });

/** `GET user/search?page&limit&keyword`: members who may be contacted; only their id, name and picture. */
export const userSearchQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.searchPageSize),
  keyword: z.string().trim().max(100).default(''),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;
export const userSearchResult = z.object({ _id: z.string(), name: z.string(), picture: z.string().nullable() });
export type UserSearchResult = z.infer<typeof userSearchResult>;
export const userSearchResponse = z.object({
  data: z.array(userSearchResult),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Block routes: `POST /api/chat/block/{userId}`, `DELETE /api/chat/block/{userId}`. */
export const chatBlockParams = z.object({ userId: id });
export const chatRoomParams = z.object({ roomId: id });

// --- The back office's support inbox ---

export const supportRoomFilter = z.enum(['unassigned', 'mine', 'all']);
export type SupportRoomFilter = z.infer<typeof supportRoomFilter>;
export const supportRoomsQuery = z.object({
  filter: supportRoomFilter.default('all'),
  page,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SupportRoomsQuery = z.infer<typeof supportRoomsQuery>;

/** A member's support conversation as the support inbox lists it. */
export const supportRoom = z.object({
  _id: z.string(),
  member: z.object({ _id: z.string(), name: z.string(), email: z.string(), profilePicture: z.string().nullable() }),
  assignedTo: z.string().nullable(),
  recentMessage: chatRoom.shape.recentMessage,
  /** The member's messages after the last answer of support. */
  unanswered: z.number().int(),
  updatedAt: z.string(),
});
export type SupportRoom = z.infer<typeof supportRoom>;
export const supportRoomsResponse = z.object({
  data: z.array(supportRoom),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The member beside a support conversation: enough to help, nothing the desk's member file does not show. */
export const supportMemberProfile = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  type: z.string(),
  isBlocked: z.boolean(),
  isWalletActivated: z.boolean(),
  hasMembershipData: z.boolean(),
  createdAt: z.string(),
});
export const supportMemberResponse = z.object({ data: supportMemberProfile });

// --- Socket payloads (realtime.ts names the events): checked by the server like request bodies ---

export const chatJoinPayload = z.object({ chatRoom: id });
export const chatResyncPayload = z.object({
  rooms: z
    .array(z.object({ chatRoom: id, after: chatCursor.nullable() }))
    .min(1)
    .max(CHAT_LIMITS.resyncRoomsMax),
});
