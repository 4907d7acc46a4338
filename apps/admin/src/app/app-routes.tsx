import { roleMay } from '@vault/contract/schemas/admin-auth';
import { ErrorBoundary } from '@vault/ui/error-boundary';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useMe } from '../lib/session';
import { AdminLayout } from './admin-layout';
import { NAV } from './navigation';
import { RequireAdmin, RequirePermission } from './require-admin';
import { ScreenFailed, ScreenLoading } from './screen-states';

// Each screen is its own chunk: signing in does not download the members' screens, and the enrolment's QR
// code library comes only with the enrolment page.
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const EnrolPage = lazy(() => import('../features/auth/enrol-page').then((m) => ({ default: m.EnrolPage })));
const MembersPage = lazy(() => import('../features/members/members-page').then((m) => ({ default: m.MembersPage })));
const MemberDetailPage = lazy(() =>
  import('../features/members/member-detail-page').then((m) => ({ default: m.MemberDetailPage })),
);

function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<ScreenFailed />}>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Screen>
            <LoginPage />
          </Screen>
        }
      />
      <Route
        path="/enrol"
        element={
          <Screen>
            <EnrolPage />
          </Screen>
        }
      />
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<Landing />} />
        <Route
          path="/members"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <MembersPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/members/:id"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <MemberDetailPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** /admin itself: the first screen of the menu this administrator may open. */
function Landing() {
  const { data: me } = useMe();
  const first = me && NAV.find((entry) => roleMay(me.role, entry.permission));
  if (!first) return <p className="text-sm text-ink-muted">Your role has no screen of the back office yet.</p>;
  return <Navigate to={first.to} replace />;
}

function NotFound() {
  return (
    <section aria-labelledby="not-found-title" className="space-y-2">
      <h1 id="not-found-title" className="text-2xl font-semibold text-ink">
        Page not found
      </h1>
      <p className="text-sm text-ink-muted">There is no back-office screen at this address. Use the menu.</p>
    </section>
  );
}
