import { Button, Spinner } from '@vault/ui/button';
import { ErrorBoundary } from '@vault/ui/error-boundary';
import { preloadModal } from '@vault/ui/modal';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthModal, AuthModalsContext } from './auth-modal-context';

/*
 * Each modal (its form, react-hook-form, the contract's zod schemas) is downloaded the first time it opens,
 * not with the public pages (issue 9: the home page's first load); once opened it stays mounted as before.
 */
const modalComponents: Record<AuthModal, ComponentType> = {
  signIn: lazy(() => import('./sign-in-modal').then((m) => ({ default: m.SignInModal }))),
  signUp: lazy(() => import('./sign-up-modal').then((m) => ({ default: m.SignUpModal }))),
  forgotPassword: lazy(() => import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal }))),
  changePassword: lazy(() => import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal }))),
  openAccount: lazy(() => import('./open-account-modal').then((m) => ({ default: m.OpenAccountModal }))),
};

/** While a modal's code downloads (the first time only): the page dimmed, and a busy status. */
function ModalLoading() {
  return (
    <div role="status" className="fixed inset-0 z-40 grid place-items-center bg-navy-950/60 text-on-dark">
      <Spinner className="size-8" />
      <span className="sr-only">Loading</span>
    </div>
  );
}

const AUTH_PATHS = new Set(['/sign-in', '/sign-up']);
/** The modals of account access itself; the others come after a login and leave /sign-in behind. */
const ACCESS_MODALS = new Set<AuthModal>(['signIn', 'signUp', 'forgotPassword']);

/** A modal whose code could not be downloaded (offline, or a newer build replaced it): a reload fixes both. */
function ModalLoadError({ onClose }: { onClose: () => void }) {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-navy-950/60 p-4">
      <div role="alert" className="max-w-sm rounded-2xl bg-surface p-6 text-ink shadow-2xl">
        <p>This window could not be opened. Check your connection and reload the page.</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </div>
    </div>
  );
}

/** Holds which account-access modal is open; one at a time, reachable from any page. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthModal | null>(null);
  const [mounted, setMounted] = useState<readonly AuthModal[]>([]);
  if (current && !mounted.includes(current)) setMounted([...mounted, current]);
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onAuthPath = AUTH_PATHS.has(pathname);

  const open = useCallback(
    (modal: AuthModal, carriedEmail?: string) => {
      if (carriedEmail !== undefined) setEmail(carriedEmail);
      // The dialog's code alongside the modal's own, not after it (a failure shows when the modal renders).
      preloadModal().catch(() => {});
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
      {mounted.map((name) => {
        const Component = modalComponents[name];
        return (
          <ErrorBoundary
            key={name}
            resetKey={current === name ? 'open' : 'closed'}
            fallback={current === name ? <ModalLoadError onClose={() => close()} /> : null}
          >
            <Suspense fallback={<ModalLoading />}>
              <Component />
            </Suspense>
          </ErrorBoundary>
        );
      })}
    </AuthModalsContext.Provider>
  );
}
