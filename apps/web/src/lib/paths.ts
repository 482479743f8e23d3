/**
 * Every screen's address, named once: links, redirects and notifications point here instead of
 * spelling paths out. The router's own segments (`app/router.tsx`) must match these.
 */
export const PATHS = {
  dashboard: '/dashboard',
  home: '/dashboard/home',
  trade: '/dashboard/trade',
  portfolio: '/dashboard/portfolio',
  market: '/dashboard/market',
  history: '/dashboard/history',
  referral: '/dashboard/referral',
  wallet: '/dashboard/wallet',
  profile: '/dashboard/profile',
  security: '/dashboard/security',
  verification: '/dashboard/verification',
  notifications: '/dashboard/notifications',
  support: '/dashboard/support',
  newTicket: '/dashboard/support/new',
  ticket: (id: string) => `/dashboard/support/${id}`,

  login: '/authentication/login',
  signup: '/authentication/signup',
  forgotPassword: '/authentication/forgotPassword',
  resetPassword: '/authentication/resetPassword',
  emailVerification: '/authentication/emailVerification',
  tfaVerification: '/authentication/tfaVerification',
  googleCallback: '/authentication/googleCallback',

  terms: '/legal/terms',
  privacy: '/legal/privacy',

  admin: {
    root: '/admin',
    users: '/admin/users',
    user: (id: string) => `/admin/users/${id}`,
    tickets: '/admin/tickets',
    ticket: (id: string) => `/admin/tickets/${id}`,
    orders: '/admin/orders',
    withdrawals: '/admin/withdrawals',
    balanceOperations: '/admin/balance-operations',
    kyc: '/admin/kyc',
    kycSubmission: (id: string) => `/admin/kyc/${id}`,
    pairs: '/admin/pairs',
    groups: '/admin/groups',
    risk: '/admin/risk',
    settings: '/admin/settings',
    audit: '/admin/audit',
    reports: '/admin/reports',
    announcements: '/admin/announcements',
  },
} as const;
