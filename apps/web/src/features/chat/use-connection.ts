import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * Whether the chat can talk to the server: the browser is online and the socket, once connected, has not
 * dropped. A socket still making its first connection counts as online, so the warning does not flash on
 * every visit; socket.io keeps reconnecting by itself meanwhile (spec 2 §8).
 */
export function useConnection(socket: Socket | null): boolean {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);
  const [socketDown, setSocketDown] = useState(false);

  useEffect(() => {
    const up = () => setBrowserOnline(true);
    const down = () => setBrowserOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  useEffect(() => {
    if (!socket) return;
    const up = () => setSocketDown(false);
    const down = () => setSocketDown(true);
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.io.on('reconnect_error', down);
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.io.off('reconnect_error', down);
    };
  }, [socket]);

  return browserOnline && !socketDown;
}
