import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SettingsPage } from '../features/account/settings-page';
import { AuthRoute } from '../features/auth/auth-route';
import { ChangePasswordPage } from '../features/auth/change-password-page';
import { VerifiedNotice } from '../features/auth/verified-notice';
import { MembershipApplicationPage } from '../features/membership/membership-page';
import { AboutPage } from '../features/site/about-page';
import { ContactPage } from '../features/site/contact-page';
import { FaqPage } from '../features/site/faq-page';
import { HomePage } from '../features/site/home-page';
import { LaterPage, VaultNotActivatedPage } from './later-pages';
import { MemberLayout } from './member-layout';
import { PublicLayout } from './public-layout';
import { RequireMember } from './require-member';
import { RequireMembership } from './require-membership';

/*
 * The wallet screens (and recharts with them) are downloaded when a member first opens one, so the public
 * site never loads them; the member layout shows a spinner meanwhile (Suspense) and its error boundary
 * offers a reload if the download fails.
 */
const DashboardPage = lazy(() =>
  import('../features/wallet/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const VaultGraphPage = lazy(() =>
  import('../features/wallet/vault-graph-page').then((m) => ({ default: m.VaultGraphPage })),
);
const SendPage = lazy(() => import('../features/wallet/send-page').then((m) => ({ default: m.SendPage })));
const QTokensPage = lazy(() => import('../features/wallet/q-tokens-page').then((m) => ({ default: m.QTokensPage })));
const TokenHistoryPage = lazy(() =>
  import('../features/wallet/token-history-page').then((m) => ({ default: m.TokenHistoryPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route
          path="/"
          element={
            <>
              <VerifiedNotice />
              <HomePage />
            </>
          }
        />
        <Route path="/about-us" element={<AboutPage />} />
        <Route path="/contact-us" element={<ContactPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route
          path="/sign-in"
          element={
            <AuthRoute modal="signIn">
              <HomePage />
            </AuthRoute>
          }
        />
        <Route
          path="/sign-up"
          element={
            <AuthRoute modal="signUp">
              <HomePage />
            </AuthRoute>
          }
        />
      </Route>

      <Route element={<RequireMember />}>
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route element={<MemberLayout />}>
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/profile" element={<MembershipApplicationPage />} />
          <Route path="/error" element={<VaultNotActivatedPage />} />
          {/* Screens that need membership data (spec 1 §6). */}
          <Route element={<RequireMembership />}>
            <Route path="/cryptocurrency" element={<DashboardPage />} />
            <Route path="/vault-graph" element={<VaultGraphPage />} />
            {/* Where wallet actions lead (spec 2 §2); these screens come with later features. */}
            <Route path="/withdrawal" element={<LaterPage section="withdrawal" />} />
            <Route path="/withdrawal-directwire" element={<LaterPage section="withdrawalDirectWire" />} />
            <Route path="/DepositAddress" element={<LaterPage section="depositAddress" />} />
            <Route path="/liquidity-tokens" element={<LaterPage section="liquidityTokens" />} />
            <Route path="/cqr-asset-tokens" element={<LaterPage section="assetTokens" />} />
            <Route path="/crypto-swap" element={<LaterPage section="cryptoSwap" />} />
            <Route path="/assets-swap" element={<LaterPage section="assetsSwap" />} />
            <Route path="/legacy-swap" element={<LaterPage section="legacySwap" />} />
            <Route path="/silent-wave" element={<LaterPage section="silentWave" />} />
            <Route path="/marketplace" element={<LaterPage section="marketplace" />} />
            <Route path="/inbox" element={<LaterPage section="inbox" />} />
            <Route path="/remittance" element={<LaterPage section="remittance" />} />
            <Route path="/subscription" element={<LaterPage section="subscription" />} />
            <Route path="/chat" element={<LaterPage section="chat" />} />
            <Route path="/Send" element={<SendPage />} />
            <Route path="/Q-tokens" element={<QTokensPage />} />
            <Route path="/token-history" element={<TokenHistoryPage />} />
          </Route>
        </Route>
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
