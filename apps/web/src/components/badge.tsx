// The small coloured status label used across the app (Verified, This device, Success), its
// colour taken from the shared status tones.
import type { TTone } from '@td/contracts/statuses';
import type { ReactNode } from 'react';
import styles from './badge.module.css';

interface TBadgeProps {
  tone?: TTone;
  /** An icon before the text. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A short status label (Verified, This device, Success), coloured by its tone in both themes. */
export function Badge({ tone = 'neutral', icon, children, className }: TBadgeProps) {
  return (
    <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}>
      {icon}
      {children}
    </span>
  );
}
