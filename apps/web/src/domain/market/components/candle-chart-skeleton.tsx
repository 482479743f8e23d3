import styles from './candle-chart.module.css';

/** The candle chart's placeholder: grey candles where the candles will be drawn. */

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
