import type { ReactNode } from 'react';
import { PRODUCT_NAME } from './logo';
import styles from './page-header.module.css';

interface TPageHeaderProps {
  /** The h1 of the screen; also the document title. */
  title: string;
  description?: ReactNode;
  /** Controls on the right (filters, a primary action). */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: TPageHeaderProps) {
  return (
    <header className={styles.header}>
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
