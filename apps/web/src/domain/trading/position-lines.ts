import type { TOrder } from '@td/contracts/trading';
import type { TChartPriceLine } from '../market/components/candle-chart';

/**
 * The levels of a pair's open positions to draw on its chart: each position's entry, its
 * take-profit and stop-loss when set, and its liquidation price.
 */
export function positionPriceLines(
  positions: readonly TOrder[] | undefined,
  symbol: string,
): TChartPriceLine[] {
  const lines: TChartPriceLine[] = [];
  for (const position of positions ?? []) {
    if (position.symbol !== symbol) continue;
    const side = position.side === 'buy' ? 'Buy' : 'Sell';
    if (position.price) lines.push({ price: position.price, title: `${side} entry`, kind: 'entry' });
    if (position.takeProfit) lines.push({ price: position.takeProfit, title: 'TP', kind: 'takeProfit' });
    if (position.stopLoss) lines.push({ price: position.stopLoss, title: 'SL', kind: 'stopLoss' });
    if (position.liquidationPrice)
      lines.push({ price: position.liquidationPrice, title: 'Liq.', kind: 'liquidation' });
  }
  return lines;
}
