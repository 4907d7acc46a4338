import { messages } from '@vault/contract/messages';
import { CHAT_ADD_MESSAGE, type ChatAck, type ChatAddMessage } from '@vault/contract/realtime';
import { type ChatMessage, chatMessageResponse } from '@vault/contract/schemas/chat';
import { uploadResponse } from '@vault/contract/schemas/user';
import type { Socket } from 'socket.io-client';
import { ApiError, api } from '../../lib/api';

/** How long an add-message waits for its acknowledgement before the outcome counts as unknown. */
const ACK_TIMEOUT_MS = 10_000;

/**
 * A send that failed. `stored` says whether the message may have been written all the same: false when the
 * server refused it (read-only, too fast, too long) or nothing left the browser; 'unknown' when the answer was
 * lost (the connection dropped after sending). The message's clientId makes sending it again safe: the server
 * answers the stored message instead of writing a second one.
 */
export class ChatSendError extends Error {
  constructor(
    message: string,
    readonly stored: false | 'unknown',
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Writes a message: over the socket's add-message with its acknowledgement when the socket is connected (the
 * spec's way), else over HTTP (POST chat/room/messages, the same checks). One attempt either way.
 */
export async function sendChatMessage(socket: Socket | null, body: ChatAddMessage): Promise<ChatMessage> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new ChatSendError(messages.chatOffline, false);
  if (socket?.connected) {
    let ack: ChatAck<ChatMessage>;
    try {
      ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(CHAT_ADD_MESSAGE, body);
    } catch {
      throw new ChatSendError(messages.chatOffline, 'unknown');
    }
    if (!ack.ok) throw new ChatSendError(ack.message, false, ack.code);
    return ack.data;
  }
  try {
    return chatMessageResponse.parse(await api('chat/room/messages', { body })).data;
  } catch (error) {
    if (error instanceof ApiError) {
      // Status 0: no answer came. A 5xx may have come after the write; a 4xx is a refusal.
      const stored = error.status === 0 || error.status >= 500 ? 'unknown' : false;
      throw new ChatSendError(error.message, stored, error.body.code);
    }
    throw error;
  }
}

/**
 * POST storage/upload with type=chat: the server reads the bytes and keeps jpeg, png, pdf, docx, pptx and xlsx
 * ('Please select image only' otherwise); the answer is the reference the message carries.
 */
export async function uploadAttachment(file: File): Promise<string> {
  const form = new FormData();
  // The server reads `type` before the file part, so it goes first.
  form.append('type', 'chat');
  form.append('file', file);
  return uploadResponse.parse(await api('storage/upload', { body: form })).url;
}
