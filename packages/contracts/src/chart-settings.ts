import { z } from 'zod';

/**
 * The indicators a user draws on the charts, kept on the server so every device shows the same.
 * Overlays share the candles' pane (moving averages, Bollinger bands, VWAP); RSI, MACD and volume
 * take panes of their own under it.
 */
export const INDICATOR_KINDS = ['sma', 'ema', 'bollinger', 'vwap', 'rsi', 'macd', 'volume'] as const;
export type TIndicatorKind = (typeof INDICATOR_KINDS)[number];

/** At most this many indicators at once (each a line or a pane to draw on every tick). */
export const INDICATORS_MAX = 8;
export const INDICATOR_PERIOD = { min: 2, max: 500 } as const;

const ZPeriod = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(INDICATOR_PERIOD.min, `${label} must be at least ${INDICATOR_PERIOD.min}`)
    .max(INDICATOR_PERIOD.max, `${label} must be at most ${INDICATOR_PERIOD.max}`);

export const ZIndicator = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('sma'), period: ZPeriod('Period') }),
    z.object({ kind: z.literal('ema'), period: ZPeriod('Period') }),
    z.object({
      kind: z.literal('bollinger'),
      period: ZPeriod('Period'),
      deviations: z
        .number({ error: 'Deviations must be a number' })
        .min(0.5, 'Deviations must be at least 0.5')
        .max(5, 'Deviations must be at most 5')
        .multipleOf(0.1, 'Deviations take one decimal'),
    }),
    z.object({ kind: z.literal('vwap') }),
    z.object({ kind: z.literal('rsi'), period: ZPeriod('Period') }),
    z
      .object({
        kind: z.literal('macd'),
        fast: ZPeriod('Fast period'),
        slow: ZPeriod('Slow period'),
        signal: ZPeriod('Signal period'),
      })
      .refine((macd) => macd.fast < macd.slow, {
        message: 'The fast period must be shorter than the slow one',
        path: ['fast'],
      }),
    z.object({ kind: z.literal('volume') }),
  ],
  { error: `An indicator is one of ${INDICATOR_KINDS.join(', ')}` },
);
export type TIndicator = z.infer<typeof ZIndicator>;

export const ZChartSettings = z.object({
  indicators: z
    .array(ZIndicator, { error: 'Indicators must be a list' })
    .max(INDICATORS_MAX, `At most ${INDICATORS_MAX} indicators at once`),
});
export type TChartSettings = z.infer<typeof ZChartSettings>;

/** What a new user's charts show: the volume under the candles. */
export const DEFAULT_CHART_SETTINGS: TChartSettings = { indicators: [{ kind: 'volume' }] };

/** Each kind's parameters when added. */
export const INDICATOR_DEFAULTS: Record<TIndicatorKind, TIndicator> = {
  sma: { kind: 'sma', period: 20 },
  ema: { kind: 'ema', period: 50 },
  bollinger: { kind: 'bollinger', period: 20, deviations: 2 },
  vwap: { kind: 'vwap' },
  rsi: { kind: 'rsi', period: 14 },
  macd: { kind: 'macd', fast: 12, slow: 26, signal: 9 },
  volume: { kind: 'volume' },
};

export const INDICATOR_NAMES: Record<TIndicatorKind, string> = {
  sma: 'Moving average (simple)',
  ema: 'Moving average (exponential)',
  bollinger: 'Bollinger bands',
  vwap: 'VWAP',
  rsi: 'RSI',
  macd: 'MACD',
  volume: 'Volume',
};

/** The indicator as its legend reads: 'SMA 20', 'BB 20 2', 'MACD 12 26 9'. */
export function indicatorLabel(indicator: TIndicator): string {
  switch (indicator.kind) {
    case 'sma':
      return `SMA ${indicator.period}`;
    case 'ema':
      return `EMA ${indicator.period}`;
    case 'bollinger':
      return `BB ${indicator.period} ${indicator.deviations}`;
    case 'vwap':
      return 'VWAP';
    case 'rsi':
      return `RSI ${indicator.period}`;
    case 'macd':
      return `MACD ${indicator.fast} ${indicator.slow} ${indicator.signal}`;
    case 'volume':
      return 'Volume';
  }
}
