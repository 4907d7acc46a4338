import type { Permission } from '@vault/contract/schemas/admin-auth';
import { LoadError } from '@vault/ui/load-error';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMay, useMe, useSession } from '../lib/session';
import { ScreenLoading } from './screen-states';

/** The back office's screens need a session: without one, the sign-in page, which comes back here after. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

/**
 * A screen for the roles that may open it (contract PERMISSIONS). The server refuses the calls anyway (403):
 * this only spares the administrator a screen of errors.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useMe();
  const may = useMay(permission);
  if (me.isPending) return <ScreenLoading />;
  if (me.isError) return <LoadError query={me} title="Your administrator account could not be loaded" />;
  if (!may)
    return (
      <section aria-labelledby="denied-title" className="space-y-2">
        <h1 id="denied-title" className="text-2xl font-semibold text-ink">
          Not available to your role
        </h1>
        <p className="text-sm text-ink-muted">
          The {me.data.role} role may not open this screen. An owner can change your role.
        </p>
      </section>
    );
  return children;
}
