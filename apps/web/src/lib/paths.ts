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
    kyc: '/admin/kyc',
    kycSubmission: (id: string) => `/admin/kyc/${id}`,
    pairs: '/admin/pairs',
    settings: '/admin/settings',
    audit: '/admin/audit',
  },
} as const;
