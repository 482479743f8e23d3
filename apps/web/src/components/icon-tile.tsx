// The icon that heads a message or a card (an empty state, the card of the sign-in and sign-up
// screens): on a rounded tile in the accent's soft tint, or in the fall colour's for a failure.
import type { ReactNode } from 'react';
import styles from './icon-tile.module.css';

export function IconTile({
  children,
  size,
  tone = 'accent',
}: {
  children: ReactNode;
  /** 44 px ('md', a card's head) or 48 px ('lg', an empty state's). */
  size: 'md' | 'lg';
  tone?: 'accent' | 'error';
}) {
  return (
    <div
      className={[styles.tile, styles[size], tone === 'error' ? styles.error : ''].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
