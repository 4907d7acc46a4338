import { useQuery } from '@tanstack/react-query';
import { type AdminMe, adminMe, type Permission, roleMay } from '@vault/contract/schemas/admin-auth';
import { z } from '@vault/contract/zod';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, getToken, setToken, setUnauthorizedHandler } from './api';
import { queryClient } from './query-client';

type Session = {
  token: string | null;
  /** The last session ended by the server (a 401): the sign-in page says so. */
  expired: boolean;
  /** Keeps a new session (sign-in, enrolment) for this tab; `admin` fills the header at once. */
  signIn: (token: string, admin?: AdminMe) => void;
  /** Ends the session on the server and here, and shows the sign-in page. */
  signOut: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export const meKey = ['admin-me'] as const;

/**
 * The administrator's session: the token (sessionStorage), and what ends it: sign out, or any call answered
 * 401 (idle or expired session, revoked by an owner), which clears every cached answer and shows /login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState(getToken);
  const [expired, setExpired] = useState(false);
  const navigate = useNavigate();

  const forget = useCallback(() => {
    setToken(null);
    setTokenState(null);
    queryClient.clear();
  }, []);

  // Without a token every screen's guard (RequireAdmin) shows the sign-in page, which comes back after.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      forget();
      setExpired(true);
    });
  }, [forget]);

  const value = useMemo<Session>(
    () => ({
      token,
      expired,
      signIn: (next, admin) => {
        setToken(next);
        setTokenState(next);
        setExpired(false);
        if (admin) queryClient.setQueryData(meKey, admin);
      },
      signOut: async () => {
        // The server ends the session; whatever it answers (offline, already expired), this tab forgets it.
        await api('admin/auth/logout', z.unknown(), { method: 'POST', body: {}, token: getToken() }).catch(() => {});
        forget();
        navigate('/login', { replace: true });
      },
    }),
    [token, expired, forget, navigate],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in administrator (GET /api/admin/auth/me): e-mail, role and what the role may do. */
export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: meKey,
    queryFn: () => api('admin/auth/me', adminMe),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** Whether the signed-in administrator's role may do this (contract PERMISSIONS; deny while unknown). */
export function useMay(permission: Permission): boolean {
  const { data } = useMe();
  return data ? roleMay(data.role, permission) : false;
}
