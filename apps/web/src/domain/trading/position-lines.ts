import type { TOrder } from '@td/contracts/trading';
import { t } from '../../lib/i18n';
import type { TChartPriceLine } from '../market/components/chart-price-lines';

/**
 * The levels of a pair's open positions to draw on its chart: each position's entry, its
 * take-profit and stop-loss when set (which can be dragged to a new level), and its liquidation
 * price; and each pending limit order's price and each pending stop's trigger, with the
 * take-profit and stop-loss the order will open with (named after the order, "Limit buy TP", and
 * drawn fainter); dragged, they move the order. A trailing stop-loss is drawn where the server has
 * moved it. Every line names its order, so a click on it opens that order.
 */
export function positionPriceLines(
  positions: readonly TOrder[] | undefined,
  symbol: string,
  pending: readonly TOrder[] = [],
): TChartPriceLine[] {
  const lines: TChartPriceLine[] = [];
  /** A line at the order's level, when it has that level. */
  const add = (price: string | null | undefined, line: Omit<TChartPriceLine, 'price'>) => {
    if (price) lines.push({ price, ...line });
  };
  for (const position of positions ?? []) {
    if (position.symbol !== symbol) continue;
    const orderId = position.id;
    const entry = position.side === 'buy' ? 'orders.line.buyEntry' : 'orders.line.sellEntry';
    add(position.price, { title: t(entry), kind: 'entry', orderId });
    add(position.takeProfit, {
      title: t('orders.line.takeProfit'),
      kind: 'takeProfit',
      orderId,
      isDraggable: true,
    });
    // A trailing stop's current level moves with the price: the server moves it, not a drag.
    add(position.stopLoss, {
      title: t(position.trailingStop ? 'orders.line.trailingStop' : 'orders.line.stopLoss'),
      kind: 'stopLoss',
      orderId,
      isDraggable: !position.trailingStop,
    });
    add(position.liquidationPrice, { title: t('orders.line.liquidation'), kind: 'liquidation', orderId });
  }
  for (const order of pending) {
    if (order.symbol !== symbol) continue;
    const orderId = order.id;
    const side = order.side === 'buy' ? 'Buy' : 'Sell';
    // A stop waiting for its trigger (dragged, it moves the trigger).
    const isStopWaiting = Boolean(order.stopPrice && (order.type === 'stop' || !order.triggeredAt));
    if (isStopWaiting)
      add(order.stopPrice, { title: t(`orders.line.stop${side}`), kind: 'stop', orderId, isDraggable: true });
    add(order.price, { title: t(`orders.line.limit${side}`), kind: 'limit', orderId, isDraggable: true });
    // The exits it will open with, named after the line it waits on (its trigger, else its limit).
    const named = isStopWaiting || !order.price ? 'stop' : 'limit';
    const prefix = t(`orders.line.${named}${side}`);
    const exit = { orderId, isDraggable: true, isPending: true };
    add(order.takeProfit, {
      title: t('orders.line.pendingTakeProfit', { order: prefix }),
      kind: 'takeProfit',
      ...exit,
    });
    add(order.stopLoss, {
      title: t('orders.line.pendingStopLoss', { order: prefix }),
      kind: 'stopLoss',
      ...exit,
    });
  }
  return lines;
}
