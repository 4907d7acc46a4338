import { Spinner } from '@vault/ui/button';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../features/site/site-footer';
import { SiteHeader } from '../features/site/site-header';
import { useSession } from '../lib/session';
import { ScreenBoundary } from './screen-boundary';

/** Public pages share the site header and footer. */
export function PublicLayout() {
  // Subscribing to the session re-renders the header when a member signs in or out (Login ↔ Dashboard).
  useSession();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <div className="flex-1">
        <ScreenBoundary locationKey={location.key} home={{ to: '/', label: 'Back to the home page' }}>
          {/* The pages other than home download on first visit; meanwhile a screen-high spinner keeps the
              footer out of view, so nothing seen moves when the page arrives. */}
          <Suspense
            fallback={
              <p role="status" className="flex min-h-dvh items-center justify-center gap-2 text-sm text-ink-muted">
                <Spinner /> Loading…
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </ScreenBoundary>
      </div>
      <SiteFooter />
    </div>
  );
}
