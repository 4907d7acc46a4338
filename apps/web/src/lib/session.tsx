import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@vault/contract/constants';
import { fillMessage, messages } from '@vault/contract/messages';
import type { LoginResponse, UserInfoResponse } from '@vault/contract/schemas/user';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, getToken, setToken, setUnauthorizedHandler } from './api';
import { watchIdle } from './idle-logout';
import { queryKeys } from './query-client';
import { toast } from './toast';

type Session = {
  /** The stored auth token: its presence marks a member (spec 1 §6). */
  token: string | null;
  info: UserInfoResponse | undefined;
  /** True while a stored token waits for its first user/info answer. */
  loading: boolean;
  signIn: (res: LoginResponse) => void;
  /** Clears every store and goes to / (spec 1 §4), without calling the server. */
  clear: () => void;
  /** Calls the logout endpoint, then clears. */
  logout: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

function wipeStorage() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage may be blocked; there is nothing to clear then.
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setTokenState] = useState<string | null>(getToken);

  const clear = useCallback(() => {
    wipeStorage();
    queryClient.clear();
    setTokenState(null);
    navigate('/', { replace: true });
  }, [queryClient, navigate]);

  useEffect(() => {
    setUnauthorizedHandler(clear);
  }, [clear]);

  const infoQuery = useQuery({
    queryKey: queryKeys.userInfo,
    queryFn: () => api<UserInfoResponse>('user/info'),
    enabled: token !== null,
  });

  // A failed user/info (after its retries) logs the member out (spec 1 §7).
  useEffect(() => {
    if (token && infoQuery.isError) clear();
  }, [token, infoQuery.isError, clear]);

  // A member suspended while away is told so and signed out (spec 1 §4 "Blocked account").
  const blocked = infoQuery.data?.user.isBlocked === true;
  useEffect(() => {
    if (token && blocked) {
      toast.error(messages.accountBlocked);
      clear();
    }
  }, [token, blocked, clear]);

  const signIn = useCallback(
    (res: LoginResponse) => {
      setToken(res.accessToken);
      queryClient.setQueryData(queryKeys.userInfo, { user: res.user, gpaData: res.gpaData });
      setTokenState(res.accessToken);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api('user/logout/v2', { body: {} });
    } catch {
      // The session ends locally whatever the server answered.
    }
    clear();
  }, [clear]);

  // The server ends a session unused for LIMITS.sessionIdleMinutes, but the notification bell polls every
  // few minutes: a tab nobody touches logs out here, by the same path as the logout button.
  useEffect(() => {
    if (!token) return;
    return watchIdle({
      timeoutMs: LIMITS.sessionIdleMinutes * 60_000,
      onIdle: () => {
        toast.info(fillMessage(messages.idleLoggedOut, { minutes: String(LIMITS.sessionIdleMinutes) }));
        void logout();
      },
    });
  }, [token, logout]);

  const value = useMemo<Session>(
    () => ({
      token,
      info: token ? infoQuery.data : undefined,
      loading: token !== null && infoQuery.data === undefined,
      signIn,
      clear,
      logout,
    }),
    [token, infoQuery.data, signIn, clear, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
