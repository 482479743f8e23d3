import { z } from 'zod';
import { ZAccount } from './constants';
import { ZOrderStatus } from './statuses';

export const ZDecimalInput = (label: string, scale = 8) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`),
          `${label} must be a positive number with at most ${scale} decimals`,
        ),
    );

export const ZPlaceOrderRequest = z.object({
  account: ZAccount.default('real'),
  symbol: z.string().trim().toUpperCase().min(3).max(30),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  /** The position's size in USD. */
  amount: ZDecimalInput('Amount', 2),
  leverage: z.coerce.number().int('Leverage must be a whole number').min(1, 'Leverage must be at least 1'),
  price: ZDecimalInput('Price').optional(),
  takeProfit: ZDecimalInput('Take profit').nullable().optional(),
  stopLoss: ZDecimalInput('Stop loss').nullable().optional(),
  clientOrderId: z.string().trim().min(1).max(64).optional(),
});
export type TPlaceOrderRequest = z.input<typeof ZPlaceOrderRequest>;

export const ZOrder = z.object({
  id: z.string(),
  account: ZAccount,
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  amount: z.string(),
  leverage: z.number().int(),
  price: z.string().nullable(),
  margin: z.string(),
  fee: z.string(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  liquidationPrice: z.string().nullable(),
  closePrice: z.string().nullable(),
  status: ZOrderStatus,
  reason: z.string().nullable(),
  /** Realised PnL once closed; unrealised at the current price while open. */
  pnl: z.string().nullable(),
  clientOrderId: z.string().nullable(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZUpdateOrderRequest = z.object({
  takeProfit: ZDecimalInput('Take profit').nullable().optional(),
  stopLoss: ZDecimalInput('Stop loss').nullable().optional(),
  price: ZDecimalInput('Price').optional(),
});
export const ZAmountRequest = z.object({ amount: ZDecimalInput('Amount', 2) });

export const ORDER_PERIODS = ['all', '1Y', '1M', '1W'] as const;
export const ZOrdersQuery = z.object({
  account: ZAccount.optional(),
  status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(ZOrderStatus))
    .optional(),
  symbol: z.string().trim().toUpperCase().max(30).optional(),
  period: z.enum(ORDER_PERIODS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZBalance = z.object({
  balance: z.string(),
  equity: z.string(),
  marginUsed: z.string(),
  freeMargin: z.string(),
});
export type TBalance = z.infer<typeof ZBalance>;

export const ZPortfolio = ZBalance.extend({
  unrealizedPnl: z.string(),
  realizedPnl: z.string(),
  positions: z.array(ZOrder),
  series: z.array(z.object({ t: z.number(), equity: z.string() })),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;
