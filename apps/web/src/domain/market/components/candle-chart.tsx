import { indicatorLabel } from '@td/contracts/chart-settings';
import type { TChartInterval } from '@td/contracts/constants';
import type { TCandle } from '@td/contracts/market';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type LogicalRange,
  type TickMarkType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { IconAlertTriangle, IconCandles, IconRefresh } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import {
  formatChartTick,
  formatChartTime,
  formatPrice,
  isIntradayInterval,
} from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useChartSettings } from '../chart-settings';
import type { TCandleFeed } from '../use-candle-feed';
import styles from './candle-chart.module.css';
import {
  drawIndicators,
  fillIndicators,
  legendColors,
  removeIndicators,
  type TDrawnIndicator,
  updateIndicators,
} from './chart-indicators';
import {
  followHost,
  priceFormatOf,
  readThemeColors,
  type TChartColors,
  TICK_KIND,
  themedLayout,
  timeMsOf,
  toBar,
  toVolumeBar,
  VOLUME_SCALE_TOP,
} from './chart-theme';

/** Older history loads when the view comes this close (in bars) to the oldest loaded candle. */
const LOAD_OLDER_EDGE_BARS = 20;
/** The default bar spacing of the time scale: with fewer candles than fill the width, fit them. */
const BAR_SPACING_PX = 6;

interface TChartHandles {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  colors: TChartColors;
}

const SKELETON_BARS = 48;

/** The user timing of the page's first drawn candles, which the mobile page benchmark reads. */
export const CHART_DRAWN_MARK = 'chart-drawn';
let hasMarkedChart = false;
function markFirstChart() {
  if (hasMarkedChart) return;
  hasMarkedChart = true;
  performance.mark(CHART_DRAWN_MARK);
}

/** A fixed, candle-like wander for the placeholder bars: [bottom %, height %] per bar. */
const SKELETON_SHAPE = Array.from({ length: SKELETON_BARS }, (_, index) => {
  const wave = Math.sin(index / 5) * 14 + Math.sin(index / 2.3) * 5;
  return [Math.round(36 + wave + index * 0.35), 6 + ((index * 7) % 11)] as const;
});

/** Grey candles the size of the chart while the candles load, so nothing moves when they arrive. */
export function CandleChartSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      {SKELETON_SHAPE.map(([bottom, height], index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          key={index}
          className={styles.skeletonBar}
          style={{ left: `${(index / SKELETON_BARS) * 100}%`, bottom: `${bottom}%`, height: `${height}%` }}
        />
      ))}
    </div>
  );
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

/** A level on the chart: its price, a short label, and what it means (which sets its colour). */
export interface TChartPriceLine {
  price: string;
  title: string;
  kind: 'entry' | 'takeProfit' | 'stopLoss' | 'liquidation' | 'limit' | 'stop';
  /** The order the level belongs to: a click on the line opens it. */
  orderId?: string;
  /** The level can be dragged to a new price (a take-profit, a stop-loss, a limit price). */
  isDraggable?: boolean;
}

const lineColor = (kind: TChartPriceLine['kind'], colors: TChartColors) =>
  ({
    entry: colors.entry,
    takeProfit: colors.up,
    stopLoss: colors.down,
    liquidation: colors.warning,
    limit: colors.accent,
    stop: colors.warning,
  })[kind];

/** How close (px) a pointer must come to a line to take it. */
const LINE_HIT_PX = 6;
/** Less movement than this is a click on the line, not a drag. */
const DRAG_THRESHOLD_PX = 3;

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
  const linesRef = useRef<Array<{ line: TChartPriceLine; api: IPriceLine }>>([]);
  /** The trader's own levels (entry, exits, limits) the price scale keeps in view. */
  const keptInViewRef = useRef<number[]>([]);
  const lineYFrameRef = useRef(0);
  const handlersRef = useRef({ onLineMove, onLineClick, pricePrecision });
  handlersRef.current = { onLineMove, onLineClick, pricePrecision };
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
    const handles = handlesRef.current;
    if (!host) return;
    host.dataset.lineY = JSON.stringify(
      Object.fromEntries(
        linesRef.current.map(({ line }) => [
          line.title,
          handles?.candles.priceToCoordinate(Number(line.price)) ?? null,
        ]),
      ),
    );
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
    const colors = readThemeColors();
    const chart = createChart(host, {
      width: host.clientWidth,
      height: host.clientHeight,
      layout: themedLayout(colors),
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      crosshair: {
        mode: CrosshairMode.Normal,
        vertLine: { color: colors.crosshair, labelBackgroundColor: colors.crosshairLabel },
        horzLine: { color: colors.crosshair, labelBackgroundColor: colors.crosshairLabel },
      },
      rightPriceScale: { borderColor: colors.border, scaleMargins: { top: 0.08, bottom: 0.24 } },
      timeScale: {
        borderColor: colors.border,
        rightOffset: 6,
        barSpacing: BAR_SPACING_PX,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: TickMarkType) =>
          formatChartTick(timeMsOf(time), TICK_KIND[type]),
      },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      borderUpColor: colors.up,
      borderDownColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      // A position's take-profit or stop-loss, or a pending order's price, stays on screen however
      // far it is from the candles, so it can be seen and dragged (the liquidation price is left
      // out: it would flatten the candles).
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => {
        const info = base();
        const kept = keptInViewRef.current;
        if (!info?.priceRange || kept.length === 0) return info;
        const { minValue, maxValue } = info.priceRange;
        return {
          ...info,
          priceRange: { minValue: Math.min(minValue, ...kept), maxValue: Math.max(maxValue, ...kept) },
        };
      },
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: VOLUME_SCALE_TOP, bottom: 0 } });
    handlesRef.current = { chart, candles, volume, colors };

    const stopFollowing = followHost(host, chart, (next) => {
      const handles = handlesRef.current;
      if (!handles) return;
      handles.colors = next;
      chart.applyOptions({
        grid: { vertLines: { color: next.grid }, horzLines: { color: next.grid } },
        crosshair: {
          vertLine: { color: next.crosshair, labelBackgroundColor: next.crosshairLabel },
          horzLine: { color: next.crosshair, labelBackgroundColor: next.crosshairLabel },
        },
        rightPriceScale: { borderColor: next.border },
        timeScale: { borderColor: next.border },
      });
      candles.applyOptions({
        upColor: next.up,
        downColor: next.down,
        borderUpColor: next.up,
        borderDownColor: next.down,
        wickUpColor: next.up,
        wickDownColor: next.down,
      });
      // Volume colours are per bar: redraw them in the new theme.
      volume.setData(feedRef.current.candles().map((candle) => toVolumeBar(candle, next)));
      setThemeVersion((version) => version + 1);
    });

    return () => {
      stopFollowing();
      handlesRef.current = null;
      cancelAnimationFrame(lineYFrameRef.current);
      lineYFrameRef.current = 0;
      chart.remove();
    };
  }, []);

  // Price axis and crosshair follow the pair's precision and the interval.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const isIntraday = isIntradayInterval(interval);
    handles.candles.applyOptions({ priceFormat: priceFormatOf(pricePrecision) });
    handles.chart.applyOptions({
      timeScale: { timeVisible: isIntraday },
      localization: {
        timeFormatter: (time: Time) => formatChartTime(timeMsOf(time), isIntraday),
        // Grouped like every other price on the screen ('50,771.75'); the axis hands us a number.
        priceFormatter: (price: number) => formatPrice(price.toFixed(pricePrecision), pricePrecision),
      },
    });
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

  // The price lines, redrawn when they change or the theme does. The chart draws them from
  // numbers; the figures themselves stay decimal strings everywhere else.
  const linesKey = JSON.stringify(priceLines ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the lines' content.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    keptInViewRef.current = (priceLines ?? [])
      .filter((line) => line.kind !== 'liquidation')
      .map((line) => Number(line.price))
      .filter((price) => Number.isFinite(price) && price > 0);
    const drawn: IPriceLine[] = (priceLines ?? []).map((line) =>
      handles.candles.createPriceLine({
        price: Number(line.price),
        color: lineColor(line.kind, handles.colors),
        lineWidth: 1,
        lineStyle: line.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    linesRef.current = (priceLines ?? []).flatMap((line, index) => {
      const api = drawn[index];
      return api ? [{ line, api }] : [];
    });
    if (hostRef.current)
      hostRef.current.dataset.priceLines = (priceLines ?? []).map((line) => line.title).join(',');
    // The levels kept in view change the scale: every line's place moves.
    writeAttributes();
    return () => {
      linesRef.current = [];
      for (const line of drawn) handles.candles.removePriceLine(line);
    };
  }, [linesKey, themeVersion]);

  // Trading from the chart: a draggable level follows the pointer and is dropped at a new price; a
  // click on an order's level opens the order. The chart's own scrolling pauses during a drag.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let drag:
      | { entry: { line: TChartPriceLine; api: IPriceLine }; startY: number; price: number; moved: boolean }
      | undefined;
    const yOf = (event: PointerEvent) => event.clientY - host.getBoundingClientRect().top;
    const hit = (y: number) => {
      const handles = handlesRef.current;
      if (!handles) return undefined;
      return linesRef.current.find(({ line }) => {
        if (!line.orderId) return false;
        const at = handles.candles.priceToCoordinate(Number(line.price));
        return at !== null && Math.abs(at - y) <= LINE_HIT_PX;
      });
    };
    const setScrolling = (isOn: boolean) =>
      handlesRef.current?.chart.applyOptions({ handleScroll: isOn, handleScale: isOn });
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const entry = hit(yOf(event));
      if (!entry) return;
      event.preventDefault();
      event.stopPropagation();
      host.setPointerCapture(event.pointerId);
      drag = { entry, startY: yOf(event), price: Number(entry.line.price), moved: false };
      // Which line is held, for tools and tests (a live chart's lines move under the pointer).
      host.dataset.dragging = entry.line.title;
      setScrolling(false);
    };
    const onMove = (event: PointerEvent) => {
      const y = yOf(event);
      if (!drag) {
        const near = hit(y);
        host.style.cursor = near ? (near.line.isDraggable ? 'ns-resize' : 'pointer') : '';
        return;
      }
      event.stopPropagation();
      if (!drag.entry.line.isDraggable) return;
      if (Math.abs(y - drag.startY) > DRAG_THRESHOLD_PX) drag.moved = true;
      const price = handlesRef.current?.candles.coordinateToPrice(y);
      if (price === null || price === undefined || !drag.moved) return;
      drag.price = price;
      drag.entry.api.applyOptions({ price });
    };
    const onUp = (event: PointerEvent) => {
      if (!drag) return;
      event.stopPropagation();
      const { entry, moved, price } = drag;
      drag = undefined;
      delete host.dataset.dragging;
      setScrolling(true);
      const { onLineMove: move, onLineClick: click, pricePrecision: precision } = handlersRef.current;
      if (!moved) return click?.(entry.line);
      if (price <= 0) {
        entry.api.applyOptions({ price: Number(entry.line.price) });
        return;
      }
      const putBack = () => {
        try {
          entry.api.applyOptions({ price: Number(entry.line.price) });
        } catch {
          // The line was redrawn meanwhile (the order changed): nothing to put back.
        }
      };
      if (!move) return putBack();
      void Promise.resolve(move(entry.line, price.toFixed(precision))).then((isKept) => {
        if (!isKept) putBack();
      });
    };
    host.addEventListener('pointerdown', onDown, { capture: true });
    host.addEventListener('pointermove', onMove, { capture: true });
    host.addEventListener('pointerup', onUp, { capture: true });
    host.addEventListener('pointercancel', onUp, { capture: true });
    return () => {
      host.removeEventListener('pointerdown', onDown, { capture: true });
      host.removeEventListener('pointermove', onMove, { capture: true });
      host.removeEventListener('pointerup', onUp, { capture: true });
      host.removeEventListener('pointercancel', onUp, { capture: true });
    };
  }, []);

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
