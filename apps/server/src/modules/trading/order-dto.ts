import { formatScaled } from '@td/contracts/decimal';
import type { TOrder } from '@td/contracts/trading';
import type { OrderRow } from './orders.repository';

/** An order row as the API and the stream send it: money and prices as decimal strings. */
export function toOrderDto(row: OrderRow, unrealizedPnl?: bigint): TOrder {
  const price = (value: bigint | null) => (value === null ? null : formatScaled(value, row.precision));
  const pnl = row.pnlCents ?? unrealizedPnl ?? null;
  return {
    id: row.id,
    account: row.book,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    amount: formatScaled(row.amountCents, 2),
    leverage: row.leverage,
    price: price(row.price),
    margin: formatScaled(row.marginCents, 2),
    fee: formatScaled(row.feeCents, 2),
    takeProfit: price(row.takeProfit),
    stopLoss: price(row.stopLoss),
    liquidationPrice: price(row.liquidationPrice),
    closePrice: price(row.closePrice),
    stopPrice: price(row.stopPrice),
    trailingStop: price(row.trailingStop),
    timeInForce: row.timeInForce,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    status: row.status,
    reason: row.reason,
    pnl: pnl === null ? null : formatScaled(pnl, 2),
    swap: formatScaled(row.swapCents, 2),
    clientOrderId: row.clientOrderId,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
