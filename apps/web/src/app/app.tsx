import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MS } from '@vault/contract/constants';
import { ErrorBoundary } from '@vault/ui/error-boundary';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthModalsProvider } from '../features/auth/auth-modals';
import { queryClient } from '../lib/query-client';
import { SessionProvider, useSession } from '../lib/session';
import { Toasts } from '../lib/toast';
import { AppRoutes } from './app-routes';
import { CookiesAlert } from './cookies-alert';
import { MaintenanceGate } from './maintenance-gate';
import { ScrollToTop } from './scroll-to-top';
import { SettingsLoader } from './settings-loader';
import { SplashScreen } from './splash-screen';

/** Providers and app-wide pieces; the screens live in features/ and are assembled in app-routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SplashScreen />
        <CookiesAlert />
        <MaintenanceGate>
          <SessionProvider>
            <AuthModalsProvider>
              <ScrollToTop />
              <SettingsLoader />
              <MemberRealtime />
              <AppRoutes />
            </AuthModalsProvider>
          </SessionProvider>
        </MaintenanceGate>
      </BrowserRouter>
      {/* At the top centre, just under the member header: at the bottom, toasts covered the Send and Save
          buttons of forms and modals (on phones across the whole width); over the header they would cover
          the bell and the name, and a pointer resting on a toast keeps it open. */}
      <Toasts
        duration={TOAST_MS}
        richColors
        closeButton
        position="top-center"
        offset={{ top: 80 }}
        mobileOffset={{ top: 112, left: 12, right: 12 }}
      />
    </QueryClientProvider>
  );
}

const RealtimeBridge = lazy(() => import('./realtime-bridge').then((m) => ({ default: m.RealtimeBridge })));

/** Live updates are for members: socket.io is downloaded once there is a session, never for visitors. */
function MemberRealtime() {
  const { token } = useSession();
  if (!token) return null;
  return (
    // Without its code (offline) the app still works; pages show what they fetched.
    <ErrorBoundary resetKey={token} fallback={null}>
      <Suspense fallback={null}>
        <RealtimeBridge />
      </Suspense>
    </ErrorBoundary>
  );
}
