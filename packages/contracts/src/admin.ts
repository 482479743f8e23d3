// The shapes of the back-office API shared by the server and the web app: the queries, requests
// and answers for managing users, tickets, orders and pairs, and reading the audit log.
import { z } from 'zod/mini';
import { ZMoney, ZPageQuery } from './envelope';
import { ZSwapRateInput } from './financing';
import { ZUserGroup } from './groups';
import { ZPair, ZPairSymbol } from './market';
import { ZLoginEvent, ZUser } from './profile';
import { ZAdminReferrals } from './referrals';
import { ZOrderStatus, ZRole, ZTicketStatus, ZUserStatus } from './statuses';
import { ZSafeText } from './text';
import { LEVERAGE_MAX, ZOrder, ZPriceInput, ZUsdInput } from './trading';
import { ZWalletTransaction } from './wallet';

const ZPage = ZPageQuery.shape;
const ZSearch = z.optional(ZSafeText('Search', { max: 100 }));

export const ZAdminUsersQuery = z.object({
  q: ZSearch,
  role: z.optional(ZRole),
  status: z.optional(ZUserStatus),
  ...ZPage,
});

export const ZAdminUser = z.extend(ZUser, {
  deletedAt: z.nullable(z.string()),
  referredBy: z.nullable(z.string()),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZBookBalances = z.object({ cash: ZMoney, margin: ZMoney });
export const ZAdminUserDetail = z.object({
  user: ZAdminUser,
  balances: z.object({ demo: ZBookBalances, real: ZBookBalances }),
  orders: z.array(ZOrder),
  logins: z.array(ZLoginEvent),
  /** The latest deposits and withdrawals. */
  transactions: z.array(ZWalletTransaction),
  /** Who referred the user, whom they referred (with what links the accounts), their commissions. */
  referrals: ZAdminReferrals,
  /** The user's client group (margin mode and levels). */
  group: z.nullable(ZUserGroup),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserStatusRequest = z.object({ status: ZUserStatus });
export const ZAdminUserRoleRequest = z.object({ role: ZRole });

export const ZAdminTicketsQuery = z.object({ status: z.optional(ZTicketStatus), q: ZSearch, ...ZPage });
export const ZAdminTicketStatusRequest = z.object({ status: ZTicketStatus });

export const ZAdminOrdersQuery = z.object({
  q: ZSearch,
  status: z.optional(ZOrderStatus),
  account: z.optional(z.enum(['demo', 'real'])),
  ...ZPage,
});
export const ZAdminOrder = z.extend(ZOrder, { userId: z.string(), userEmail: z.string() });
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrderUpdateRequest = z.object({
  takeProfit: z.optional(z.nullable(ZPriceInput('Take profit'))),
  stopLoss: z.optional(z.nullable(ZPriceInput('Stop loss'))),
});
export const ZAdminPairParams = z.object({ symbol: ZPairSymbol });

export const ZAdminPair = z.extend(
  z.omit(ZPair, {
    favorite: true,
    marketOpen: true,
    marketClosedReason: true,
    marketOpensAt: true,
  }),
  {
    spreadPpm: z.number().check(z.int()),
    /** The limit on the clients' net exposure in USD, either way (null: no limit). */
    maxNetExposure: z.nullable(ZMoney),
  },
);
export type TAdminPair = z.infer<typeof ZAdminPair>;
export const ZAdminPairUpdateRequest = z.object({
  status: z.optional(z.enum(['act', 'dis'])),
  /** Parts per million of the price (400 = 0.04 %). */
  spreadPpm: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  maxLeverage: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(LEVERAGE_MAX))),
  // Financing: overnight swaps.
  swapLong: z.optional(ZSwapRateInput('Swap long')),
  swapShort: z.optional(ZSwapRateInput('Swap short')),
  // End of financing.
  /** USD; null removes the limit. */
  maxNetExposure: z.optional(z.nullable(ZUsdInput('Max net exposure'))),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  /** Who acted, and in what role at the time. */
  actor: z.object({ id: z.string(), email: z.string(), role: ZRole }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditQuery = z.object({
  action: z.optional(
    z.string().check(z.maxLength(60), z.regex(/^[a-z.-]*$/, 'An action is like user.suspend')),
  ),
  targetId: z.optional(ZSafeText('Target', { max: 100 })),
  ...ZPage,
});
