import { useEffect, useState } from 'react';

/** How often the countdown is refreshed; it is counted from the deadline, so it never drifts. */
const TICK_MS = 250;

/** 42 → '0:42'. */
export function formatSecondsLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Whole seconds left until an ISO instant (0 once it is past; undefined without one), refreshed
 * while it runs. Counted from the deadline, not by ticks, so a throttled background tab is right.
 */
export function useSecondsUntil(deadline: string | undefined): number | undefined {
  const [nowMs, setNowMs] = useState(() => Date.now());
  const deadlineMs = deadline === undefined ? undefined : Date.parse(deadline);

  useEffect(() => {
    if (deadlineMs === undefined) return;
    setNowMs(Date.now());
    const timer = window.setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= deadlineMs) window.clearInterval(timer);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);

  if (deadlineMs === undefined || Number.isNaN(deadlineMs)) return undefined;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}
