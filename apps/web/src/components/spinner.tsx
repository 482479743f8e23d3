// The app's loading spinner; announced to screen readers only when given a label, since a
// visible label usually sits beside it.
import styles from './spinner.module.css';

interface TSpinnerProps {
  size?: number;
  /** Announced to screen readers; omit when a visible label sits beside the spinner. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label, className }: TSpinnerProps) {
  const classes = [styles.spinner, className].filter(Boolean).join(' ');
  const style = { width: size, height: size };
  if (label) return <span className={classes} style={style} role="status" aria-label={label} />;
  return <span className={classes} style={style} aria-hidden="true" />;
}
