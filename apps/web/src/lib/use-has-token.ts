import { useSyncExternalStore } from 'react';
import { hasToken, subscribeToToken } from './session';

/** Whether a session token is stored, re-rendering when it is set or cleared (here or in another tab). */
export function useHasToken(): boolean {
  return useSyncExternalStore(subscribeToToken, hasToken, () => false);
}
