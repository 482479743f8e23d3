/**
 * A library that only some requests need (image decoding, WebAuthn, QR codes) is imported at its
 * first use rather than at start, so a server that never needs it keeps it out of memory. The
 * returned function imports once and hands every caller the same module.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      // A failed import is tried again by the next caller rather than remembered.
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
