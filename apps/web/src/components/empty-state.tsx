import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface TEmptyStateProps {
  icon: ReactNode;
  /** One line: what will be here. */
  title: string;
  /** The muted detail under it. */
  description?: ReactNode;
  /** An optional next step (a button or link). */
  action?: ReactNode;
  /** 'error' tints the icon for failed loads. */
  tone?: 'neutral' | 'error';
}

/** What a screen or panel shows when it has nothing (yet), or could not load. */
export function EmptyState({ icon, title, description, action, tone = 'neutral' }: TEmptyStateProps) {
  return (
    <div className={styles.empty}>
      <div className={[styles.icon, tone === 'error' ? styles.error : ''].filter(Boolean).join(' ')}>
        {icon}
      </div>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
