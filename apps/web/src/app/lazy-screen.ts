import type { ComponentType } from 'react';
import { loadAppText } from '../lib/i18n';
import { loadToasts } from '../lib/toasts';

/**
 * A route whose screen is a named export of a module loaded on first visit. The screens loaded so
 * show toasts with the library itself: its toaster loads beside them.
 */
export function lazyScreen<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadToasts()]);
    return { Component: pick(module) };
  };
}

/** A route at `path` whose screen loads on first visit (see lazyScreen). */
export const screenRoute = <TModule>(
  path: string,
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
) => ({ path, lazy: lazyScreen(load, pick) });

/** A module of the signed-in screens: their words (in the active language) load beside its code. */
export const withAppText =
  <TModule>(load: () => Promise<TModule>) =>
  async () =>
    (await Promise.all([load(), loadAppText()]))[0];
