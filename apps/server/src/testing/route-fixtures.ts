import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { SEEDED_GROUP_ID } from '../modules/groups/groups.schema';
import type { DeclaredRoute } from '../platform/http/access';
import { bearer, GOOD_PASSWORD, randomIp, uniqueEmail } from './accounts';
import { ADULT_DETAILS, idCardSubmission } from './kyc';
import { multipart, png } from './multipart';
import type { RouteWorld } from './route-world';
import { EVM_TO } from './wallet';

/** How to call one route with valid input on the owner's objects. */
export interface RouteFixture {
  params?: (w: RouteWorld) => Record<string, string>;
  query?: (w: RouteWorld) => Record<string, string>;
  body?: (w: RouteWorld) => unknown;
  /** The whole path and query (a signed link), instead of `params` and `query`. */
  path?: (w: RouteWorld) => string;
  /** Sends an image as multipart/form-data. */
  isUpload?: boolean;
  /** Sends this multipart/form-data form instead (several named files and fields). */
  form?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /**
   * The route acts on an object of the owner's named in its params or body: to anyone else it
   * answers as if there were no such object (404, or `refusedToOthers`) and changes nothing.
   */
  isOwned?: boolean;
  refusedToOthers?: readonly number[];
  /** What the one it is meant for gets (the owner, the administrator on admin routes); any 2xx when unset. */
  expected?: readonly number[];
  /** Signs the caller's session out, so it is called with a session of its own. */
  endsSession?: boolean;
}

/** A passkey ceremony's answer in the right shape, signed by nobody. */
export const FORGED_ASSERTION = {
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const FORGED_REGISTRATION = {
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
  clientExtensionResults: {},
};

const id = (key: keyof RouteWorld['ids']) => (w: RouteWorld) => ({ id: w.ids[key] });

/**
 * Every route of the API, keyed `METHOD /url` as the route table names it. A route added without
 * an entry here fails the authorisation matrix.
 */
export const ROUTE_FIXTURES: Readonly<Record<string, RouteFixture>> = {
  'GET /health': {},
  // The API reference: the viewer's page and files, and the OpenAPI document.
  'GET /docs': {},
  'GET /docs/json': {},
  'GET /docs/yaml': {},
  'GET /docs/static/index.html': { expected: [302] },
  'GET /docs/static/swagger-initializer.js': {},
  'GET /docs/static/*': { path: () => '/docs/static/swagger-ui.css' },
  'GET /health/live': {},
  'GET /health/ready': {},
  'POST /auth/signup': {
    body: () => ({ email: uniqueEmail('new'), password: GOOD_PASSWORD, firstName: 'Nia', lastName: 'New' }),
  },
  // An address nobody holds: the same answer for every caller.
  'POST /auth/signin': {
    body: () => ({ email: uniqueEmail('nobody'), password: GOOD_PASSWORD }),
    expected: [401],
  },
  'GET /auth/verify-email': { query: () => ({ token: 'not-a-link-token' }), expected: [400] },
  'POST /auth/verify-email': { body: () => ({ code: '000000' }), expected: [400] },
  'POST /auth/verify-email/resend': {},
  'POST /auth/forgot-password': { body: () => ({ email: uniqueEmail('nobody') }) },
  'POST /auth/reset-password': {
    body: () => ({ email: uniqueEmail('nobody'), code: '000000', password: GOOD_PASSWORD }),
    expected: [400],
  },
  // The app's code of this window went into turning two-factor on: a recovery code instead.
  'POST /auth/2fa/verify': { body: (w) => ({ code: w.tfa.user.recoveryCodes?.[0] ?? '' }) },
  // Google sign-in is not configured here.
  'GET /auth/google/nonce': { expected: [404] },
  'GET /auth/google/start': { expected: [404] },
  'POST /auth/google/callback': { body: () => ({ credential: 'header.payload.signature' }), expected: [404] },
  'POST /auth/logout': { endsSession: true },
  'GET /auth/wss/signin': {},
  'GET /auth/2fa/generate': {},
  'POST /auth/2fa/activate': { body: () => ({ code: '000000' }), expected: [400] },
  // Two-factor is off for the callers of this table: turning it off again is a conflict.
  'POST /auth/2fa/deactivate': {
    body: (w) => ({ password: w.owner.password, code: '000000' }),
    expected: [409],
  },
  // Passkeys: the ceremonies' answers here are made up, so each is refused as a browser's would be
  // if it were forged; the owner has none to remove.
  'GET /profile/passkeys': {},
  'POST /profile/passkeys/options': { body: (w) => ({ currentPassword: w.owner.password }) },
  'POST /profile/passkeys': {
    body: () => ({ name: 'Laptop', response: FORGED_REGISTRATION }),
    expected: [400],
  },
  'DELETE /profile/passkeys/:id': { params: () => ({ id: randomUUID() }), expected: [404] },
  'POST /auth/passkeys/signin/options': {},
  'POST /auth/passkeys/signin': { body: () => ({ response: FORGED_ASSERTION }), expected: [401] },
  'GET /auth/2fa/methods': {},
  'POST /auth/passkeys/2fa/options': { expected: [404] },
  'POST /auth/passkeys/2fa': { body: () => ({ response: FORGED_ASSERTION }), expected: [401] },
  'GET /profile/chart-settings': {},
  'PUT /profile/chart-settings': {
    body: () => ({
      indicators: [
        { kind: 'sma', period: 20 },
        { kind: 'rsi', period: 14 },
      ],
    }),
  },
  'GET /profile': {},
  'PUT /profile': { body: () => ({ firstName: 'Ada' }) },
  // Every test user has the same password: the rule refuses it as the new one, once the caller is let in.
  'PUT /profile/password': {
    body: (w) => ({ currentPassword: w.owner.password, newPassword: w.owner.password }),
    endsSession: true,
    expected: [400],
  },
  'POST /profile/image': { isUpload: true },
  'GET /uploads/avatars/:file': {
    params: () => ({ file: '00000000-0000-4000-8000-000000000000-0000000000000000.webp' }),
    expected: [404],
  },
  'GET /profile/sessions': {},
  'DELETE /profile/sessions/:id': { params: id('session'), isOwned: true },
  'DELETE /profile/sessions': {},
  'GET /profile/api-keys': {},
  // Every test user has the same password: the proof holds for each caller.
  'POST /profile/api-keys': {
    body: (w) => ({ label: 'Reporting', scopes: ['read', 'trade'], currentPassword: w.owner.password }),
  },
  'POST /profile/security-code': {},
  'DELETE /profile/api-keys/:id': { params: id('apiKey'), isOwned: true },
  'GET /profile/logins': { query: () => ({ page: '1', limit: '10' }) },
  'PUT /profile/anti-phishing': { body: () => ({ phrase: 'blue moon' }) },
  'GET /settings/:name': { params: () => ({ name: 'trading' }) },
  // The desk sends its mail over SMTP: there is no outbox to show, to anyone.
  'GET /dev/outbox': { expected: [404] },
  'GET /dev/outbox/:id': { params: () => ({ id: '2026-01-01T00-00-00.000Z-0123abcd' }), expected: [404] },
  'GET /profile/referrals': {},
  'GET /notifications': {},
  'POST /notifications/read': { body: (w) => ({ ids: [w.ids.notification] }) },
  'GET /alerts': {},
  'POST /alerts': { body: () => ({ symbol: 'BTC_USDT', below: '1000' }) },
  'DELETE /alerts/:id': { params: id('alert'), isOwned: true },
  'GET /pairs': { query: () => ({ type: 'crp' }) },
  'PUT /pairs/:symbol/favorite': { params: () => ({ symbol: 'ETH_USDT' }) },
  'DELETE /pairs/:symbol/favorite': { params: () => ({ symbol: 'ETH_USDT' }) },
  'GET /public/prices': {},
  'GET /public/common-passwords': {},
  'GET /public/lineshot': { query: () => ({ pairList: 'CRP:BTC_USDT' }) },
  'GET /public/klines': { query: () => ({ symbol: 'BTC_USDT', interval: '60', limit: '10' }) },
  'POST /orders': {
    body: () => ({
      account: 'demo',
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'market',
      amount: '50',
      leverage: 2,
    }),
  },
  'GET /orders': { query: () => ({ account: 'demo', status: 'act,pnd' }) },
  'GET /orders/export': { query: () => ({ account: 'demo' }) },
  'POST /orders/:id/partial-close': {
    params: id('activeOrder'),
    body: () => ({ amount: '10' }),
    isOwned: true,
  },
  'PUT /orders/:id': { params: id('activeOrder'), body: () => ({ takeProfit: '90000' }), isOwned: true },
  'POST /orders/:id/margin': { params: id('activeOrder'), body: () => ({ amount: '5' }), isOwned: true },
  'POST /orders/:id/close': { params: id('activeOrder'), isOwned: true },
  'DELETE /orders/:id': { params: id('pendingOrder'), isOwned: true },
  'GET /portfolio': { query: () => ({ account: 'demo' }) },
  'POST /portfolio/demo/reset': {},
  'GET /profile/one-click-trading': {},
  'PUT /profile/one-click-trading': { body: () => ({ enabled: true, riskAccepted: true }) },
  'GET /profile/trading-terms': {},
  'GET /portfolio/stats': { query: () => ({ account: 'demo', period: '30d' }) },
  'GET /pairs/:symbol/spec': { params: () => ({ symbol: 'BTC_USDT' }) },
  'GET /tickets': {},
  'POST /tickets': {
    body: (w) => ({ type: 'trade', subject: 'About my order', message: 'Hello', orderId: w.ids.activeOrder }),
    isOwned: true,
    // The form's field: someone else's order reads as an unknown one, "Choose one of your orders".
    refusedToOthers: [400],
  },
  'POST /tickets/attachments': { isUpload: true },
  'GET /tickets/attachments/:file': { path: (w) => w.attachmentUrl },
  'GET /tickets/:id': { params: id('ticket'), isOwned: true },
  'POST /tickets/:id/messages': {
    params: id('ticket'),
    body: () => ({ message: 'More details' }),
    isOwned: true,
  },
  'POST /tickets/:id/close': { params: id('ticket'), isOwned: true },
  'GET /admin/users': { query: () => ({ q: 'trader' }) },
  // An account of its own: the owner's must outlive an administrator's changes.
  'GET /admin/users/:id': { params: (w) => ({ id: w.victim.id }) },
  'PUT /admin/users/:id/status': { params: (w) => ({ id: w.victim.id }), body: () => ({ status: 'act' }) },
  'PUT /admin/users/:id/role': { params: (w) => ({ id: w.victim.id }), body: () => ({ role: 'user' }) },
  'DELETE /admin/users/:id': { params: (w) => ({ id: w.victim.id }) },
  'GET /admin/tickets': { query: () => ({ status: 'opn' }) },
  'GET /admin/tickets/:id': { params: id('ticket') },
  'POST /admin/tickets/:id/messages': { params: id('ticket'), body: () => ({ message: 'We are on it' }) },
  'PUT /admin/tickets/:id/status': { params: id('ticket'), body: () => ({ status: 'pnd' }) },
  'GET /admin/orders': { query: () => ({ q: 'BTC' }) },
  'GET /admin/orders/:id': { params: id('activeOrder') },
  // The owner closed it by now.
  'PUT /admin/orders/:id': { params: id('activeOrder'), body: () => ({ stopLoss: null }), expected: [409] },
  'GET /admin/pairs': {},
  'PUT /admin/pairs/:symbol': { params: () => ({ symbol: 'ETH_USDT' }), body: () => ({ spreadPpm: 400 }) },
  'GET /admin/settings': {},
  'PUT /admin/settings/:name': {
    params: () => ({ name: 'general' }),
    body: () => ({ maintenanceNotice: null }),
  },
  'GET /admin/audit': { query: () => ({ action: 'user.role' }) },
  // Client groups: the default group the migration made, and a new group each time.
  'GET /admin/groups': {},
  'POST /admin/groups': { body: () => ({ name: `Group ${randomUUID().slice(0, 8)}`, marginMode: 'cross' }) },
  'PUT /admin/groups/:id': { params: () => ({ id: SEEDED_GROUP_ID }), body: () => ({ swapFree: false }) },
  'PUT /admin/users/:id/group': {
    params: (w) => ({ id: w.victim.id }),
    body: () => ({ groupId: SEEDED_GROUP_ID }),
  },
  'GET /admin/write-offs': { query: () => ({ limit: '5' }) },
  // Balance operations: a small demo credit on another user (applied at once, below the threshold),
  // one the walk never deletes.
  'POST /admin/users/:id/balance-operations': {
    params: (w) => ({ id: w.other.id }),
    body: () => ({ account: 'demo', kind: 'credit', amount: '1', reason: 'Route check' }),
  },
  'GET /admin/balance-operations': { query: () => ({ status: 'pending' }) },
  'GET /admin/balance-operations/rules': {},
  // No such operation: the route answers, and nothing is approved or rejected.
  'POST /admin/balance-operations/:id/approve': { params: () => ({ id: randomUUID() }), expected: [404] },
  'POST /admin/balance-operations/:id/reject': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ reason: 'Not agreed' }),
    expected: [404],
  },
  'GET /balance-operations': { query: () => ({ account: 'real' }) },
  'GET /balance-operations/withdrawable': { query: () => ({ account: 'real' }) },
  'GET /admin/reports/daily': { query: () => ({ date: new Date().toISOString().slice(0, 10) }) },
  'GET /admin/reports/client-money': {},
  'POST /admin/announcements': {
    body: () => ({ title: 'Maintenance', body: 'Tonight', audience: 'pair', symbol: 'BTC_USDT' }),
  },
  'GET /admin/announcements': {},
  'GET /announcements': {},
  'POST /announcements/:id/read': { params: () => ({ id: randomUUID() }), expected: [404] },
  'GET /admin/risk': {},
  'GET /wallet/coins': {},
  'POST /wallet/address': { body: () => ({ coin: 'usdt', network: 'tron' }) },
  'GET /wallet/transactions': { query: () => ({ kind: 'withdrawal' }) },
  'GET /wallet/address-book': {},
  'POST /wallet/withdrawals': {
    body: () => ({ coin: 'usdt', network: 'ethereum', address: EVM_TO, amount: '25' }),
  },
  'POST /wallet/withdrawals/:id/request-code': { params: id('withdrawal'), isOwned: true },
  'POST /wallet/withdrawals/:id/confirm': {
    params: id('withdrawal'),
    body: () => ({ emailCode: '000000' }),
    isOwned: true,
    expected: [400],
  },
  'POST /wallet/withdrawals/:id/cancel': { params: id('withdrawal'), isOwned: true },
  'GET /admin/withdrawals': { query: () => ({ status: 'suspicous' }) },
  'GET /kyc': {},
  // The callers of this table verified their identity already: details and documents stay as approved.
  'PUT /kyc/details': { body: () => ADULT_DETAILS, expected: [409] },
  'POST /kyc': { form: idCardSubmission, expected: [409] },
  'GET /admin/kyc': { query: () => ({ status: 'pending' }) },
  'GET /admin/kyc/:id': { params: id('kycSubmission') },
  'GET /admin/kyc/:id/documents/:kind': { path: (w) => w.kycDocumentUrl },
  'POST /admin/kyc/:id/approve': { params: id('kycSubmission') },
  'POST /admin/kyc/:id/reject': {
    params: id('kycRejectable'),
    body: () => ({ reason: 'The document has expired' }),
  },
  'POST /admin/withdrawals/:id/approve': { params: id('reviewedWithdrawal') },
  // Approved but not sent yet: it can still be turned down, the funds going back.
  'POST /admin/withdrawals/:id/reject': {
    params: id('reviewedWithdrawal'),
    body: () => ({ reason: 'Unusual activity' }),
  },
  // No commission in this world: the administrator reaches the route and finds none.
  'POST /admin/referrals/commissions/:id/clawback': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ reason: 'A second account of the referrer' }),
    expected: [404],
  },
  'POST /admin/withdrawals/:id/mark-sent': {
    params: id('approvedWithdrawal'),
    body: () => ({ txHash: `0x${'ab'.repeat(32)}` }),
  },
};

export const routeKey = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The inject options of a fixture's request, with `token` as the bearer (none: anonymous). */
export async function requestOf(
  route: Pick<DeclaredRoute, 'method' | 'url'>,
  fixture: RouteFixture,
  world: RouteWorld,
  token: string | undefined,
): Promise<InjectOptions> {
  const headers: Record<string, string> = token ? bearer(token) : {};
  let url = fixture.path?.(world);
  if (!url) {
    const params = fixture.params?.(world) ?? {};
    url = route.url.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${routeKey(route)}: the fixture gives no :${name}`);
      return encodeURIComponent(value);
    });
    const query = fixture.query?.(world);
    if (query) url += `?${new URLSearchParams(query)}`;
  }
  const options: InjectOptions = { method: route.method as 'GET', url, headers, remoteAddress: randomIp() };
  if (fixture.form) {
    const form = await fixture.form();
    return { ...options, headers: { ...headers, ...form.headers }, payload: form.payload };
  }
  if (fixture.isUpload) {
    const upload = multipart('image', 'shot.png', 'image/png', await png());
    return { ...options, headers: { ...headers, ...upload.headers }, payload: upload.payload };
  }
  const body = fixture.body?.(world);
  return body === undefined ? options : { ...options, payload: body as object };
}
