import { type ReactNode, useEffect, useState } from 'react';
import styles from './hold-until-known.module.css';

/**
 * How long a screen waits, hidden, for what would change its layout from above (a banner, the
 * welcome card); past it, it shows without waiting longer.
 */
const HOLD_MAX_MS = 3_000;

/** Whether `isKnown` holds, or HOLD_MAX_MS have passed since the caller first rendered. */
function useKnownOrWaited(isKnown: boolean): boolean {
  const [hasWaited, setHasWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasWaited(true), HOLD_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  return isKnown || hasWaited;
}

/**
 * Lays its children out at once (their requests start, their code loads) but shows them only once
 * what may still appear above them is known, so it does not push them down as it arrives (no layout
 * shift). Adds no box of its own.
 */
export function HoldUntilKnown({ isKnown, children }: { isKnown: boolean; children: ReactNode }) {
  const isShown = useKnownOrWaited(isKnown);
  return (
    <div className={styles.hold} data-held={isShown ? undefined : 'true'}>
      {children}
    </div>
  );
}
