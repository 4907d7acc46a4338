import { Spinner } from '@vault/ui/button';
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { AuthRoute } from '../features/auth/auth-route';
import { VerifiedNotice } from '../features/auth/verified-notice';
import { HomePage } from '../features/site/home-page';
import { getToken } from '../lib/api';
import { useSession } from '../lib/session';
import { PublicLayout } from './public-layout';
import { ScreenBoundary } from './screen-boundary';

/*
 * The public site downloads only itself (issue 9): everything behind sign-in is downloaded when a member
 * first opens it. The member area's frame (guards, layout, the small screens) is one download, asked for
 * once for all its parts, and at once when the app starts with a stored session (a member coming back);
 * the bigger screens (settings, membership application, the wallet screens with recharts) follow each on
 * its own. MemberArea shows a spinner while the frame downloads and a reload if it fails; the member
 * layout does the same for its screens (Suspense and its error boundary).
 */
let memberFrame:
  | Promise<
      [
        typeof import('./require-member'),
        typeof import('./member-layout'),
        typeof import('./require-membership'),
        typeof import('./later-pages'),
        typeof import('./not-found-page'),
      ]
    >
  | undefined;
const loadMemberFrame = () => {
  memberFrame ??= Promise.all([
    import('./require-member'),
    import('./member-layout'),
    import('./require-membership'),
    import('./later-pages'),
    import('./not-found-page'),
  ]);
  return memberFrame;
};
if (getToken()) void loadMemberFrame().catch(() => {});

const RequireMember = lazy(() => loadMemberFrame().then(([m]) => ({ default: m.RequireMember })));
const MemberLayout = lazy(() => loadMemberFrame().then(([, m]) => ({ default: m.MemberLayout })));
const RequireMembership = lazy(() => loadMemberFrame().then(([, , m]) => ({ default: m.RequireMembership })));
const VaultNotActivatedPage = lazy(() => loadMemberFrame().then(([, , , m]) => ({ default: m.VaultNotActivatedPage })));
const NotFoundPage = lazy(() => loadMemberFrame().then(([, , , , m]) => ({ default: m.NotFoundPage })));
// The public pages other than the home page, each its own download.
const AboutPage = lazy(() => import('../features/site/about-page').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() => import('../features/site/contact-page').then((m) => ({ default: m.ContactPage })));
const FaqPage = lazy(() => import('../features/site/faq-page').then((m) => ({ default: m.FaqPage })));
const ChangePasswordPage = lazy(() =>
  import('../features/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
const SettingsPage = lazy(() => import('../features/account/settings-page').then((m) => ({ default: m.SettingsPage })));
const MembershipApplicationPage = lazy(() =>
  import('../features/membership/membership-page').then((m) => ({ default: m.MembershipApplicationPage })),
);
const DashboardPage = lazy(() =>
  import('../features/wallet/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const VaultGraphPage = lazy(() =>
  import('../features/wallet/vault-graph-page').then((m) => ({ default: m.VaultGraphPage })),
);
const DepositAddressPage = lazy(() =>
  import('../features/wallet/deposit-address-page').then((m) => ({ default: m.DepositAddressPage })),
);
const SendPage = lazy(() => import('../features/wallet/send-page').then((m) => ({ default: m.SendPage })));
const QTokensPage = lazy(() => import('../features/wallet/q-tokens-page').then((m) => ({ default: m.QTokensPage })));
// The three swap screens share one download (their form and rules).
const CryptoSwapPage = lazy(() => import('../features/swap/swap-pages').then((m) => ({ default: m.CryptoSwapPage })));
const AssetsSwapPage = lazy(() => import('../features/swap/swap-pages').then((m) => ({ default: m.AssetsSwapPage })));
const LegacySwapPage = lazy(() => import('../features/swap/swap-pages').then((m) => ({ default: m.LegacySwapPage })));
const TokenHistoryPage = lazy(() =>
  import('../features/wallet/token-history-page').then((m) => ({ default: m.TokenHistoryPage })),
);
// The purchase flow's screens share one download (the amount form and the settlement dialog).
const LiquidityTokensPage = lazy(() =>
  import('../features/funding/purchase-pages').then((m) => ({ default: m.LiquidityTokensPage })),
);
const AssetTokensPage = lazy(() =>
  import('../features/funding/purchase-pages').then((m) => ({ default: m.AssetTokensPage })),
);
const VaultTokenPage = lazy(() =>
  import('../features/funding/purchase-pages').then((m) => ({ default: m.VaultTokenPage })),
);
const ContributePage = lazy(() =>
  import('../features/funding/purchase-pages').then((m) => ({ default: m.ContributePage })),
);
const DirectWirePage = lazy(() =>
  import('../features/funding/direct-wire-page').then((m) => ({ default: m.DirectWirePage })),
);
const PaymentSelectionPage = lazy(() =>
  import('../features/funding/payment-selection-page').then((m) => ({ default: m.PaymentSelectionPage })),
);
// GoCardless sends the payer back here (public: the payer may come back without a session).
const DirectDebitPage = lazy(() =>
  import('../features/funding/direct-debit-page').then((m) => ({ default: m.DirectDebitPage })),
);
// The online purchases' pages (issue 13): COINQVEST registration and the providers' return pages.
const RegisterQvestPage = lazy(() =>
  import('../features/funding/register-qvest-page').then((m) => ({ default: m.RegisterQvestPage })),
);
const PaypalReturnPage = lazy(() =>
  import('../features/funding/online-return-pages').then((m) => ({ default: m.PaypalReturnPage })),
);
const PaypalCancelPage = lazy(() =>
  import('../features/funding/online-return-pages').then((m) => ({ default: m.PaypalCancelPage })),
);
const CoinqvestReturnPage = lazy(() =>
  import('../features/funding/online-return-pages').then((m) => ({ default: m.CoinqvestReturnPage })),
);
const CoinqvestCancelPage = lazy(() =>
  import('../features/funding/online-return-pages').then((m) => ({ default: m.CoinqvestCancelPage })),
);
const RemittancePage = lazy(() =>
  import('../features/remittance/remittance-page').then((m) => ({ default: m.RemittancePage })),
);
/** The remittance hub's Direct Wire Redeem Address tab (redemption's, issue 14), downloaded when opened. */
const RedeemAddressesPanel = lazy(() =>
  import('../features/redemption/redeem-addresses-panel').then((m) => ({ default: m.RedeemAddressesPanel })),
);
// The two redeem screens share one download (the token and amount fields, the history; issue 14).
const CryptoRedeemPage = lazy(() =>
  import('../features/redemption/redeem-pages').then((m) => ({ default: m.CryptoRedeemPage })),
);
const DirectWireRedeemPage = lazy(() =>
  import('../features/redemption/redeem-pages').then((m) => ({ default: m.DirectWireRedeemPage })),
);
// The two chat screens share one download (the conversation, the composer, the live updates; issue 15).
const InboxPage = lazy(() => import('../features/chat/inbox-page').then((m) => ({ default: m.InboxPage })));
const SupportPage = lazy(() => import('../features/chat/support-page').then((m) => ({ default: m.SupportPage })));
// Subscriptions (issue 16): the plans with the current list, and the payments' history, each its own download.
const SubscriptionPage = lazy(() =>
  import('../features/subscription/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
);
const SubscriptionHistoryPage = lazy(() =>
  import('../features/subscription/subscription-history-page').then((m) => ({ default: m.SubscriptionHistoryPage })),
);

// Opportunity tokens and CQR Vest, the member marketplace (issue 17): the pool screens (opportunities) and
// the ads' screens (marketplace) are two features that do not know each other; the CQR Vest page shows the
// opportunity list above the ads, given to it here (as the remittance hub is given its redeem panel).
const PoolPage = lazy(() => import('../features/opportunities/pool-page').then((m) => ({ default: m.PoolPage })));
const MyAssetsPage = lazy(() =>
  import('../features/opportunities/my-assets-page').then((m) => ({ default: m.MyAssetsPage })),
);
const OpportunityList = lazy(() =>
  import('../features/opportunities/opportunity-list').then((m) => ({ default: m.OpportunityList })),
);
const MarketplacePage = lazy(() =>
  import('../features/marketplace/marketplace-page').then((m) => ({ default: m.MarketplacePage })),
);
const SellListingPage = lazy(() =>
  import('../features/marketplace/sell-listing-page').then((m) => ({ default: m.SellListingPage })),
);
const AdDetailsPage = lazy(() =>
  import('../features/marketplace/ad-details-page').then((m) => ({ default: m.AdDetailsPage })),
);
const OwnAdDetailsPage = lazy(() =>
  import('../features/marketplace/own-ad-details-page').then((m) => ({ default: m.OwnAdDetailsPage })),
);

/**
 * /silent-wave's two modes (spec 2 §2), told by the address so a reload shows the same screen: mode 2, the
 * sell listing (?mode=sell&pool=<id> or &coin=<symbol>), and mode 1, a pool's details (?pool=<id>).
 */
function SilentWave() {
  const [params] = useSearchParams();
  return params.get('mode') === 'sell' ? <SellListingPage /> : <PoolPage />;
}

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
        <Route path="/direct-debit" element={<DirectDebitPage />} />
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

      <Route element={<MemberArea />}>
        <Route element={<MemberLayout />}>
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/profile" element={<MembershipApplicationPage />} />
          <Route path="/error" element={<VaultNotActivatedPage />} />
          {/* Screens that need membership data (spec 1 §6). */}
          <Route element={<RequireMembership />}>
            <Route path="/cryptocurrency" element={<DashboardPage />} />
            <Route path="/vault-graph" element={<VaultGraphPage />} />
            {/* Redeem (spec 2 §2, issue 14): through COINQVEST, or by direct wire (sdira members). */}
            <Route path="/withdrawal" element={<CryptoRedeemPage />} />
            <Route path="/withdrawal-directwire" element={<DirectWireRedeemPage />} />
            <Route path="/DepositAddress" element={<DepositAddressPage />} />
            {/* The purchase flow (spec 2 §2 Funding screens, issue 12). */}
            <Route path="/liquidity-tokens" element={<LiquidityTokensPage />} />
            <Route path="/cqr-liquidity-tokens" element={<LiquidityTokensPage />} />
            <Route path="/cqr-asset-tokens" element={<AssetTokensPage />} />
            <Route path="/vault-token" element={<VaultTokenPage />} />
            <Route path="/contribute" element={<ContributePage />} />
            <Route path="/direct-wire" element={<DirectWirePage />} />
            <Route path="/payment-selection" element={<PaymentSelectionPage />} />
            {/* Online purchases (issue 13): registration, and where the providers' windows come back. */}
            <Route path="/register-qvest" element={<RegisterQvestPage />} />
            <Route path="/paypal/return" element={<PaypalReturnPage />} />
            <Route path="/paypal/cancel" element={<PaypalCancelPage />} />
            <Route path="/coinqvest/return" element={<CoinqvestReturnPage />} />
            <Route path="/coinqvest/cancel" element={<CoinqvestCancelPage />} />
            <Route path="/crypto-swap" element={<CryptoSwapPage />} />
            <Route path="/assets-swap" element={<AssetsSwapPage />} />
            <Route path="/legacy-swap" element={<LegacySwapPage />} />
            {/* Opportunity tokens and CQR Vest, the member marketplace (spec 2 §2, issue 17). */}
            <Route path="/silent-wave" element={<SilentWave />} />
            <Route path="/marketplace" element={<MarketplacePage opportunities={<OpportunityList />} />} />
            <Route path="/marketplace-details" element={<AdDetailsPage />} />
            <Route path="/own-add-details" element={<OwnAdDetailsPage />} />
            <Route path="/my-assets" element={<MyAssetsPage />} />
            {/* The spec's other name of CQR Vest. */}
            <Route path="/cqr-vest" element={<Navigate to="/marketplace" replace />} />
            {/* Chat (spec 2 §2, issue 15): CQR Connect between members, and support. */}
            <Route path="/inbox" element={<InboxPage />} />
            <Route path="/remittance" element={<RemittancePage redeemPanel={<RedeemAddressesPanel />} />} />
            {/* Subscriptions (spec 2 §2, issue 16): plans, current subscriptions, the payments' history. */}
            <Route path="/subscription" element={<SubscriptionPage />} />
            <Route path="/subscription-history" element={<SubscriptionHistoryPage />} />
            <Route path="/chat" element={<SupportPage />} />
            <Route path="/Send" element={<SendPage />} />
            <Route path="/Q-tokens" element={<QTokensPage />} />
            <Route path="/token-history" element={<TokenHistoryPage />} />
          </Route>
          {/* Any other path: a signed-in member is told so in the member layout; MemberArea sends
              everyone else to the home page (spec 1 §2 "any other path redirects to /"). */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/**
 * The member routes' guard, downloaded with the member area's frame. A visitor without a session goes to
 * the home page at once (as RequireMember would send them), without downloading it.
 */
function MemberArea() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/" replace />;
  return (
    <ScreenBoundary
      locationKey={location.key}
      home={{ to: '/', label: 'Back to the home page' }}
      loading={
        <div role="status" className="grid min-h-dvh place-items-center text-accent-text">
          <Spinner className="size-8" />
          <span className="sr-only">Loading your account</span>
        </div>
      }
    >
      <RequireMember />
    </ScreenBoundary>
  );
}
