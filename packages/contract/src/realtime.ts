import type { ErrorCode } from './errors.ts';
import type { ChatMessage } from './schemas/chat.ts';

/**
 * socket.io messages, written once for the server (realtime/gateway.ts) and the web app (lib/socket.ts).
 * Member events go out on the channel named by the member's e-mail (spec 1 §7); prices, the same for
 * everyone, on a channel of their own.
 */

/** Who an event is about: the member whose channel carries it. */
export type EventUser = { _id: string; email: string };

export type MemberEvent =
  /** The account was blocked: the app shows the reason and logs out (spec 1 §8, spec 2 §9). */
  | { type: 'userBlocked'; user: EventUser; blockReason: string }
  /** A notification was created: the bell refetches. */
  | { type: 'notification'; user: EventUser; notification: { _id: string; message: string; createdAt: string } }
  /** Balances changed (spec 1 §7): every open wallet screen refetches. */
  | { type: 'nativeWalletUpdate'; user: EventUser }
  /** Opportunity-token balances changed (spec 1 §7); refreshes like nativeWalletUpdate. */
  | { type: 'nftBalanceUpdated'; user: EventUser }
  /** The vault was activated (spec 1 §4). */
  | { type: 'walletActivated'; user: EventUser };

export type MemberEventType = MemberEvent['type'];

/** The channel every member's socket listens on for price changes. */
export const PRICES_CHANNEL = 'pricesUpdated';
export type PricesEvent = { type: 'pricesUpdated'; coinSymbol: string };

/**
 * The channel every member's socket listens on for a notification written to every member at once (the back
 * office's "to all members"): the bell refetches. Each member's copy is their own row; the event carries the
 * text, not an id.
 */
export const BROADCAST_CHANNEL = 'notificationBroadcast';
export type BroadcastEvent = { type: 'notificationBroadcast'; message: string; createdAt: string };

/** What the client sends after connecting (kept for the spec's client; the server trusts the token only). */
export const USER_CONNECT = 'user-connect';
export type UserConnect = { userId: string };

// --- Chat (issue 15; spec 2 §4 Realtime) ---
// Names of the chat socket events, client → server (answered through the socket.io acknowledgement) and
// server → client (on the member's own socket, whichever room it is about). The sender of everything is the
// socket's session, never a payload's `user`.

/** Client → server: start following a room; answered with ChatAck. Only a member of the room may join. */
export const CHAT_JOIN_ROOM = 'join-room';
export type ChatJoinRoom = { chatRoom: string };

/**
 * Client → server: write a message (spec 2 §7 `add-message`), with the same checks as the HTTP send (member
 * of the room, not read-only, length, rate); answered with ChatAck carrying the stored message.
 */
export const CHAT_ADD_MESSAGE = 'add-message';
export type ChatAddMessage = {
  text: string;
  /** Ignored: the sender is the socket's member. */
  user?: string | null;
  /** Ignored: the recipient is the room's other member. */
  recipient?: string | null;
  chatRoom: string;
  fileName?: string | null;
  /** The attachment's reference as `storage/upload` answered it (type chat). */
  image?: string | null;
  type?: 'text' | 'image' | 'file';
  /** The message's own id, the same when sent again (chatMessageBody). */
  clientId?: string;
};

/** Server → client: a message in one of the member's rooms (theirs included, for their other tabs). */
export const CHAT_NEW_MESSAGE = 'new-message';
/** Server → client: a room's last message and time changed: the inbox moves it to the top. */
export const CHAT_RECENT_ROOM_UPDATE = 'recent-room-update';
export type ChatRecentRoomUpdate = {
  chatRoom: string;
  recentMessage: { _id: string; text: string; type: 'text' | 'image' | 'file'; user: string; createdAt: string };
  updatedAt: string;
};

/**
 * Server → client: a block between the member and another was made or lifted (issue 15 §6): their room turns
 * read-only or writable again, so the inbox and the conversation read the room afresh.
 */
export const CHAT_ROOM_CHANGED = 'room-changed';
export type ChatRoomChanged = { userId: string };

/** Server → client: a member the receiver shares a room with came online (first socket) or went offline (last). */
export const CHAT_USER_ONLINE = 'user-online';
export const CHAT_USER_OFFLINE = 'user-offline';
export type ChatPresence = { userId: string; onlineStatus: boolean };

/**
 * Client → server, after a reconnect: for each room, the last message the client holds (null: none); answered
 * with ChatAck carrying ChatResyncAnswer: every later message in order (at most CHAT_LIMITS.resyncMessagesMax
 * per room; `more` then says to page with chat/room/messages). Nothing before the cursor comes again, so a
 * client that merges by `_id` neither loses nor doubles a message.
 */
export const CHAT_RESYNC = 'resync';
export type ChatResync = { rooms: { chatRoom: string; after: { _id: string; createdAt: string } | null }[] };
export type ChatResyncAnswer = {
  rooms: { chatRoom: string; messages: ChatMessage[]; more: boolean }[];
};

/** Every chat acknowledgement: what was asked for, or the same message and code an HTTP call would answer. */
export type ChatAck<T = undefined> =
  | ({ ok: true } & (T extends undefined ? object : { data: T }))
  | { ok: false; message: string; code: ErrorCode; fields?: Record<string, string> };

// --- The back office's support desk (issue 15 item 5) ---
// Administrators hold no member socket: the back office connects to a namespace of its own on the same
// server, authenticated at the handshake with the back-office session (`auth: { token }`) and open only to
// roles with `chat.support`. Its events are notices: the desk then reads the conversation over HTTP, where
// attachments are signed for the administrator who reads them.

/** The socket.io namespace of the back office (path /socket.io, like the members'). */
export const ADMIN_SOCKET_NAMESPACE = '/admin';

/**
 * Server → back office: a message was written in a member's support room, by the member or by support. The
 * inbox moves the room to the top; a desk showing that conversation reads its newest page again.
 */
export const SUPPORT_ROOM_UPDATE = 'support-room-update';
/** Server → back office: an administrator took a support room; every desk's inbox reads its lists again. */
export const SUPPORT_ROOM_ASSIGNED = 'support-room-assigned';
export type SupportRoomAssigned = { chatRoom: string; assignedTo: string };
export type SupportRoomUpdate = {
  chatRoom: string;
  /** The member whose support room it is. */
  memberId: string;
  /** The administrator who took the room, or null while nobody has. */
  assignedTo: string | null;
  /** The message, without its attachment: the member's when `recentMessage.user` is `memberId`. */
  recentMessage: ChatRecentRoomUpdate['recentMessage'];
  updatedAt: string;
};
