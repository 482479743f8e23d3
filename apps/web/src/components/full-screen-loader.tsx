// The full-screen logo, spinner and status line shown while the app, or its realtime connection,
// gets ready.
import styles from './full-screen-loader.module.css';
import { Logo } from './logo';
import { Spinner } from './spinner';

interface TFullScreenLoaderProps {
  /** The visible status line, e.g. 'Initializing App...'. */
  label: string;
}

/** Covers the viewport while the app (or the realtime connection) gets ready. */
export function FullScreenLoader({ label }: TFullScreenLoaderProps) {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Logo size={44} hasWordmark={false} />
      <div className={styles.line}>
        <Spinner size={16} />
        <span>{label}</span>
      </div>
    </div>
  );
}
