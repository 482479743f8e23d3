import { MOBILE_BREAKPOINT_PX } from '@td/contracts/constants';
import { useSyncExternalStore } from 'react';

// "Below 768 px": max-width is inclusive, so the query stops just under the breakpoint. CSS
// uses the same value (@media (max-width: 767.98px)).
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(MOBILE_MEDIA_QUERY).matches;

/** True below MOBILE_BREAKPOINT_PX: the layout swaps the top tabs for a bottom tab bar. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
