import { ErrorCode } from '@vault/contract/errors';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

export type { MemberEvent } from '@vault/contract/realtime';

/** A socket that authenticates at the handshake; socket.io reconnects on its own after errors. */
export const connectSocket = (token: string): Socket => io({ path: '/socket.io', auth: { token } });

/** The handshake was refused because the session is gone: reconnecting cannot help. */
export const isAuthRefusal = (error: Error & { data?: { code?: string } }) =>
  error.data?.code === ErrorCode.UNAUTHORIZED || /unauthori[sz]ed|invalid token|revoked/i.test(error.message);

/*
 * The member's one socket, as the realtime bridge made it, for features that talk over it (the chat sends
 * and follows rooms on it) instead of opening a second connection per screen.
 */
let memberSocket: Socket | null = null;
const socketListeners = new Set<() => void>();

/** The realtime bridge hands over its socket (null when it closes it). */
export function publishMemberSocket(socket: Socket | null) {
  memberSocket = socket;
  for (const listener of socketListeners) listener();
}

const subscribeSocket = (listener: () => void) => {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
};

/** The signed-in member's socket (null before the bridge made it or after sign-out). */
export const useMemberSocket = (): Socket | null =>
  useSyncExternalStore(
    subscribeSocket,
    () => memberSocket,
    () => null,
  );
