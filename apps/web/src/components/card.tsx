// The panel every block of a screen sits on, with an optional header row (title and controls) and
// a body that can run edge to edge for tables and charts.
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

interface TCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading in the card's header row. */
  title?: ReactNode;
  /** Controls on the right of the header row. */
  actions?: ReactNode;
  /** Remove the body padding (for tables and charts that run edge to edge). */
  isFlush?: boolean;
  /** The heading level of `title`, to fit the page outline. */
  titleAs?: 'h2' | 'h3';
}

/** A panel: the surface every block of a screen sits on. */
export function Card({
  title,
  actions,
  isFlush,
  titleAs: Title = 'h2',
  className,
  children,
  ...props
}: TCardProps) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} {...props}>
      {title || actions ? (
        <header className={styles.header}>
          {title ? <Title className={styles.title}>{title}</Title> : <span />}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      <div className={isFlush ? undefined : styles.body}>{children}</div>
    </section>
  );
}
