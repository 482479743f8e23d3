// The card every authentication screen (login, signup, password reset, verification) sits in:
// icon, title, which is also the page's title, subtitle, body and the links to nearby screens.
import type { ReactNode } from 'react';
import { IconTile } from '../../../components/icon-tile';
import { useAppName } from '../../../lib/settings';
import styles from './auth-card.module.css';

interface TAuthCardProps {
  /** The screen's h1 (and document title). */
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Under the card body: links to the neighbouring screens. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The card every authentication screen sits in. */
export function AuthCard({ title, subtitle, icon, footer, children }: TAuthCardProps) {
  const appName = useAppName();
  return (
    <section className={styles.card} aria-labelledby="auth-card-title">
      <title>{`${title} · ${appName}`}</title>
      <header className={styles.header}>
        {icon ? <IconTile size="md">{icon}</IconTile> : null}
        <h1 id="auth-card-title" className={styles.title}>
          {title}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </header>
      {children ? <div className={styles.body}>{children}</div> : null}
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </section>
  );
}
