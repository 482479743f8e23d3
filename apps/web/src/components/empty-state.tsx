// What a screen or panel shows when it has nothing to list yet, and `LoadError` for data that
// could not load, with a Retry button.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { IconRefresh } from './app-icons';
import { Button } from './button';
import styles from './empty-state.module.css';
import { IconTile } from './icon-tile';
import { IconAlertTriangle } from './icons';

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
      <IconTile size="lg" tone={tone === 'error' ? 'error' : 'accent'}>
        {icon}
      </IconTile>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

interface TLoadErrorProps {
  /** What could not load, as a sentence: "Your orders could not load." */
  title: string;
  /** Fetches again; without it the message has no button. */
  onRetry?: () => void;
  description?: ReactNode;
}

/** A panel whose data could not load: the reason to check the connection and a Retry button. */
export function LoadError({ title, onRetry, description }: TLoadErrorProps) {
  const t = useT();
  return (
    <EmptyState
      tone="error"
      icon={<IconAlertTriangle size={24} />}
      title={title}
      description={description ?? t('loadError.description')}
      action={
        onRetry ? (
          <Button size="sm" variant="secondary" icon={<IconRefresh size={14} />} onClick={onRetry}>
            {t('loadError.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
