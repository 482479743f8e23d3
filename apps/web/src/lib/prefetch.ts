import { getToken } from './session';

/** A response asked for early is used only this soon after; later the screen asks for itself. */
const PREFETCH_FRESH_MS = 15_000;

const early = new Map<string, { atMs: number; response: Promise<Response | undefined> }>();

/** A GET as a key: the path and its parameters in name order ('/public/klines?interval=60&…'). */
export function requestKey(url: string, params?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/**
 * Asks for a GET before the screen that reads it has loaded its code (a route's loader runs while
 * the route's chunks download): on a slow network the answer is then there when the screen asks.
 * Only the bytes travel early; the API client checks them as it checks any answer.
 */
export function prefetch(url: string, params?: Record<string, unknown>): void {
  const key = requestKey(url, params);
  const token = getToken();
  const response = fetch(key, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  }).catch(() => undefined);
  early.set(key, { atMs: Date.now(), response });
}

/**
 * The body of a GET asked for early, once: undefined when none was, when it is no longer fresh or
 * when it did not succeed (the caller then sends the request itself, with its usual handling).
 */
export async function takePrefetched(url: string, params?: Record<string, unknown>): Promise<unknown> {
  const key = requestKey(url, params);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  if (Date.now() - entry.atMs > PREFETCH_FRESH_MS) return undefined;
  const response = await entry.response;
  if (!response?.ok) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
