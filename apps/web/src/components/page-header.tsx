// The heading block at the top of a screen: its h1 (which also sets the browser tab's title), a
// description under it and controls on the right.
import type { ReactNode } from 'react';
import { useAppName } from '../lib/settings';
import styles from './page-header.module.css';

interface TPageHeaderProps {
  /** The h1 of the screen; also the document title. */
  title: string;
  description?: ReactNode;
  /** Controls on the right (filters, a primary action). */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: TPageHeaderProps) {
  const appName = useAppName();
  return (
    <header className={styles.header}>
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} · ${appName}`}</title>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
