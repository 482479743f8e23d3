// Values only the browser knows (a feature, the year) and whether the app runs the screen yet: a
// page drawn at build time shows a fixed value until the app in the browser takes it over.
import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows and that stays put while the page is open (a feature, the year).
 * A page drawn at build time shows `drawn`; once the app has taken the page over, it shows `read()`.
 * `read` returns a primitive (compared by value on every render).
 */
export function useBrowserValue<T extends string | number | boolean | undefined>(read: () => T, drawn: T): T {
  return useSyncExternalStore(unchanging, read, () => drawn);
}

const isInBrowser = () => true;

/**
 * Whether the app runs this screen: false while a page drawn at build time waits for its scripts
 * (a form must not be sent by the browser itself then), true from the first render in the browser.
 */
export function useIsRunning(): boolean {
  return useBrowserValue(isInBrowser, false);
}
