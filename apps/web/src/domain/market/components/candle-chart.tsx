import { indicatorLabel } from '@td/contracts/chart-settings';
import type { TChartInterval } from '@td/contracts/constants';
import type { TCandle } from '@td/contracts/market';
import type { LogicalRange } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { IconCandles, IconRefresh } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { IconAlertTriangle } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../lib/i18n';
import { useChartSettings } from '../chart-settings';
import type { TCandleFeed } from '../use-candle-feed';
import styles from './candle-chart.module.css';
import { CandleChartSkeleton } from './candle-chart-skeleton';
import {
  drawIndicators,
  fillIndicators,
  legendColors,
  removeIndicators,
  type TDrawnIndicator,
  updateIndicators,
} from './chart-indicators';
import { useLineDragging } from './chart-line-drag';
import {
  drawPriceLines,
  keptInViewOf,
  lineYOf,
  type TChartPriceLine,
  type TDrawnPriceLine,
} from './chart-price-lines';
import {
  applyChartColors,
  applyChartFormat,
  BAR_SPACING_PX,
  createCandleChart,
  type TChartHandles,
} from './chart-series';
import { followHost, readThemeColors, toBar, toVolumeBar } from './chart-theme';

/** Older history loads when the view comes this close (in bars) to the oldest loaded candle. */
const LOAD_OLDER_EDGE_BARS = 20;

/** The user timing of the page's first drawn candles, which the mobile page benchmark reads. */
export const CHART_DRAWN_MARK = 'chart-drawn';
let hasMarkedChart = false;
function markFirstChart() {
  if (hasMarkedChart) return;
  hasMarkedChart = true;
  performance.mark(CHART_DRAWN_MARK);
}

export interface TCandleChartProps {
  /** The pair's candles and their state (`useCandleFeed`). */
  feed: TCandleFeed;
  interval: TChartInterval;
  /** Decimals of the pair's prices, for the price axis and the crosshair. */
  pricePrecision: number;
  /** The pair as users read it ('BTC/USD'), for the chart's accessible name. */
  pairLabel: string;
  /** Levels drawn across the chart with a label on the price axis (a position's entry, exits). */
  priceLines?: readonly TChartPriceLine[];
  /**
   * A draggable level was dropped at `price` (rounded to the pair's precision); false (or a promise
   * of it) puts the line back where it was.
   */
  onLineMove?: (line: TChartPriceLine, price: string) => boolean | Promise<boolean>;
  /** A level of an order was clicked. */
  onLineClick?: (line: TChartPriceLine) => void;
  className?: string;
}

/**
 * A candlestick chart with volume (lightweight-charts) that draws a feed's candles: a page with
 * setData(), the live candle through the series' update(), never by replacing the data; older
 * pages are asked for as the user scrolls to the left edge. Colours follow the theme, the size
 * follows the container, times are local.
 *
 * For tests and tools, the chart element carries `data-candles` (how many are loaded),
 * `data-last-time` and `data-last-close` (the newest candle), `data-line-y` (where each order's
 * level is drawn, as painted) and `data-dragging` (the level held by the pointer).
 */
export function CandleChart({
  feed,
  interval,
  pricePrecision,
  pairLabel,
  priceLines,
  onLineMove,
  onLineClick,
  className,
}: TCandleChartProps) {
  const t = useT();
  const hostRef = useRef<HTMLDivElement>(null);
  const [themeVersion, setThemeVersion] = useState(0);
  const handlesRef = useRef<TChartHandles | null>(null);
  const indicatorsRef = useRef<TDrawnIndicator[]>([]);
  const linesRef = useRef<TDrawnPriceLine[]>([]);
  /** The trader's own levels (entry, exits, limits) the price scale keeps in view. */
  const keptInViewRef = useRef<number[]>([]);
  const lineYFrameRef = useRef(0);
  const { indicators } = useChartSettings();
  const legend = legendColors(indicators);
  const feedRef = useRef(feed);
  feedRef.current = feed;

  /** Mirrors what is drawn onto the element's data attributes, without a React render. */
  const writeAttributes = () => {
    const host = hostRef.current;
    if (!host) return;
    const candles = feedRef.current.candles();
    const last = candles.at(-1);
    host.dataset.series = feedRef.current.key;
    host.dataset.candles = String(candles.length);
    host.dataset.lastTime = last ? String(last.t) : '';
    host.dataset.lastClose = last?.c ?? '';
    writeLineY();
    // The chart rescales when it paints, after this: the places are written again once it has.
    if (lineYFrameRef.current === 0) {
      lineYFrameRef.current = requestAnimationFrame(() => {
        lineYFrameRef.current = 0;
        writeLineY();
      });
    }
  };

  /** Where each order's level is drawn (px from the chart's top), for tools and tests. */
  const writeLineY = () => {
    const host = hostRef.current;
    if (!host) return;
    host.dataset.lineY = JSON.stringify(lineYOf(handlesRef.current?.candles, linesRef.current));
  };

  /** Draws the whole list: the first page, a page of older history, a theme change. */
  const drawAll = () => {
    const handles = handlesRef.current;
    if (!handles) return;
    const candles = feedRef.current.candles();
    handles.candles.setData(candles.map(toBar));
    handles.volume.setData(candles.map((candle) => toVolumeBar(candle, handles.colors)));
    fillIndicators(indicatorsRef.current, candles, handles.colors);
    writeAttributes();
    if (candles.length > 0) markFirstChart();
  };

  /** Folds one live candle into the end of the chart: update(), never setData(). */
  const drawLive = (candle: TCandle) => {
    const handles = handlesRef.current;
    if (!handles) return;
    handles.candles.update(toBar(candle));
    handles.volume.update(toVolumeBar(candle, handles.colors));
    updateIndicators(indicatorsRef.current, candle, handles.colors);
    writeAttributes();
  };

  // The chart itself: created once, resized with its box, recoloured when the theme changes.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const handles = createCandleChart(host, readThemeColors(), () => keptInViewRef.current);
    handlesRef.current = handles;

    const stopFollowing = followHost(host, handles.chart, (next) => {
      if (!handlesRef.current) return;
      handles.colors = next;
      applyChartColors(handles, next);
      // Volume colours are per bar: redraw them in the new theme.
      handles.volume.setData(feedRef.current.candles().map((candle) => toVolumeBar(candle, next)));
      setThemeVersion((version) => version + 1);
    });

    return () => {
      stopFollowing();
      handlesRef.current = null;
      cancelAnimationFrame(lineYFrameRef.current);
      lineYFrameRef.current = 0;
      handles.chart.remove();
    };
  }, []);

  // Price axis and crosshair follow the pair's precision and the interval.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    applyChartFormat(handles, interval, pricePrecision);
  }, [interval, pricePrecision]);

  // The user's indicators: drawn from the candles already held, then kept up by drawAll/drawLive.
  const indicatorsKey = JSON.stringify(indicators);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the indicators' content.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const drawn = drawIndicators(handles.chart, handles.volume, indicators, handles.colors);
    indicatorsRef.current = drawn;
    fillIndicators(drawn, feedRef.current.candles(), handles.colors);
    if (hostRef.current) {
      hostRef.current.dataset.indicators = indicators.map((indicator) => indicator.kind).join(',');
      hostRef.current.dataset.panes = String(handles.chart.panes().length);
    }
    return () => {
      indicatorsRef.current = [];
      if (handlesRef.current === handles) removeIndicators(handles.chart, handles.volume, drawn);
    };
  }, [indicatorsKey, themeVersion]);

  // What the feed holds now, then every change: a page redrawn, a live candle folded in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing helpers read refs only.
  useEffect(() => {
    drawAll();
    return feed.subscribe((change) => {
      if (change.kind === 'live') return drawLive(change.candle);
      drawAll();
      const handles = handlesRef.current;
      if (change.kind === 'page' && change.isFirstPage && handles) {
        // A short history (a young pair, weekly candles) fills the width instead of hugging the right.
        const widthPx = hostRef.current?.clientWidth ?? 0;
        if (feedRef.current.candles().length * BAR_SPACING_PX < widthPx)
          handles.chart.timeScale().fitContent();
        else handles.chart.timeScale().resetTimeScale();
      }
    });
  }, [feed.subscribe]);

  // The price lines, redrawn when they change or the theme does.
  const linesKey = JSON.stringify(priceLines ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the lines' content.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const lines = priceLines ?? [];
    keptInViewRef.current = keptInViewOf(lines);
    const drawn = drawPriceLines(handles.candles, lines, handles.colors);
    linesRef.current = drawn;
    if (hostRef.current) hostRef.current.dataset.priceLines = lines.map((line) => line.title).join(',');
    // The levels kept in view change the scale: every line's place moves.
    writeAttributes();
    return () => {
      linesRef.current = [];
      for (const { api } of drawn) handles.candles.removePriceLine(api);
    };
  }, [linesKey, themeVersion]);

  useLineDragging(hostRef, handlesRef, linesRef, { onLineMove, onLineClick, pricePrecision });

  // Older history when the view reaches the left edge.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const onRangeChange = (range: LogicalRange | null) => {
      if (range && range.from < LOAD_OLDER_EDGE_BARS) void feedRef.current.loadOlder();
    };
    const timeScale = handles.chart.timeScale();
    timeScale.subscribeVisibleLogicalRangeChange(onRangeChange);
    return () => timeScale.unsubscribeVisibleLogicalRangeChange(onRangeChange);
  }, []);

  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(' ')}
      aria-busy={feed.isPending || undefined}
    >
      <div
        ref={hostRef}
        className={styles.chart}
        data-testid="candle-chart"
        role="img"
        aria-label={`${pairLabel} candlestick chart`}
      />
      {indicators.length > 0 ? (
        <ul className={styles.legend} data-testid="chart-legend" aria-label={t('chart.indicators')}>
          {indicators.map((indicator, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same indicator may be drawn twice (two periods).
              key={index}
              className={styles.legendItem}
              style={{ color: legend[index] }}
            >
              {indicator.kind === 'volume' ? t('indicator.name.volume') : indicatorLabel(indicator)}
            </li>
          ))}
        </ul>
      ) : null}
      {feed.isPending ? <CandleChartSkeleton /> : null}
      {feed.isError ? (
        <div className={styles.message} role="alert">
          <span className={styles.messageIcon}>
            <IconAlertTriangle size={20} />
          </span>
          <p className={styles.messageTitle}>{t('chart.error')}</p>
          <Button size="sm" icon={<IconRefresh size={14} />} onClick={feed.retry} isLoading={feed.isRetrying}>
            {t('loadError.retry')}
          </Button>
        </div>
      ) : null}
      {feed.isEmpty ? (
        <div className={styles.message}>
          <span className={styles.messageIcon}>
            <IconCandles size={20} />
          </span>
          <p className={styles.messageTitle}>{t('chart.empty')}</p>
        </div>
      ) : null}
      {feed.isLoadingOlder ? (
        <div className={styles.history} role="status">
          <Spinner size={12} />
          {t('chart.loadingHistory')}
        </div>
      ) : null}
      {feed.isConnecting ? (
        <div
          className={styles.connecting}
          role="status"
          aria-live="polite"
          data-placement={feed.isError || feed.isEmpty ? 'top' : 'center'}
        >
          <span className={styles.connectingPill}>
            <Spinner size={14} />
            {t('chart.connecting')}
          </span>
        </div>
      ) : null}
    </div>
  );
}
