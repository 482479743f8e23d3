import { z } from 'zod/mini';

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
    .check(
      z.int(`${label} must be a whole number`),
      z.minimum(INDICATOR_PERIOD.min, `${label} must be at least ${INDICATOR_PERIOD.min}`),
      z.maximum(INDICATOR_PERIOD.max, `${label} must be at most ${INDICATOR_PERIOD.max}`),
    );

export const MACD_PERIODS_MESSAGE = 'The fast period must be shorter than the slow one';

/**
 * An indicator as the API's schema takes it. That a MACD's fast period is shorter than its slow
 * one is a rule between two numbers JSON Schema cannot state: the route checks it
 * (`chartSettingsProblem`), and `ZIndicator` (forms, stored settings) adds it.
 */
export const ZIndicatorRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('sma'), period: ZPeriod('Period') }),
    z.object({ kind: z.literal('ema'), period: ZPeriod('Period') }),
    z.object({
      kind: z.literal('bollinger'),
      period: ZPeriod('Period'),
      deviations: z
        .number({ error: 'Deviations must be a number' })
        .check(
          z.minimum(0.5, 'Deviations must be at least 0.5'),
          z.maximum(5, 'Deviations must be at most 5'),
          z.multipleOf(0.1, 'Deviations take one decimal'),
        ),
    }),
    z.object({ kind: z.literal('vwap') }),
    z.object({ kind: z.literal('rsi'), period: ZPeriod('Period') }),
    z.object({
      kind: z.literal('macd'),
      fast: ZPeriod('Fast period'),
      slow: ZPeriod('Slow period'),
      signal: ZPeriod('Signal period'),
    }),
    z.object({ kind: z.literal('volume') }),
  ],
  { error: `An indicator is one of ${INDICATOR_KINDS.join(', ')}` },
);
export const ZIndicator = ZIndicatorRequest.check(
  z.refine((indicator) => indicator.kind !== 'macd' || indicator.fast < indicator.slow, {
    message: MACD_PERIODS_MESSAGE,
    path: ['fast'],
  }),
);
export type TIndicator = z.infer<typeof ZIndicator>;

const indicatorsOf = <T extends z.core.$ZodType>(indicator: T) =>
  z.object({
    indicators: z
      .array(indicator, { error: 'Indicators must be a list' })
      .check(z.maxLength(INDICATORS_MAX, `At most ${INDICATORS_MAX} indicators at once`)),
  });
export const ZChartSettings = indicatorsOf(ZIndicator);
/** `PUT /profile/chart-settings` as its schema takes it (the MACD rule is the route's). */
export const ZChartSettingsRequest = indicatorsOf(ZIndicatorRequest);

/** The first indicator whose MACD periods are the wrong way round, as the field and what is said, or undefined. */
export function chartSettingsProblem(settings: { indicators: readonly unknown[] }) {
  const index = settings.indicators.findIndex((indicator) => !ZIndicator.safeParse(indicator).success);
  return index < 0 ? undefined : { field: `indicators.${index}.fast`, message: MACD_PERIODS_MESSAGE };
}
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
