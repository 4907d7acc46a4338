import { Logo } from '@vault/ui/logo';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ProfilePictureButton } from '../features/account/profile-picture-button';
import { LogoutModal } from '../features/auth/logout-modal';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useSession } from '../lib/session';
import { MobileDrawer } from './mobile-drawer';
import { ScreenBoundary, ScreenLoading } from './screen-boundary';
import { SideMenu } from './side-menu';

/** The signed-in shell: side menu (a drawer on phones), header with bell, picture, name and welcome line. */
export function MemberLayout() {
  const { info } = useSession();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  if (!info) return null;
  const { user } = info;
  const askLogout = () => setLogoutOpen(true);

  return (
    <div className="min-h-dvh bg-canvas lg:pl-64">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-8 overflow-y-auto bg-navy-900 px-4 py-5 lg:flex">
        <Logo to="/cryptocurrency" />
        <SideMenu onLogout={askLogout} />
      </aside>

      <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:gap-x-3 lg:px-8 lg:py-3">
          <MobileDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} onLogout={askLogout} />
          <div className="lg:hidden">
            <Logo to="/cryptocurrency" tone="dark" />
          </div>
          {/* The welcome line with name and e-mail: under the bar on phones, the name and the e-mail each on a
              line of its own there; the left of the bar on desktop. What does not fit is cut with an ellipsis
              and shown whole on hover (title). */}
          <p className="order-last flex w-full min-w-0 flex-col pb-1 text-sm leading-5 text-ink-muted sm:flex-row sm:gap-1 lg:order-none lg:w-auto lg:flex-1 lg:pb-0">
            <span className="min-w-0 truncate sm:shrink-0 sm:max-w-[60%]" title={user.name}>
              Welcome, <span className="font-semibold text-ink">{user.name}</span>
            </span>
            <span className="min-w-0 truncate text-ink-subtle" title={user.email}>
              <span className="hidden sm:inline">(</span>
              {user.email}
              <span className="hidden sm:inline">)</span>
            </span>
          </p>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <NotificationBell />
            <ProfilePictureButton user={user} />
            <button
              type="button"
              onClick={askLogout}
              title={`Log out ${user.name}`}
              aria-haspopup="dialog"
              className="max-w-28 truncate rounded-lg px-2 py-2 text-sm font-semibold text-ink hover:bg-sunken sm:max-w-48"
            >
              {user.name}
            </button>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-8">
        {/* Screens downloaded on first use: the wallet screens. */}
        <ScreenBoundary
          locationKey={location.key}
          home={{ to: '/cryptocurrency', label: 'Back to Dashboard' }}
          loading={<ScreenLoading />}
        >
          <Outlet />
        </ScreenBoundary>
      </main>
      <LogoutModal open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
