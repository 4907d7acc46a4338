import { Navigate, Route, Routes } from 'react-router';
import { SettingsPage } from '../features/account/settings-page';
import { AuthRoute } from '../features/auth/auth-route';
import { ChangePasswordPage } from '../features/auth/change-password-page';
import { VerifiedNotice } from '../features/auth/verified-notice';
import { AccountOverviewPage } from '../features/dashboard/account-overview-page';
import { MembershipApplicationPage } from '../features/membership/membership-page';
import { AboutPage } from '../features/site/about-page';
import { ContactPage } from '../features/site/contact-page';
import { FaqPage } from '../features/site/faq-page';
import { HomePage } from '../features/site/home-page';
import { QTokensPage } from '../features/wallet/q-tokens-page';
import { SendPage } from '../features/wallet/send-page';
import { TokenHistoryPage } from '../features/wallet/token-history-page';
import { LaterPage, VaultNotActivatedPage } from './later-pages';
import { MemberLayout } from './member-layout';
import { PublicLayout } from './public-layout';
import { RequireMember } from './require-member';
import { RequireMembership } from './require-membership';

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
            <Route path="/cryptocurrency" element={<AccountOverviewPage />} />
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
