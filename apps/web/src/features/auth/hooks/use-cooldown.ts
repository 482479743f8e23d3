import { useCallback, useEffect, useState } from 'react';

/** The wait before another e-mailed code may be requested. */
export const RESEND_COOLDOWN_S = 60;

/** 42 → '0:42'. */
export function formatCooldown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A countdown in whole seconds (the wait before a code may be sent again). `start()` begins it;
 * `secondsLeft` is 0 when the action is allowed. Counted from a deadline, not by ticks, so a
 * throttled background tab still ends on time.
 */
export function useCooldown(durationS: number, { isRunningAtStart = false } = {}) {
  const [deadlineMs, setDeadlineMs] = useState<number | null>(() =>
    isRunningAtStart ? Date.now() + durationS * 1000 : null,
  );
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (deadlineMs === null) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= deadlineMs) {
        setDeadlineMs(null);
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);

  const start = useCallback(() => {
    const now = Date.now();
    setNowMs(now);
    setDeadlineMs(now + durationS * 1000);
  }, [durationS]);

  const secondsLeft = deadlineMs === null ? 0 : Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
  return { secondsLeft, isCoolingDown: secondsLeft > 0, start };
}
