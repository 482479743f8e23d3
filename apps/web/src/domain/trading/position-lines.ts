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
  for (const position of positions ?? []) {
    if (position.symbol !== symbol) continue;
    const orderId = position.id;
    if (position.price)
      lines.push({
        price: position.price,
        title: t(position.side === 'buy' ? 'orders.line.buyEntry' : 'orders.line.sellEntry'),
        kind: 'entry',
        orderId,
      });
    if (position.takeProfit)
      lines.push({
        price: position.takeProfit,
        title: t('orders.line.takeProfit'),
        kind: 'takeProfit',
        orderId,
        isDraggable: true,
      });
    // A trailing stop's current level moves with the price: the server moves it, not a drag.
    if (position.stopLoss)
      lines.push({
        price: position.stopLoss,
        title: t(position.trailingStop ? 'orders.line.trailingStop' : 'orders.line.stopLoss'),
        kind: 'stopLoss',
        orderId,
        isDraggable: !position.trailingStop,
      });
    if (position.liquidationPrice)
      lines.push({
        price: position.liquidationPrice,
        title: t('orders.line.liquidation'),
        kind: 'liquidation',
        orderId,
      });
  }
  for (const order of pending) {
    if (order.symbol !== symbol) continue;
    // A stop waiting for its trigger (dragged, it moves the trigger).
    const isStopWaiting = Boolean(order.stopPrice && (order.type === 'stop' || !order.triggeredAt));
    if (order.stopPrice && isStopWaiting)
      lines.push({
        price: order.stopPrice,
        title: t(order.side === 'buy' ? 'orders.line.stopBuy' : 'orders.line.stopSell'),
        kind: 'stop',
        orderId: order.id,
        isDraggable: true,
      });
    if (order.price)
      lines.push({
        price: order.price,
        title: t(order.side === 'buy' ? 'orders.line.limitBuy' : 'orders.line.limitSell'),
        kind: 'limit',
        orderId: order.id,
        isDraggable: true,
      });
    // The exits it will open with, named after the line it waits on (its trigger, else its limit).
    const named = isStopWaiting || !order.price ? 'stop' : 'limit';
    const prefix = t(`orders.line.${named}${order.side === 'buy' ? 'Buy' : 'Sell'}`);
    if (order.takeProfit)
      lines.push({
        price: order.takeProfit,
        title: t('orders.line.pendingTakeProfit', { order: prefix }),
        kind: 'takeProfit',
        orderId: order.id,
        isDraggable: true,
        isPending: true,
      });
    if (order.stopLoss)
      lines.push({
        price: order.stopLoss,
        title: t('orders.line.pendingStopLoss', { order: prefix }),
        kind: 'stopLoss',
        orderId: order.id,
        isDraggable: true,
        isPending: true,
      });
  }
  return lines;
}
