import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../features/site/site-footer';
import { SiteHeader } from '../features/site/site-header';
import { useSession } from '../lib/session';
import { ScreenBoundary, ScreenLoading } from './screen-boundary';

/** Public pages share the site header and footer. */
export function PublicLayout() {
  // Subscribing to the session re-renders the header when a member signs in or out (Login ↔ Dashboard).
  useSession();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <div className="flex-1">
        {/* The pages other than home download on first visit. */}
        <ScreenBoundary
          locationKey={location.key}
          home={{ to: '/', label: 'Back to the home page' }}
          loading={<ScreenLoading fill />}
        >
          <Outlet />
        </ScreenBoundary>
      </div>
      <SiteFooter />
    </div>
  );
}
