import { type Location, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { useEndSessionWhenRefused } from '../../features/auth/hooks/use-logout';
import styles from './root-layout.module.css';

/**
 * Where a page's scroll position is kept: per history entry, and per path for the first page a
 * load opens (every first load shares the key "default", so one page's position would open the next).
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/**
 * The frame around every route: a thin progress bar while the next screen's code or data loads
 * (after the first load, the current screen stays visible meanwhile), scroll restoration, and the
 * notice that the device is offline; and, signed in, the end of a session the server refused.
 */
export function RootLayout() {
  useEndSessionWhenRefused();
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  return (
    <>
      <div className={styles.progress} data-active={isNavigating} aria-hidden="true" />
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
      <OfflineNotice />
    </>
  );
}
