import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import {
  chatMessageResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatReplyBody,
  chatRoomParams,
  supportMemberResponse,
  supportRoomsQuery,
  supportRoomsResponse,
} from '@vault/contract/schemas/chat';
import { messageResponse } from '@vault/contract/schemas/common';
import { uploadResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { perHour, responses } from '../../http/schema.ts';
import { signedFileUrl } from '../storage/file-urls.ts';
import { readUploadForm } from '../storage/multipart.ts';
import type { StorageService } from '../storage/service.ts';
import type { ChatService } from './service.ts';

/** Attachments a support administrator may upload in an hour. */
const SUPPORT_UPLOADS_PER_HOUR = 60;

/**
 * The support inbox (issue 15 §5): every member's support conversation for administrators with `chat.support`
 * (support and above). A room id that is not a support room is 404. Live updates: the back office's own socket
 * (realtime/admin-socket.ts) tells the desk of each new message; the desk then reads these.
 */
export function chatAdminRoutes(app: FastifyInstance, chat: ChatService, storage: StorageService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { auth: 'admin' as const, permission: 'chat.support' as const };
  const uploadRate = app.rateLimit({
    ...perHour(SUPPORT_UPLOADS_PER_HOUR),
    keyGenerator: (req) => `support-uploads:${caller(req).user.id}`,
  });
  const messagesQuery = chatMessagesQuery.omit({ chatRoom: true });

  r.get(
    '/api/admin/chat/rooms',
    {
      config,
      schema: {
        tags,
        summary: 'Members’ support conversations, newest activity first: unassigned, mine (assigned to me) or all',
        querystring: supportRoomsQuery,
        response: responses({ 200: supportRoomsResponse }),
      },
    },
    (req) => chat.supportRooms(caller(req).user, req.query),
  );

  r.get(
    '/api/admin/chat/rooms/:roomId/messages',
    {
      config,
      schema: {
        tags,
        summary: 'A page of a support conversation in the order written (page 1: the newest)',
        params: chatRoomParams,
        querystring: messagesQuery,
        response: responses({ 200: chatMessagesResponse }),
      },
    },
    (req) => chat.supportMessages(caller(req).user, req.params.roomId, req.query),
  );

  r.post(
    '/api/admin/chat/rooms/:roomId/messages',
    {
      config,
      schema: {
        tags,
        summary: 'Answer a member: text or an attachment (`image`: a URL from admin/chat/upload)',
        params: chatRoomParams,
        body: chatReplyBody,
        response: responses({ 200: chatMessageResponse }),
      },
    },
    (req) => chat.reply(caller(req).user, req.params.roomId, req.body),
  );

  r.post(
    '/api/admin/chat/rooms/:roomId/assign',
    {
      config,
      schema: {
        tags,
        summary: 'Take the conversation (it shows under "mine")',
        params: chatRoomParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => chat.assign(caller(req).user, req.params.roomId),
  );

  r.get(
    '/api/admin/chat/rooms/:roomId/member',
    {
      config,
      schema: {
        tags,
        summary: 'The member of a support conversation: name, e-mail, picture, type and account state',
        params: chatRoomParams,
        response: responses({ 200: supportMemberResponse }),
      },
    },
    (req) => chat.supportMember(req.params.roomId),
  );

  r.post(
    '/api/admin/chat/upload',
    {
      config,
      onRequest: uploadRate,
      schema: {
        tags,
        summary: 'multipart/form-data: file (jpeg, png, pdf, docx, pptx or xlsx, 5 MB at most): a reply’s attachment',
        response: responses({ 200: uploadResponse }),
      },
    },
    async (req) => {
      const form = await readUploadForm(req, { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 });
      if (!form.file) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const { id } = caller(req).user;
      const stored = await storage.store(id, 'chat', form.file);
      return { message: 'File uploaded successfully', url: signedFileUrl(stored, id) };
    },
  );
}
