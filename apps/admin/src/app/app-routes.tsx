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
const OverviewPage = lazy(() =>
  import('../features/overview/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const OutboxPage = lazy(() => import('../features/outbox/outbox-page').then((m) => ({ default: m.OutboxPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const ApprovalsPage = lazy(() =>
  import('../features/approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
);
const LedgerPage = lazy(() => import('../features/ledger/ledger-page').then((m) => ({ default: m.LedgerPage })));
const WiresPage = lazy(() => import('../features/wires/wires-page').then((m) => ({ default: m.WiresPage })));
const RedemptionsPage = lazy(() =>
  import('../features/redemptions/redemptions-page').then((m) => ({ default: m.RedemptionsPage })),
);
const PurchasesPage = lazy(() =>
  import('../features/purchases/purchases-page').then((m) => ({ default: m.PurchasesPage })),
);

const PlansPage = lazy(() => import('../features/plans/plans-page').then((m) => ({ default: m.PlansPage })));

// Issue 17 item 7: opportunity pools, acquire requests and marketplace ads.
const PoolsPage = lazy(() => import('../features/opportunities/pools-page').then((m) => ({ default: m.PoolsPage })));
const AcquireRequestsPage = lazy(() =>
  import('../features/opportunities/requests-page').then((m) => ({ default: m.AcquireRequestsPage })),
);
const MarketplaceAdsPage = lazy(() =>
  import('../features/marketplace/ads-page').then((m) => ({ default: m.MarketplaceAdsPage })),
);

const SupportPage = lazy(() => import('../features/support/support-page').then((m) => ({ default: m.SupportPage })));

const CataloguePage = lazy(() =>
  import('../features/catalogue/catalogue-page').then((m) => ({ default: m.CataloguePage })),
);

const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const AdministratorsPage = lazy(() =>
  import('../features/administrators/administrators-page').then((m) => ({ default: m.AdministratorsPage })),
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
        <Route
          path="/support"
          element={
            <RequirePermission permission="chat.support">
              <Screen>
                <SupportPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/overview"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <OverviewPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/notifications"
          element={
            <RequirePermission permission="notifications.send">
              <Screen>
                <NotificationsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/outbox"
          element={
            <RequirePermission permission="outbox.read">
              <Screen>
                <OutboxPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/audit"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <AuditPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/catalogue"
          element={
            <RequirePermission permission="ledger.read">
              <Screen>
                <CataloguePage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/approvals"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <ApprovalsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/wires"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <WiresPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/redemptions"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <RedemptionsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/purchases"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <PurchasesPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/plans"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <PlansPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/opportunities"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <PoolsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/acquire-requests"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <AcquireRequestsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/marketplace"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <MarketplaceAdsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/ledger"
          element={
            <RequirePermission permission="ledger.read">
              <Screen>
                <LedgerPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/settings"
          element={
            <RequirePermission permission="members.read">
              <Screen>
                <SettingsPage />
              </Screen>
            </RequirePermission>
          }
        />
        <Route
          path="/administrators"
          element={
            <RequirePermission permission="admins.manage">
              <Screen>
                <AdministratorsPage />
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
