import { z } from 'zod/mini';

// z.enum wants a non-empty tuple and Object.keys forgets the key type; the one cast that restores
// it lives here so each map below stays the single source of its codes.
const keysOf = <T extends Record<string, string>>(map: T) =>
  Object.keys(map) as [keyof T & string, ...(keyof T & string)[]];

// How a status badge is coloured; the web app maps each tone to theme colours.
export const TONES = ['positive', 'negative', 'warning', 'neutral', 'info'] as const;
export type TTone = (typeof TONES)[number];

export const TICKET_STATUS = { pnd: 'In Progress', opn: 'Open', cls: 'Closed' } as const;
export const ZTicketStatus = z.enum(keysOf(TICKET_STATUS));
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
export const ticketStatusLabel = (code: TTicketStatus) => TICKET_STATUS[code];
/** Ticket status codes by meaning: code says `TICKET_CODE.inProgress`, the wire says `pnd`. */
export const TICKET_CODE = { inProgress: 'pnd', open: 'opn', closed: 'cls' } as const satisfies Record<
  string,
  TTicketStatus
>;
export const TICKET_STATUS_TONE = {
  pnd: 'warning',
  opn: 'info',
  cls: 'neutral',
} as const satisfies Record<TTicketStatus, TTone>;

export const TICKET_TYPE = { trade: 'Trade Problem', bug: 'Bug Report' } as const;
export const ZTicketType = z.enum(keysOf(TICKET_TYPE));
export type TTicketType = z.infer<typeof ZTicketType>;
export const ticketTypeLabel = (code: TTicketType) => TICKET_TYPE[code];

export const ORDER_STATUS = {
  exc: 'Done',
  act: 'Active',
  rvt: 'Rejected',
  mcl: 'Manual Close',
  cnl: 'Canceled',
  pnd: 'Pending',
} as const;
export const ZOrderStatus = z.enum(keysOf(ORDER_STATUS));
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const orderStatusLabel = (code: TOrderStatus) => ORDER_STATUS[code];
/** Order status codes by meaning: `ORDER_CODE.pending` is `pnd` (a limit order not yet filled). */
export const ORDER_CODE = {
  done: 'exc',
  active: 'act',
  rejected: 'rvt',
  manualClose: 'mcl',
  cancelled: 'cnl',
  pending: 'pnd',
} as const satisfies Record<string, TOrderStatus>;
// A user's own close or cancel is neither a win nor a failure, hence neutral.
export const ORDER_STATUS_TONE = {
  exc: 'positive',
  act: 'info',
  rvt: 'negative',
  mcl: 'neutral',
  cnl: 'neutral',
  pnd: 'warning',
} as const satisfies Record<TOrderStatus, TTone>;

// Several codes share a label: they come from different chain and provider steps that the user
// need not tell apart. `suspicous` is misspelt on the wire and must stay so.
export const PAYMENT_STATUS = {
  cnf: 'Confirmed',
  pnd: 'Pending',
  rjt: 'Rejected',
  rjc: 'Rejected',
  prc: 'Processing',
  snt: 'Processing',
  drp: 'Processing',
  notspprt: 'Not Supported',
  suspicous: 'Under review',
  minFail: 'Minimum Fail',
  cnc: 'Cancel',
  rerr: 'Fail',
  werror: 'Fail',
  flr: 'Fail',
} as const;
export const ZPaymentStatus = z.enum(keysOf(PAYMENT_STATUS));
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;
/** Payment status codes by meaning (`rjc` is a provider's own rejection, never written here). */
export const PAYMENT_CODE = {
  confirmed: 'cnf',
  pending: 'pnd',
  rejected: 'rjt',
  processing: 'prc',
  sent: 'snt',
  dropped: 'drp',
  underReview: 'suspicous',
  minimumFail: 'minFail',
  cancelled: 'cnc',
  failed: 'flr',
  /** The hot wallet could not cover a withdrawal. */
  walletError: 'werror',
  /** The chain's node refused the broadcast. */
  broadcastRefused: 'rerr',
  /** A deposit of a coin this platform does not take. */
  notSupported: 'notspprt',
} as const satisfies Record<string, TPaymentStatus>;
export const PAYMENT_STATUS_TONE = {
  cnf: 'positive',
  pnd: 'warning',
  rjt: 'negative',
  rjc: 'negative',
  prc: 'info',
  snt: 'info',
  drp: 'info',
  notspprt: 'negative',
  suspicous: 'warning',
  minFail: 'negative',
  cnc: 'neutral',
  rerr: 'negative',
  werror: 'negative',
  flr: 'negative',
} as const satisfies Record<TPaymentStatus, TTone>;
export const PAYMENT_STATUS_UNKNOWN_LABEL = 'Unknown';

// Own keys only: a plain `in` check would accept `toString` and friends from the prototype.
export const isPaymentStatus = (code: string): code is TPaymentStatus => Object.hasOwn(PAYMENT_STATUS, code);
// Payment codes come from chain watchers and providers that may add codes before the web app
// knows them, so these take any string and fall back instead of failing.
export const paymentStatusLabel = (code: string): string =>
  isPaymentStatus(code) ? PAYMENT_STATUS[code] : PAYMENT_STATUS_UNKNOWN_LABEL;
export const paymentStatusTone = (code: string): TTone =>
  isPaymentStatus(code) ? PAYMENT_STATUS_TONE[code] : 'neutral';

export const PAIR_TYPE = { crp: 'Crypto', forex: 'Forex', stocks: 'Stocks' } as const;
export const ZPairType = z.enum(keysOf(PAIR_TYPE));
export type TPairType = z.infer<typeof ZPairType>;
export const pairTypeLabel = (code: TPairType) => PAIR_TYPE[code];

export const PAIR_STATUS = { act: 'Active', dis: 'Disabled' } as const;
export const ZPairStatus = z.enum(keysOf(PAIR_STATUS));
export type TPairStatus = z.infer<typeof ZPairStatus>;
export const pairStatusLabel = (code: TPairStatus) => PAIR_STATUS[code];
export const PAIR_CODE = { active: 'act', disabled: 'dis' } as const satisfies Record<string, TPairStatus>;
export const PAIR_STATUS_TONE = {
  act: 'positive',
  dis: 'neutral',
} as const satisfies Record<TPairStatus, TTone>;

export const TOKEN_TYPES = ['normal', 'email', 'tfa'] as const;
export const ZTokenType = z.enum(TOKEN_TYPES);
export type TTokenType = z.infer<typeof ZTokenType>;

export const USER_STATUS = { act: 'Active', sus: 'Suspended' } as const;
export const ZUserStatus = z.enum(keysOf(USER_STATUS));
export type TUserStatus = z.infer<typeof ZUserStatus>;
export const userStatusLabel = (code: TUserStatus) => USER_STATUS[code];
export const USER_CODE = { active: 'act', suspended: 'sus' } as const satisfies Record<string, TUserStatus>;
export const USER_STATUS_TONE = {
  act: 'positive',
  sus: 'negative',
} as const satisfies Record<TUserStatus, TTone>;

/** A user trades; the others are the broker's staff (see `staff.ts` for what each may do). */
export const ROLES = ['user', 'support', 'compliance', 'dealer', 'accountant', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
