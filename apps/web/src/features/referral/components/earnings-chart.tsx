// The referral page's chart of commission earned per day: bars for at most the last 30 days, days
// without earnings at zero, drawn in SVG and coloured by the theme through CSS.
import { formatDate, formatMoney } from '../../../lib/format';
import { tCount, useT } from '../../../lib/i18n';
import styles from './earnings-chart.module.css';

export interface TEarningsPoint {
  /** UTC midnight, ms. */
  t: number;
  /** Commission that day, decimal string. */
  earned: string;
}

const DAY_MS = 86_400_000;
const WIDTH = 640;
const HEIGHT = 180;
const PADDING = { top: 12, bottom: 24 };
/** At most this many days are drawn: the latest ones. */
const DAYS_MAX = 30;

/** Every day from the first earning (at most DAYS_MAX ago) to today, days without earnings at 0. */
function dailySeries(points: readonly TEarningsPoint[], nowMs: number): TEarningsPoint[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const first = Math.max(points[0]?.t ?? today, today - (DAYS_MAX - 1) * DAY_MS);
  const earnedOn = new Map(points.map((point) => [point.t, point.earned]));
  const days: TEarningsPoint[] = [];
  for (let t = first; t <= today; t += DAY_MS) days.push({ t, earned: earnedOn.get(t) ?? '0' });
  return days;
}

/**
 * Commission earned per day as bars (the last 30 days at most, from the first earning). Drawn in SVG with the
 * theme's colours through CSS, so both themes need no code; values are numbers for drawing only.
 */
export function EarningsChart({ points }: { points: readonly TEarningsPoint[] }) {
  const t = useT();
  const shown = dailySeries(points, Date.now());
  const values = shown.map((point) => Number(point.earned));
  const maxValue = Math.max(...values, 0.01);
  const slot = WIDTH / Math.max(shown.length, 7);
  const barWidth = Math.max(4, Math.min(36, slot * 0.6));
  const usable = HEIGHT - PADDING.top - PADDING.bottom;
  const first = shown[0];
  const last = shown.at(-1);

  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={tCount('referral.earnings.chart', shown.length)}
      >
        <line
          className={styles.axis}
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - PADDING.bottom}
          y2={HEIGHT - PADDING.bottom}
        />
        {shown.map((point, index) => {
          const value = values[index] ?? 0;
          const height = value > 0 ? Math.max(2, (value / maxValue) * usable) : 0;
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <rect
              key={point.t}
              className={styles.bar}
              x={x}
              y={HEIGHT - PADDING.bottom - height}
              width={barWidth}
              height={height}
              rx={3}
            >
              <title>{`${formatDate(point.t)}: ${formatMoney(point.earned, 2)} USD`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        <span>{first ? formatDate(first.t) : ''}</span>
        <span>{t('referral.earnings.peak', { peak: formatMoney(maxValue.toFixed(2), 2) })}</span>
        <span>{last ? formatDate(last.t) : ''}</span>
      </figcaption>
    </figure>
  );
}
