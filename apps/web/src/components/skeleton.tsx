// The grey placeholder shapes shown while content loads, sized like what is coming so the layout
// does not jump when it arrives.
import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

interface TSkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'circle' for avatars. */
  shape?: 'line' | 'circle' | 'block';
  className?: string;
}

/**
 * A placeholder of the size of what is loading, so the layout does not move when it arrives.
 * Hidden from assistive technology: the region that loads says so (aria-busy) instead.
 */
export function Skeleton({ width, height = 12, shape = 'line', className }: TSkeletonProps) {
  return (
    <span
      className={[styles.skeleton, styles[shape], className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
