import { Spinner } from '@vault/ui/button';
import { Navigate, Outlet } from 'react-router';
import { ImportedChangePasswordPage } from '../features/auth/change-password-page';
import { useSession } from '../lib/session';

/** Member routes need a stored token (spec 2 §2); imported members see only the password change (spec 1 §6). */
export function RequireMember() {
  const { token, info } = useSession();
  if (!token) return <Navigate to="/" replace />;
  if (!info) {
    return (
      <div role="status" className="grid min-h-dvh place-items-center text-accent-text">
        <Spinner className="size-8" />
        <span className="sr-only">Loading your account</span>
      </div>
    );
  }
  if (info.user.isImported) return <ImportedChangePasswordPage />;
  return <Outlet />;
}
