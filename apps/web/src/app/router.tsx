import { DEFAULT_INTERVAL, DEFAULT_PAIR, KLINES_PAGE_SIZE } from '@td/contracts/constants';
import { type RouteObject, redirect } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
// The sign-in frame and the login screen are part of the entry, not lazy: a phone's first visit
// then loads three files (the entry, React, the router) instead of a dozen shared chunks merged
// with code of the signed-in screens, and a session that ends goes to login without a download.
// What they use (the buttons, fields, icons) every screen loads anyway.
import { LoginScreen } from '../features/auth/components/login-screen';
import { useT } from '../lib/i18n';
import { PATHS } from '../lib/paths';
import { prefetch } from '../lib/prefetch';
import { hasToken } from '../lib/session';
import { ErrorPage } from './error-page';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyScreen, screenRoute, withAppText } from './lazy-screen';

/** Shown until the first lazy route module has loaded ('Initializing App...'). */
function InitializingApp() {
  const t = useT();
  return <FullScreenLoader label={t('app.initializing')} />;
}

// The dashboard is only for holders of a token; everyone else signs in first.
const requireToken = () => (hasToken() ? null : redirect(PATHS.login));
// Someone already signed in has nothing to do on the login and signup forms.
const skipIfSignedIn = () => (hasToken() ? redirect(PATHS.dashboard) : null);
// The address of the app itself (and any unknown one): the dashboard, or straight to login for
// someone signed out, so no screen that needs a session starts loading on the way.
const toStart = () => redirect(hasToken() ? PATHS.dashboard : PATHS.login);

/**
 * The screen of a route that only redirects: nothing. The route still needs one, or the router
 * warns on a first load that it would show an empty page while the redirect goes.
 */
const Redirecting = () => null;

/**
 * What the Dashboard's chart needs before it can draw (the pairs, the prices, the chosen pair's
 * candles), asked for while the screen's code downloads instead of after it has run.
 */
function prefetchDashboard(search: URLSearchParams) {
  prefetch('/pairs');
  prefetch('/public/prices');
  prefetch('/public/klines', {
    symbol: search.get('pair') ?? DEFAULT_PAIR,
    interval: search.get('interval') ?? DEFAULT_INTERVAL,
    limit: KLINES_PAGE_SIZE,
  });
}

/** The login route's id: the build draws its page (`prerender.tsx`), and `main.tsx` takes it over. */
export const LOGIN_ROUTE_ID = 'login';

/** Every screen of the app, its code loaded on first visit but for the sign-in frame and login. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: InitializingApp,
    errorElement: <ErrorPage />,
    children: [
      { index: true, loader: toStart, Component: Redirecting },
      {
        path: 'authentication',
        Component: AuthLayout,
        children: [
          { index: true, loader: () => redirect(PATHS.login), Component: Redirecting },
          {
            id: LOGIN_ROUTE_ID,
            path: 'login',
            loader: skipIfSignedIn,
            Component: LoginScreen,
          },
          {
            path: 'signup',
            loader: skipIfSignedIn,
            lazy: lazyScreen(
              () => import('../features/auth/components/signup-screen'),
              (module) => module.SignupScreen,
            ),
          },
          screenRoute(
            'emailVerification',
            () => import('../features/auth/components/email-verification-screen'),
            (module) => module.EmailVerificationScreen,
          ),
          screenRoute(
            'googleCallback',
            () => import('../features/auth/components/google-callback-screen'),
            (module) => module.GoogleCallbackScreen,
          ),
          screenRoute(
            'tfaVerification',
            () => import('../features/auth/components/tfa-verification-screen'),
            (module) => module.TfaVerificationScreen,
          ),
          screenRoute(
            'forgotPassword',
            () => import('../features/auth/components/forgot-password-screen'),
            (module) => module.ForgotPasswordScreen,
          ),
          screenRoute(
            'resetPassword',
            () => import('../features/auth/components/reset-password-screen'),
            (module) => module.ResetPasswordScreen,
          ),
        ],
      },
      {
        // The documents a new account accepts: readable signed in or not.
        path: 'legal',
        children: [
          { index: true, loader: () => redirect(PATHS.terms), Component: Redirecting },
          screenRoute(
            'terms',
            withAppText(() => import('../features/legal/components/legal-screen')),
            (module) => module.TermsScreen,
          ),
          screenRoute(
            'privacy',
            withAppText(() => import('../features/legal/components/legal-screen')),
            (module) => module.PrivacyScreen,
          ),
        ],
      },
      {
        path: 'dashboard',
        loader: requireToken,
        lazy: lazyScreen(
          withAppText(() => import('./layouts/dashboard-layout')),
          (module) => module.DashboardLayout,
        ),
        children: [
          { index: true, loader: () => redirect(PATHS.home), Component: Redirecting },
          {
            path: 'home',
            loader: ({ request }) => {
              // Loaders run side by side: the dashboard's own may be sending a signed-out visit to login.
              if (hasToken()) prefetchDashboard(new URL(request.url).searchParams);
              return null;
            },
            lazy: lazyScreen(
              () => import('../features/home/components/home-screen'),
              (module) => module.HomeScreen,
            ),
          },
          screenRoute(
            'trade',
            () => import('../features/trade/components/trade-screen'),
            (module) => module.TradeScreen,
          ),
          screenRoute(
            'portfolio',
            () => import('../features/portfolio/components/portfolio-screen'),
            (module) => module.PortfolioScreen,
          ),
          screenRoute(
            'market',
            () => import('../features/market/components/market-screen'),
            (module) => module.MarketScreen,
          ),
          screenRoute(
            'history',
            () => import('../features/history/components/history-screen'),
            (module) => module.HistoryScreen,
          ),
          screenRoute(
            'referral',
            () => import('../features/referral/components/referral-screen'),
            (module) => module.ReferralScreen,
          ),
          screenRoute(
            'wallet',
            () => import('../features/wallet/components/wallet-screen'),
            (module) => module.WalletScreen,
          ),
          screenRoute(
            'profile',
            () => import('../features/profile/components/profile-screen'),
            (module) => module.ProfileScreen,
          ),
          screenRoute(
            'security',
            () => import('../features/profile/components/security-screen'),
            (module) => module.SecurityScreen,
          ),
          screenRoute(
            'verification',
            () => import('../features/verification/components/verification-screen'),
            (module) => module.VerificationScreen,
          ),
          screenRoute(
            'support',
            () => import('../features/support/components/tickets-screen'),
            (module) => module.TicketsScreen,
          ),
          screenRoute(
            'support/new',
            () => import('../features/support/components/new-ticket-screen'),
            (module) => module.NewTicketScreen,
          ),
          screenRoute(
            'support/:id',
            () => import('../features/support/components/ticket-screen'),
            (module) => module.TicketScreen,
          ),
          screenRoute(
            'notifications',
            () => import('../features/notifications/components/notifications-screen'),
            (module) => module.NotificationsScreen,
          ),
        ],
      },
      {
        // The back-office (/admin): the server answers each route only to staff whose role holds its
        // permission; the frame shows each role its screens (features/admin/admin-sections.ts).
        path: 'admin',
        loader: requireToken,
        lazy: lazyScreen(
          withAppText(() => import('./layouts/admin-layout')),
          (module) => module.AdminLayout,
        ),
        children: [
          {
            // The first screen the caller's role opens (the frame knows the role).
            index: true,
            lazy: lazyScreen(
              () => import('./layouts/admin-layout'),
              (module) => module.AdminHome,
            ),
          },
          screenRoute(
            'users',
            () => import('../features/admin/components/admin-users-screen'),
            (module) => module.AdminUsersScreen,
          ),
          screenRoute(
            'users/:id',
            () => import('../features/admin/components/admin-user-screen'),
            (module) => module.AdminUserScreen,
          ),
          screenRoute(
            'tickets',
            () => import('../features/admin/components/admin-tickets-screen'),
            (module) => module.AdminTicketsScreen,
          ),
          screenRoute(
            'tickets/:id',
            () => import('../features/admin/components/admin-ticket-screen'),
            (module) => module.AdminTicketScreen,
          ),
          screenRoute(
            'orders',
            () => import('../features/admin/components/admin-orders-screen'),
            (module) => module.AdminOrdersScreen,
          ),
          screenRoute(
            'withdrawals',
            () => import('../features/admin/components/admin-withdrawals-screen'),
            (module) => module.AdminWithdrawalsScreen,
          ),
          screenRoute(
            'balance-operations',
            () => import('../features/admin/components/admin-balance-operations-screen'),
            (module) => module.AdminBalanceOperationsScreen,
          ),
          screenRoute(
            'kyc',
            () => import('../features/admin/components/admin-kyc-screen'),
            (module) => module.AdminKycScreen,
          ),
          screenRoute(
            'kyc/:id',
            () => import('../features/admin/components/admin-kyc-submission-screen'),
            (module) => module.AdminKycSubmissionScreen,
          ),
          screenRoute(
            'pairs',
            () => import('../features/admin/components/admin-pairs-screen'),
            (module) => module.AdminPairsScreen,
          ),
          screenRoute(
            'groups',
            () => import('../features/admin/components/admin-groups-screen'),
            (module) => module.AdminGroupsScreen,
          ),
          screenRoute(
            'risk',
            () => import('../features/admin/components/admin-risk-screen'),
            (module) => module.AdminRiskScreen,
          ),
          screenRoute(
            'settings',
            () => import('../features/admin/components/admin-settings-screen'),
            (module) => module.AdminSettingsScreen,
          ),
          screenRoute(
            'audit',
            () => import('../features/admin/components/admin-audit-screen'),
            (module) => module.AdminAuditScreen,
          ),
          screenRoute(
            'reports',
            () => import('../features/admin/components/admin-reports-screen'),
            (module) => module.AdminReportsScreen,
          ),
          screenRoute(
            'announcements',
            () => import('../features/admin/components/admin-announcements-screen'),
            (module) => module.AdminAnnouncementsScreen,
          ),
        ],
      },
      // Any other path (including unknown /dashboard/... and /authentication/... paths).
      { path: '*', loader: toStart, Component: Redirecting },
    ],
  },
];
