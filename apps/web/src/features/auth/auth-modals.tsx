import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthModal, AuthModalsContext } from './auth-modal-context';
import { ChangePasswordModal } from './change-password-modal';
import { ForgotPasswordModal } from './forgot-password-modal';
import { OpenAccountModal } from './open-account-modal';
import { SignInModal } from './sign-in-modal';
import { SignUpModal } from './sign-up-modal';

const AUTH_PATHS = new Set(['/sign-in', '/sign-up']);

/** Holds which account-access modal is open; one at a time, reachable from any page. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthModal | null>(null);
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const open = useCallback((modal: AuthModal, carriedEmail?: string) => {
    if (carriedEmail !== undefined) setEmail(carriedEmail);
    setCurrent(modal);
  }, []);

  const close = useCallback(
    (to?: string) => {
      setCurrent(null);
      if (to) navigate(to);
      else if (AUTH_PATHS.has(pathname)) navigate('/', { replace: true });
    },
    [navigate, pathname],
  );

  const value = useMemo(() => ({ current, email, open, close }), [current, email, open, close]);
  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      <SignInModal />
      <SignUpModal />
      <ForgotPasswordModal />
      <ChangePasswordModal />
      <OpenAccountModal />
    </AuthModalsContext.Provider>
  );
}
