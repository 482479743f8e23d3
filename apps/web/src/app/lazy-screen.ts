import type { ComponentType } from 'react';
import { loadAppText } from '../lib/i18n';

/** A route whose screen is a named export of a module loaded on first visit. */
export function lazyScreen<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** A module of the signed-in screens: their words (in the active language) load beside its code. */
export const withAppText =
  <TModule>(load: () => Promise<TModule>) =>
  async () =>
    (await Promise.all([load(), loadAppText()]))[0];
