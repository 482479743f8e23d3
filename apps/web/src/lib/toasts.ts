// The toasts of the sign-in frame. The toast library and its frame load with the first toast or
// the first screen past sign-in (app/lazy-screen.ts), not with the login page: until then there
// is nothing to show. The screens loaded later use the library itself (`react-hot-toast`).
import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-hot-toast';

type TToastLibrary = typeof import('react-hot-toast');

let library: Promise<TToastLibrary> | undefined;
const listeners = new Set<() => void>();

/** Loads the toast library (once) and has the app mount its toaster. */
export function loadToasts(): Promise<TToastLibrary> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast has been asked for or a screen that shows them has loaded: the toaster is mounted then. */
export function useHasToasts(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => library !== undefined,
    () => false,
  );
}

/** A toast as `react-hot-toast` shows it, sent once the library has loaded. */
export const notify = {
  success(message: string, options?: ToastOptions): void {
    void loadToasts().then(({ default: toast }) => toast.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    void loadToasts().then(({ default: toast }) => toast.error(message, options));
  },
};
