import { z } from 'zod';
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
const ZSearch = ZSafeText('Search', { max: 100 }).optional();

export const ZAdminUsersQuery = z.object({
  q: ZSearch,
  role: ZRole.optional(),
  status: ZUserStatus.optional(),
  ...ZPage,
});

export const ZAdminUser = ZUser.extend({
  deletedAt: z.string().nullable(),
  referredBy: z.string().nullable(),
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
  group: ZUserGroup.nullable(),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserStatusRequest = z.object({ status: ZUserStatus });
export const ZAdminUserRoleRequest = z.object({ role: ZRole });

export const ZAdminTicketsQuery = z.object({ status: ZTicketStatus.optional(), q: ZSearch, ...ZPage });
export const ZAdminTicketStatusRequest = z.object({ status: ZTicketStatus });

export const ZAdminOrdersQuery = z.object({
  q: ZSearch,
  status: ZOrderStatus.optional(),
  account: z.enum(['demo', 'real']).optional(),
  ...ZPage,
});
export const ZAdminOrder = ZOrder.extend({ userId: z.string(), userEmail: z.string() });
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrderUpdateRequest = z.object({
  takeProfit: ZPriceInput('Take profit').nullable().optional(),
  stopLoss: ZPriceInput('Stop loss').nullable().optional(),
});
export const ZAdminPairParams = z.object({ symbol: ZPairSymbol });

export const ZAdminPair = ZPair.omit({
  favorite: true,
  marketOpen: true,
  marketClosedReason: true,
  marketOpensAt: true,
}).extend({
  spreadPpm: z.number().int(),
  /** The limit on the clients' net exposure in USD, either way (null: no limit). */
  maxNetExposure: ZMoney.nullable(),
});
export type TAdminPair = z.infer<typeof ZAdminPair>;
export const ZAdminPairUpdateRequest = z.object({
  status: z.enum(['act', 'dis']).optional(),
  /** Parts per million of the price (400 = 0.04 %). */
  spreadPpm: z.number().int().min(0).max(100_000).optional(),
  maxLeverage: z.number().int().min(1).max(LEVERAGE_MAX).optional(),
  // Financing: overnight swaps.
  swapLong: ZSwapRateInput('Swap long').optional(),
  swapShort: ZSwapRateInput('Swap short').optional(),
  // End of financing.
  /** USD; null removes the limit. */
  maxNetExposure: ZUsdInput('Max net exposure').nullable().optional(),
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
  action: z
    .string()
    .max(60)
    .regex(/^[a-z.-]*$/, 'An action is like user.suspend')
    .optional(),
  targetId: ZSafeText('Target', { max: 100 }).optional(),
  ...ZPage,
});
