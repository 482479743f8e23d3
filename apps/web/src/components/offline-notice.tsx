// The banner shown while the device is offline, and the hook that follows the browser's
// online/offline state; the app keeps showing what it last had until the network is back.
import { useSyncExternalStore } from 'react';
import { tRich, useLanguage } from '../lib/i18n';
import { IconAlertTriangle } from './icons';
import styles from './offline-notice.module.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a network: false on a phone in a tunnel, or a laptop offline. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says the device is offline while it is: the app (opened from the installed shell) stays on
 * screen, and what it shows is what it had; prices and the account update once the network is back.
 */
export function OfflineNotice() {
  const isOnline = useIsOnline();
  useLanguage();
  if (isOnline) return null;
  return (
    <div className={styles.notice} role="status">
      <IconAlertTriangle size={16} />
      <span>{tRich('offline.notice')}</span>
    </div>
  );
}
