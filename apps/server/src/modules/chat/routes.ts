import {
  chatBlockParams,
  chatMessageBody,
  chatMessageResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatRoomCreateBody,
  chatRoomListQuery,
  chatRoomParams,
  chatRoomResponse,
  chatRoomsResponse,
  userSearchQuery,
  userSearchResponse,
} from '@vault/contract/schemas/chat';
import { messageResponse } from '@vault/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../http/auth.ts';
import { perMinute, responses } from '../../http/schema.ts';
import type { ChatService } from './service.ts';

/** Searches a member may run in a minute: typing with the spec's 2 s debounce makes a few; probing makes many. */
const SEARCHES_PER_MEMBER_PER_MINUTE = 60;

/**
 * The members' chat (spec 2 §7 Chat calls, issue 15): /inbox and /chat sit behind the membership data gate
 * (spec 2 §5 Gate: 403 'Please fill your GPA data first'), like the screens. Another member's room is 404
 * everywhere. Messages are written through the socket's `add-message` (realtime/chat-socket.ts) or, with the
 * same checks, `POST chat/room/messages`.
 */
export function chatRoutes(app: FastifyInstance, chat: ChatService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const config = { auth: 'member' as const, membership: true };
  const searchRate = app.rateLimit({
    ...perMinute(SEARCHES_PER_MEMBER_PER_MINUTE),
    keyGenerator: (req) => `user-search:${caller(req).user.id}`,
  });

  r.post(
    '/api/chat/room/create',
    {
      config,
      schema: {
        tags,
        summary: 'The room with another member, created once per pair (also when both start it at once)',
        body: chatRoomCreateBody,
        response: responses({ 200: chatRoomResponse }),
      },
    },
    (req) => chat.createRoom(caller(req).user, req.body.otherUserId),
  );

  r.get(
    '/api/chat/room',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s rooms, newest activity first, with members, last message and unread count',
        querystring: chatRoomListQuery,
        response: responses({ 200: chatRoomsResponse }),
      },
    },
    (req) => chat.rooms(caller(req).user, req.query),
  );

  r.get(
    '/api/chat/room/messages',
    {
      config,
      schema: {
        tags,
        summary:
          'A page of a room’s messages in the order written (page 1: the newest; `before`: the page before that ' +
          'message); reading the newest page marks the room read',
        querystring: chatMessagesQuery,
        response: responses({ 200: chatMessagesResponse }),
      },
    },
    (req) => chat.messages(caller(req).user, req.query),
  );

  r.post(
    '/api/chat/room/messages',
    {
      config,
      schema: {
        tags,
        summary:
          'Write a message (the socket’s add-message, over HTTP): text (at most 2000 characters) or an attachment ' +
          '(`image`: a chat upload’s URL); 20 messages per 10 seconds',
        body: chatMessageBody,
        response: responses({ 200: chatMessageResponse }),
      },
    },
    (req) => chat.send(caller(req).user, req.body),
  );

  r.post(
    '/api/chat/room/:roomId/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of the member’s rooms read (its unread count drops to 0)',
        params: chatRoomParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => chat.markRead(caller(req).user, req.params.roomId),
  );

  r.get(
    '/api/chat/user-delete/:roomId',
    {
      config,
      schema: {
        tags,
        summary: 'Hide a room for the caller only (deletedBy); it comes back when a new message arrives',
        params: chatRoomParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => chat.hide(caller(req).user, req.params.roomId),
  );

  r.post(
    '/api/chat/support',
    {
      config,
      schema: {
        tags,
        summary: 'The member’s conversation with support (/chat), created on first use',
        response: responses({ 200: chatRoomResponse }),
      },
    },
    (req) => chat.supportRoom(caller(req).user),
  );

  r.post(
    '/api/chat/block/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Block a member: their room turns read-only both ways and neither finds the other in the search',
        params: chatBlockParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => chat.block(caller(req).user, req.params.userId),
  );

  r.delete(
    '/api/chat/block/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Lift the caller’s block of a member',
        params: chatBlockParams,
        response: responses({ 200: messageResponse }),
      },
    },
    (req) => chat.unblock(caller(req).user, req.params.userId),
  );

  r.get(
    '/api/user/search',
    {
      config,
      onRequest: searchRate,
      schema: {
        tags,
        summary:
          'Members who may be contacted whose name or e-mail contains the keyword: only id, name and picture ' +
          '(never an e-mail, an administrator, a blocked member or the caller)',
        querystring: userSearchQuery,
        response: responses({ 200: userSearchResponse }),
      },
    },
    (req) => chat.search(caller(req).user, req.query),
  );
}
