import { ErrorCode } from '@vault/contract/errors';
import { io, type Socket } from 'socket.io-client';

export type { MemberEvent } from '@vault/contract/realtime';

/** A socket that authenticates at the handshake; socket.io reconnects on its own after errors. */
export const connectSocket = (token: string): Socket => io({ path: '/socket.io', auth: { token } });

/** The handshake was refused because the session is gone: reconnecting cannot help. */
export const isAuthRefusal = (error: Error & { data?: { code?: string } }) =>
  error.data?.code === ErrorCode.UNAUTHORIZED || /unauthori[sz]ed|invalid token|revoked/i.test(error.message);
