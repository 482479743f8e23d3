import { type IPriceLine, type ISeriesApi, LineStyle } from 'lightweight-charts';
import { type TChartColors, withAlpha } from './chart-theme';

/** The levels drawn across the candle chart (a position's entry and exits, an order's price). */

/** A level on the chart: its price, a short label, and what it means (which sets its colour). */
export interface TChartPriceLine {
  price: string;
  title: string;
  kind: 'entry' | 'takeProfit' | 'stopLoss' | 'liquidation' | 'limit' | 'stop';
  /** The order the level belongs to: a click on the line opens it. */
  orderId?: string;
  /** The level can be dragged to a new price (a take-profit, a stop-loss, a limit price). */
  isDraggable?: boolean;
  /** An exit a pending order will open with (not yet a position's): drawn dotted, fainter. */
  isPending?: boolean;
}

/** A level as drawn: the level and the chart's handle of its line. */
export interface TDrawnPriceLine {
  line: TChartPriceLine;
  api: IPriceLine;
}

/** The opacity of a pending order's exits. */
const PENDING_ALPHA = 0.7;

const lineColor = (kind: TChartPriceLine['kind'], colors: TChartColors) =>
  ({
    entry: colors.entry,
    takeProfit: colors.up,
    stopLoss: colors.down,
    liquidation: colors.warning,
    limit: colors.accent,
    stop: colors.warning,
  })[kind];

/** An entry solid, an exit or an order's price dashed, a pending order's exits sparsely dotted. */
const styleOf = (line: TChartPriceLine) => {
  if (line.kind === 'entry') return LineStyle.Solid;
  return line.isPending ? LineStyle.SparseDotted : LineStyle.Dashed;
};

/**
 * The trader's own levels (entry, exits, limits) the price scale keeps in view; the liquidation
 * price is left out.
 */
export function keptInViewOf(lines: readonly TChartPriceLine[]): number[] {
  return lines
    .filter((line) => line.kind !== 'liquidation')
    .map((line) => Number(line.price))
    .filter((price) => Number.isFinite(price) && price > 0);
}

/**
 * Draws the levels on the candles, with a label on the price axis. The chart draws them from
 * numbers; the figures themselves stay decimal strings everywhere else.
 */
export function drawPriceLines(
  candles: ISeriesApi<'Candlestick'>,
  lines: readonly TChartPriceLine[],
  colors: TChartColors,
): TDrawnPriceLine[] {
  return lines.map((line) => ({
    line,
    api: candles.createPriceLine({
      price: Number(line.price),
      // A pending order's exits are fainter: a plan, not yet a position's.
      color: line.isPending
        ? withAlpha(lineColor(line.kind, colors), PENDING_ALPHA)
        : lineColor(line.kind, colors),
      lineWidth: 1,
      lineStyle: styleOf(line),
      axisLabelVisible: true,
      title: line.title,
    }),
  }));
}

/** Where each level is drawn (px from the chart's top, null off the scale), by its title. */
export function lineYOf(
  candles: ISeriesApi<'Candlestick'> | undefined,
  drawn: readonly TDrawnPriceLine[],
): Record<string, number | null> {
  return Object.fromEntries(
    drawn.map(({ line }) => [line.title, candles?.priceToCoordinate(Number(line.price)) ?? null]),
  );
}
