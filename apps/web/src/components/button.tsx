// The app's buttons in their variants and sizes, with an optional icon and a loading state, and
// `ButtonLink`: a router link drawn as a button, for navigation that should stay a link.
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { Spinner } from './spinner';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type TButtonSize = 'sm' | 'md' | 'lg';

interface TButtonLookProps {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isFullWidth?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
}

function buttonClassName(
  { variant = 'secondary', size = 'md', isFullWidth }: TButtonLookProps,
  extra?: string,
) {
  return [styles.button, styles[variant], styles[size], isFullWidth ? styles.fullWidth : '', extra]
    .filter(Boolean)
    .join(' ');
}

export interface TButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, TButtonLookProps {
  /** Shows a spinner, keeps the width, and blocks clicks while an action runs. */
  isLoading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  isFullWidth,
  icon,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: TButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, isFullWidth }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner size={14} className={styles.spinner} /> : icon}
      {children}
    </button>
  );
}

export interface TButtonLinkProps extends LinkProps, TButtonLookProps {}

/** A navigation that looks like a button (a link, so it opens in a new tab and reads as a link). */
export function ButtonLink({
  variant,
  size,
  isFullWidth,
  icon,
  className,
  children,
  ...props
}: TButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, isFullWidth }, className)} {...props}>
      {icon}
      {children}
    </Link>
  );
}
