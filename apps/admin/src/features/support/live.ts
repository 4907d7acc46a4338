import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import {
  ADMIN_SOCKET_NAMESPACE,
  SUPPORT_ROOM_ASSIGNED,
  SUPPORT_ROOM_UPDATE,
  type SupportRoomUpdate,
} from '@vault/contract/realtime';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { meKey, useSession } from '../../lib/session';
import { supportKeys } from './queries';

/** The desk's connection: connecting, live, or lost (socket.io tries again on its own meanwhile). */
export type LiveState = 'connecting' | 'live' | 'lost';

/**
 * Keeps the support desk live while it is open: the back office's socket (namespace /admin, the session's
 * token at the handshake) tells of every message in a member's support room, and of a room an administrator
 * took, and the inbox and that conversation are asked again. After a reconnect everything is asked again, so nothing written meanwhile is
 * missed. A refusal means the session is over: asking who is signed in then meets the 401 that signs out.
 * `onUpdate` hears each update (the page announces a member's message).
 */
export function useSupportLive(onUpdate?: (update: SupportRoomUpdate) => void): LiveState {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const heard = useRef(onUpdate);
  useEffect(() => {
    heard.current = onUpdate;
  });

  useEffect(() => {
    if (!token) return;
    const socket = io(ADMIN_SOCKET_NAMESPACE, { path: '/socket.io', auth: { token } });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number) => {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), ms);
    };
    socket.on('connect', () => {
      setState('live');
      // Whatever was written before this (re)connection could be told: the desk reads everything again.
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    });
    socket.on('disconnect', (reason) => {
      setState('lost');
      // The server closed it (the administrator was disabled): find out, and try again if still signed in.
      if (reason === 'io server disconnect') {
        void queryClient.invalidateQueries({ queryKey: meKey });
        later(5_000);
      }
    });
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      setState('lost');
      // A refused handshake is not retried by socket.io: the session is checked, and the desk tries again later.
      if (error.data?.code === ErrorCode.UNAUTHORIZED || error.data?.code === ErrorCode.FORBIDDEN) {
        void queryClient.invalidateQueries({ queryKey: meKey });
        later(15_000);
      }
    });
    socket.on(SUPPORT_ROOM_UPDATE, (update: SupportRoomUpdate) => {
      void queryClient.invalidateQueries({ queryKey: ['support', 'rooms'] });
      void queryClient.invalidateQueries({ queryKey: supportKeys.messages(update.chatRoom) });
      heard.current?.(update);
    });
    // Another administrator took a room: unassigned / mine / all change for every desk.
    socket.on(SUPPORT_ROOM_ASSIGNED, () => {
      void queryClient.invalidateQueries({ queryKey: ['support', 'rooms'] });
    });
    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, queryClient]);

  return state;
}
