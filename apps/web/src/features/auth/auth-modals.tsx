import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthModal, AuthModalsContext } from './auth-modal-context';
import { ChangePasswordModal } from './change-password-modal';
import { ForgotPasswordModal } from './forgot-password-modal';
import { OpenAccountModal } from './open-account-modal';
import { SignInModal } from './sign-in-modal';
import { SignUpModal } from './sign-up-modal';

const AUTH_PATHS = new Set(['/sign-in', '/sign-up']);
/** The modals of account access itself; the others come after a login and leave /sign-in behind. */
const ACCESS_MODALS = new Set<AuthModal>(['signIn', 'signUp', 'forgotPassword']);

/** Holds which account-access modal is open; one at a time, reachable from any page. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthModal | null>(null);
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onAuthPath = AUTH_PATHS.has(pathname);

  const open = useCallback(
    (modal: AuthModal, carriedEmail?: string) => {
      if (carriedEmail !== undefined) setEmail(carriedEmail);
      setCurrent(modal);
      // A login's next step (Open Account, Change Password) shows over the home page, which the address says.
      if (onAuthPath && !ACCESS_MODALS.has(modal)) navigate('/', { replace: true });
    },
    [navigate, onAuthPath],
  );

  const close = useCallback(
    (to?: string) => {
      setCurrent(null);
      // /sign-in and /sign-up are replaced, so Back does not reopen a finished login.
      if (to) navigate(to, { replace: onAuthPath });
      else if (onAuthPath) navigate('/', { replace: true });
    },
    [navigate, onAuthPath],
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
