import { roleMay } from '@vault/contract/schemas/admin-auth';
import { Button } from '@vault/ui/button';
import { LogoMark } from '@vault/ui/logo';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMe, useSession } from '../lib/session';
import { NAV } from './navigation';

/**
 * The shell of every signed-in screen: the header (who is signed in, in which role, Sign out), the menu of
 * the screens the role may open (beside the page from 1024 px, a row under the header below that), and the
 * page. Landmarks: banner, navigation, main; a skip link to the page first.
 */
export function AdminLayout() {
  const { data: me } = useMe();
  const { signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
  const entries = me ? NAV.filter((entry) => roleMay(me.role, entry.permission)) : [];

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[13rem_1fr] lg:grid-rows-[auto_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-3 py-2 text-sm font-semibold text-ink focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className="bg-navy-900 text-on-dark lg:col-span-2">
        <div className="flex items-center gap-3 px-4 py-2.5 sm:px-6">
          <LogoMark className="size-7 shrink-0" />
          <p className="flex min-w-0 items-baseline gap-2">
            <span className="text-lg font-bold tracking-tight">Vault</span>
            <span className="hidden text-sm text-on-dark-muted sm:inline">Back office</span>
          </p>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            {me ? (
              <p className="min-w-0 text-right text-xs leading-tight sm:text-sm">
                <span className="block truncate font-medium" title={me.email} data-testid="admin-email">
                  {me.email}
                </span>
                <span className="block text-on-dark-subtle">
                  <span className="sr-only">Role: </span>
                  <span className="capitalize">{me.role}</span>
                </span>
              </p>
            ) : null}
            <Button
              variant="onDark"
              size="sm"
              className="shrink-0 whitespace-nowrap"
              busy={leaving}
              onClick={() => {
                setLeaving(true);
                void signOut();
              }}
            >
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <nav
        aria-label="Back office"
        className="border-b border-line bg-surface lg:border-r lg:border-b-0 lg:bg-canvas lg:py-4"
      >
        <ul className="flex gap-1 overflow-x-auto px-3 py-2 sm:px-5 lg:flex-col lg:overflow-visible lg:px-3 lg:py-0">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-navy-900 text-on-dark' : 'text-ink-muted hover:bg-sunken hover:text-ink'
                  }`
                }
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-5 sm:px-6 lg:px-8 lg:py-6">
        <Outlet />
      </main>
    </div>
  );
}
