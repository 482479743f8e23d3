// The small 24-hour price line drawn beside a price, coloured like the 24-hour change
// figure next to it; decorative, so hidden from screen readers.
import { sparklinePath } from '../lib/sparkline-path';
import styles from './sparkline.module.css';

interface TSparklineProps {
  /** Prices, oldest first. */
  values: readonly number[] | undefined;
  /** Colours the line: up green, down red (the 24-hour change, so line and figure agree). */
  direction: 'up' | 'down' | 'flat';
  width?: number;
  height?: number;
  className?: string;
}

/**
 * A tiny line of the last 24 hours beside a price. Decorative (the change figure next to it says
 * the same in words), so it is hidden from assistive technology. Keeps its size while loading.
 */
export function Sparkline({ values, direction, width = 72, height = 28, className }: TSparklineProps) {
  const path = values ? sparklinePath(values, width, height, 2) : '';
  return (
    <svg
      className={[styles.sparkline, `tone-${direction}`, className].filter(Boolean).join(' ')}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      {path ? (
        <path d={path} fill="none" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
