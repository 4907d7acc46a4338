import type { ChatMessage } from '@vault/contract/schemas/chat';
import type { chatMessages } from '../../db/schema.ts';
import { signedFileUrl } from '../storage/file-urls.ts';

/**
 * A message as it is stored and as it travels in the `chatMessage` event (dates as ISO strings): what the
 * presenter turns into each viewer's copy. Attachments stay stored paths until then, because the URL a member
 * is shown is signed for them alone.
 */
export type StoredMessage = {
  id: string;
  roomId: string;
  userId: string;
  recipientId: string | null;
  type: 'text' | 'image' | 'file';
  text: string;
  attachment: string | null;
  fileName: string | null;
  createdAt: string;
};

export const storedMessage = (row: typeof chatMessages.$inferSelect): StoredMessage => ({
  id: row.id,
  roomId: row.roomId,
  userId: row.userId,
  recipientId: row.recipientId,
  type: row.type,
  text: row.text,
  attachment: row.attachment,
  fileName: row.fileName,
  createdAt: row.createdAt.toISOString(),
});

/** The spec's message (spec 2 §3) for one viewer: the attachment through a URL signed for them. */
export const toChatMessage = (m: StoredMessage, viewerId: string): ChatMessage => ({
  _id: m.id,
  chatRoom: m.roomId,
  user: m.userId,
  recipient: m.recipientId,
  text: m.text,
  image: m.attachment ? signedFileUrl(m.attachment, viewerId) : null,
  fileName: m.fileName,
  type: m.type,
  createdAt: m.createdAt,
  delivered: true,
});

/** The inbox's line for a room: its last message, without the attachment. */
export const recentOf = (m: Pick<StoredMessage, 'id' | 'text' | 'type' | 'userId' | 'createdAt'>) => ({
  _id: m.id,
  text: m.text,
  type: m.type,
  user: m.userId,
  createdAt: m.createdAt,
});
