import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './root-layout.module.css';

/**
 * The frame around every route: a thin progress bar while the next screen's code or data loads
 * (after the first load, the current screen stays visible meanwhile), and scroll restoration.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  return (
    <>
      <div className={styles.progress} data-active={isNavigating} aria-hidden="true" />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
