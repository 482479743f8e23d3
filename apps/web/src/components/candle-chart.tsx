import { INTERVAL_MS, type TChartInterval } from '@td/contracts/constants';
import type { TCandle } from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import {
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import {
  compareDecimal,
  formatChartTick,
  formatChartTime,
  formatPrice,
  isIntradayInterval,
  type TChartTickKind,
} from '../lib/format-market';
import { applyLiveCandle, mergeCandles } from '../lib/market/candles';
import { getKlines, KLINES_PAGE_SIZE, useKlines } from '../lib/market/get-klines';
import { streamSymbol } from '../lib/market/pair-symbols';
import { subscribeKline, useStreamStatus } from '../lib/socket';
import { Button } from './button';
import styles from './candle-chart.module.css';
import { IconAlertTriangle, IconCandles, IconRefresh } from './icons';
import { Spinner } from './spinner';

/** Older history loads when the view comes this close (in bars) to the oldest loaded candle. */
const LOAD_OLDER_EDGE_BARS = 20;
/**
 * The longest gap in trading to step over when a page of history comes back empty (a long weekend
 * of a closed market): past it, history has ended. The server looks back twice a page's span.
 */
const HISTORY_GAP_MAX_MS = 4 * 24 * 3600 * 1000;
/** The default bar spacing of the time scale: with fewer candles than fill the width, fit them. */
const BAR_SPACING_PX = 6;
/** After a failed history page, scrolling to the edge asks again no sooner than this. */
const OLDER_RETRY_MS = 5000;
/** Live candles that arrive before the first page are kept (only the latest few matter). */
const PENDING_LIVE_MAX = 16;
/** The volume bars take the bottom fifth of the chart, under the candles. */
const VOLUME_SCALE_TOP = 0.82;
const VOLUME_ALPHA = 0.32;

interface TChartColors {
  background: string;
  text: string;
  grid: string;
  border: string;
  crosshair: string;
  crosshairLabel: string;
  up: string;
  down: string;
  volumeUp: string;
  volumeDown: string;
  fontFamily: string;
}

/** '#2ebd85' + 0.45 → 'rgba(46, 189, 133, 0.45)'; anything else is returned as it is. */
function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const [, red = '0', green = '0', blue = '0'] = match;
  return `rgba(${Number.parseInt(red, 16)}, ${Number.parseInt(green, 16)}, ${Number.parseInt(blue, 16)}, ${alpha})`;
}

/** The chart paints on a canvas, so it takes the theme's colours from the CSS variables. */
function readThemeColors(): TChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = read('--color-up', '#2ebd85');
  const down = read('--color-down', '#f6616f');
  return {
    background: read('--color-surface-1', '#12161d'),
    text: read('--color-text-3', '#8a93a3'),
    grid: withAlpha(read('--color-border', '#252c38'), 0.6),
    border: read('--color-border', '#252c38'),
    crosshair: read('--color-text-3', '#8a93a3'),
    crosshairLabel: read('--color-surface-3', '#1f2531'),
    up,
    down,
    volumeUp: withAlpha(up, VOLUME_ALPHA),
    volumeDown: withAlpha(down, VOLUME_ALPHA),
    fontFamily: read('--font-sans', 'system-ui, sans-serif'),
  };
}

const TICK_KIND: Record<TickMarkType, TChartTickKind> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time-seconds',
};

/** Our times are UTC seconds; the labels show the user's local time. */
const timeMsOf = (time: Time) => (typeof time === 'number' ? time * 1000 : Number.NaN);

// The chart library draws numbers, so the decimal strings become numbers here, for drawing only;
// no price or amount is ever computed with them.
const toBar = (candle: TCandle): CandlestickData<Time> => ({
  time: Math.floor(candle.t / 1000) as UTCTimestamp,
  open: Number(candle.o),
  high: Number(candle.h),
  low: Number(candle.l),
  close: Number(candle.c),
});

const toVolumeBar = (candle: TCandle, colors: TChartColors): HistogramData<Time> => ({
  time: Math.floor(candle.t / 1000) as UTCTimestamp,
  value: Number(candle.v),
  color: compareDecimal(candle.c, candle.o) >= 0 ? colors.volumeUp : colors.volumeDown,
});

const priceFormatOf = (precision: number) => ({
  type: 'price' as const,
  precision,
  minMove: Number(`1e-${precision}`),
});

interface TChartHandles {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  colors: TChartColors;
}

/** What the chart holds for one pair and interval; replaced (not mutated) when either changes. */
interface TSeriesState {
  key: string;
  /** Every candle drawn, oldest first. */
  candles: TCandle[];
  hasFirstPage: boolean;
  /** Live candles that came before the first page. */
  pendingLive: TCandle[];
  hasMoreHistory: boolean;
  isLoadingOlder: boolean;
  retryOlderAfterMs: number;
}

const newSeriesState = (key: string): TSeriesState => ({
  key,
  candles: [],
  hasFirstPage: false,
  pendingLive: [],
  hasMoreHistory: true,
  isLoadingOlder: false,
  retryOlderAfterMs: 0,
});

const SKELETON_BARS = 48;

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
  /** The bare pair symbol ('BTC_USDT'). */
  symbol: string;
  pairType: TPairType;
  interval: TChartInterval;
  /** Decimals of the pair's prices, for the price axis and the crosshair. */
  pricePrecision: number;
  /** The pair as users read it ('BTC/USD'), for the chart's accessible name. */
  pairLabel: string;
  className?: string;
}

/**
 * A candlestick chart with volume (lightweight-charts): the latest page of candles from
 * /public/klines, older pages as the user scrolls to the left edge, and the live candle from the
 * stream through the series' update(), never by replacing the data. Colours follow the theme,
 * the size follows the container, times are local.
 *
 * For tests and tools, the chart element carries `data-candles` (how many are loaded),
 * `data-last-time` and `data-last-close` (the newest candle).
 */
export function CandleChart({
  symbol,
  pairType,
  interval,
  pricePrecision,
  pairLabel,
  className,
}: TCandleChartProps) {
  const key = `${symbol}|${interval}`;
  const query = useKlines(symbol, interval);
  const streamStatus = useStreamStatus();
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const hostRef = useRef<HTMLDivElement>(null);
  const handlesRef = useRef<TChartHandles | null>(null);
  const stateRef = useRef<TSeriesState>(newSeriesState(key));

  /** Mirrors what is drawn onto the element's data attributes, without a React render. */
  const writeAttributes = () => {
    const host = hostRef.current;
    if (!host) return;
    const { candles, key: drawnKey } = stateRef.current;
    const last = candles.at(-1);
    host.dataset.series = drawnKey;
    host.dataset.candles = String(candles.length);
    host.dataset.lastTime = last ? String(last.t) : '';
    host.dataset.lastClose = last?.c ?? '';
  };

  /** Draws the whole list: the first page, a page of older history, a theme change. */
  const drawAll = () => {
    const handles = handlesRef.current;
    if (!handles) return;
    const { candles } = stateRef.current;
    handles.candles.setData(candles.map(toBar));
    handles.volume.setData(candles.map((candle) => toVolumeBar(candle, handles.colors)));
    writeAttributes();
  };

  /** Folds one live candle into the end of the chart: update(), never setData(). */
  const drawLive = (candle: TCandle) => {
    const handles = handlesRef.current;
    const state = stateRef.current;
    if (!handles || applyLiveCandle(state.candles, candle) === 'ignore') return;
    handles.candles.update(toBar(candle));
    handles.volume.update(toVolumeBar(candle, handles.colors));
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
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontFamily: colors.fontFamily,
        fontSize: 11,
      },
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
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: VOLUME_SCALE_TOP, bottom: 0 } });
    handlesRef.current = { chart, candles, volume, colors };

    const resizeObserver = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      chart.resize(Math.floor(width), Math.floor(height));
    });
    resizeObserver.observe(host);

    // The theme lives on <html data-theme>; the CSS variables change with it.
    const themeObserver = new MutationObserver(() => {
      const handles = handlesRef.current;
      if (!handles) return;
      const next = readThemeColors();
      handles.colors = next;
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: next.background }, textColor: next.text },
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
      volume.setData(stateRef.current.candles.map((candle) => toVolumeBar(candle, next)));
    });
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    return () => {
      resizeObserver.disconnect();
      themeObserver.disconnect();
      handlesRef.current = null;
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

  // Another pair or interval: start from an empty chart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs exactly when the series changes.
  useEffect(() => {
    stateRef.current = newSeriesState(key);
    setIsLoadingOlder(false);
    const handles = handlesRef.current;
    if (!handles) return;
    handles.candles.setData([]);
    handles.volume.setData([]);
    writeAttributes();
  }, [key]);

  // The latest page (first load, or a retry): merged with the history already scrolled into.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing helpers read refs only.
  useEffect(() => {
    const state = stateRef.current;
    if (!query.data || state.key !== key) return;
    const isFirstPage = !state.hasFirstPage;
    state.candles = mergeCandles(state.candles, query.data);
    state.hasFirstPage = true;
    drawAll();
    for (const candle of state.pendingLive.splice(0)) drawLive(candle);
    const handles = handlesRef.current;
    if (isFirstPage && handles) {
      // A short history (a young pair, weekly candles) fills the width instead of hugging the right.
      const widthPx = hostRef.current?.clientWidth ?? 0;
      if (state.candles.length * BAR_SPACING_PX < widthPx) handles.chart.timeScale().fitContent();
      else handles.chart.timeScale().resetTimeScale();
    }
  }, [query.data, key]);

  // Live candles from the stream.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing helpers read refs only.
  useEffect(() => {
    return subscribeKline(streamSymbol(pairType, symbol), interval, (event) => {
      const state = stateRef.current;
      if (state.key !== key) return;
      if (!state.hasFirstPage) {
        state.pendingLive.push(event.candle);
        if (state.pendingLive.length > PENDING_LIVE_MAX) state.pendingLive.shift();
        return;
      }
      drawLive(event.candle);
    });
  }, [key, pairType, symbol, interval]);

  // Older history when the view reaches the left edge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing helpers read refs only.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const loadOlder = async () => {
      const state = stateRef.current;
      const oldest = state.candles[0];
      if (!oldest || !state.hasFirstPage || state.isLoadingOlder || !state.hasMoreHistory) return;
      if (Date.now() < state.retryOlderAfterMs) return;
      state.isLoadingOlder = true;
      setIsLoadingOlder(true);
      try {
        // A page before the oldest candle; an empty one may be a closed market, so step past it.
        const windowMs = 2 * KLINES_PAGE_SIZE * INTERVAL_MS[interval];
        const emptyPagesMax = Math.max(1, Math.ceil(HISTORY_GAP_MAX_MS / windowMs));
        let toMs = oldest.t;
        let page: TCandle[] = [];
        for (let empty = 0; page.length === 0 && empty < emptyPagesMax && toMs > 0; empty += 1) {
          page = (await getKlines({ symbol, interval, toMs })).data;
          toMs -= windowMs;
        }
        if (stateRef.current !== state) return;
        if (page.length === 0) {
          state.hasMoreHistory = false;
          return;
        }
        state.candles = mergeCandles(page, state.candles);
        drawAll();
      } catch {
        state.retryOlderAfterMs = Date.now() + OLDER_RETRY_MS;
      } finally {
        state.isLoadingOlder = false;
        if (stateRef.current === state) setIsLoadingOlder(false);
      }
    };
    const onRangeChange = (range: LogicalRange | null) => {
      if (range && range.from < LOAD_OLDER_EDGE_BARS) void loadOlder();
    };
    const timeScale = handles.chart.timeScale();
    timeScale.subscribeVisibleLogicalRangeChange(onRangeChange);
    return () => timeScale.unsubscribeVisibleLogicalRangeChange(onRangeChange);
  }, [key, symbol, interval]);

  // Back from a dropped connection: candles may have closed meanwhile, so fetch the latest page
  // again (it is merged into what is drawn); the first connection needs no such catch-up.
  const previousStatusRef = useRef(streamStatus);
  const { refetch } = query;
  useEffect(() => {
    const previous = previousStatusRef.current;
    previousStatusRef.current = streamStatus;
    if (streamStatus === 'connected' && previous === 'reconnecting') void refetch();
  }, [streamStatus, refetch]);

  const isEmpty = query.data !== undefined && query.data.length === 0;
  const isConnecting = streamStatus !== 'connected';

  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(' ')}
      aria-busy={query.isPending || undefined}
    >
      <div
        ref={hostRef}
        className={styles.chart}
        data-testid="candle-chart"
        role="img"
        aria-label={`${pairLabel} candlestick chart`}
      />
      {query.isPending ? <CandleChartSkeleton /> : null}
      {query.isError && !query.data ? (
        <div className={styles.message} role="alert">
          <span className={styles.messageIcon}>
            <IconAlertTriangle size={20} />
          </span>
          <p className={styles.messageTitle}>The chart could not load.</p>
          <Button
            size="sm"
            icon={<IconRefresh size={14} />}
            onClick={() => void query.refetch()}
            isLoading={query.isFetching}
          >
            Retry
          </Button>
        </div>
      ) : null}
      {isEmpty ? (
        <div className={styles.message}>
          <span className={styles.messageIcon}>
            <IconCandles size={20} />
          </span>
          <p className={styles.messageTitle}>No candles for this interval yet.</p>
        </div>
      ) : null}
      {isLoadingOlder ? (
        <div className={styles.history} role="status">
          <Spinner size={12} />
          Loading history…
        </div>
      ) : null}
      {isConnecting ? (
        <div
          className={styles.connecting}
          role="status"
          aria-live="polite"
          data-placement={query.isError || isEmpty ? 'top' : 'center'}
        >
          <span className={styles.connectingPill}>
            <Spinner size={14} />
            Connecting to DSS...
          </span>
        </div>
      ) : null}
    </div>
  );
}
