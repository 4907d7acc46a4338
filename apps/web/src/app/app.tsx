import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MS } from '@vault/contract/constants';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AuthModalsProvider } from '../features/auth/auth-modals';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './app-routes';
import { CookiesAlert } from './cookies-alert';
import { MaintenanceGate } from './maintenance-gate';
import { RealtimeBridge } from './realtime-bridge';
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
              <RealtimeBridge />
              <AppRoutes />
            </AuthModalsProvider>
          </SessionProvider>
        </MaintenanceGate>
      </BrowserRouter>
      <Toaster duration={TOAST_MS} richColors closeButton position="bottom-right" />
    </QueryClientProvider>
  );
}
