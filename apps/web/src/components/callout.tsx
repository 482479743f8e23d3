// A boxed note inside a screen in one of four tones (info, success, warning, danger), with its
// icon, an optional title and an optional action under the text.
import type { ReactNode } from 'react';
import styles from './callout.module.css';
import { IconAlertTriangle, IconCheckCircle, IconInfo, IconXCircle } from './icons';

type TCalloutTone = 'info' | 'success' | 'warning' | 'danger';

const ICON = {
  info: <IconInfo size={18} />,
  success: <IconCheckCircle size={18} />,
  warning: <IconAlertTriangle size={18} />,
  danger: <IconXCircle size={18} />,
} as const satisfies Record<TCalloutTone, ReactNode>;

interface TCalloutProps {
  tone?: TCalloutTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Something to do about it, under the text. */
  action?: ReactNode;
  /** 'alert' for errors that appear after an action, 'status' for news; omit for static notes. */
  role?: 'alert' | 'status';
  className?: string;
}

/** A boxed note inside a screen: what this is, what went wrong, what to keep safe. */
export function Callout({ tone = 'info', title, children, action, role, className }: TCalloutProps) {
  return (
    <div className={[styles.callout, styles[tone], className].filter(Boolean).join(' ')} role={role}>
      <span className={styles.icon}>{ICON[tone]}</span>
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.body}>{children}</div> : null}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </div>
  );
}
