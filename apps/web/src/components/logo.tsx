import { useId } from 'react';
import styles from './logo.module.css';

/** The product's name until the platform's own (`general.appName`) is known. */
export const PRODUCT_NAME = 'Trading Desk';

interface TLogoProps {
  /** Height of the mark in px. */
  size?: number;
  /** Show the product name beside the mark. */
  hasWordmark?: boolean;
  /** The name shown and read out (the platform's app name). */
  name?: string;
  className?: string;
}

/** The product mark (three candles on the brand gradient), with the name beside it. */
export function Logo({ size = 28, hasWordmark = true, name = PRODUCT_NAME, className }: TLogoProps) {
  // Gradient ids must be unique per page: the logo can appear twice (top bar and a loader).
  const gradientId = useId();
  return (
    <span className={[styles.logo, className].filter(Boolean).join(' ')}>
      <svg
        className={styles.mark}
        width={size}
        height={size}
        viewBox="0 0 32 32"
        aria-hidden={hasWordmark ? 'true' : undefined}
        role={hasWordmark ? undefined : 'img'}
        aria-label={hasWordmark ? undefined : name}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#3d7bff" />
            <stop offset="1" stopColor="#1f4fd1" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path
          d="M9 11v12M16 7v14M23 13v10"
          stroke="#fff"
          strokeWidth="1.6"
          strokeLinecap="round"
          opacity=".7"
        />
        <rect x="7" y="14" width="4" height="6" rx="1" fill="#fff" />
        <rect x="14" y="10" width="4" height="8" rx="1" fill="#fff" />
        <rect x="21" y="15" width="4" height="5" rx="1" fill="#fff" />
      </svg>
      {hasWordmark ? <span className={styles.wordmark}>{name}</span> : null}
    </span>
  );
}
