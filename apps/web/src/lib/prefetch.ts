import { getToken } from './session';

/** A response asked for early is used only this soon after; later the screen asks for itself. */
const PREFETCH_FRESH_MS = 15_000;

const early = new Map<
  string,
  { atMs: number; token: string | null; response: Promise<Response | undefined> }
>();

/**
 * What a GET asked for early left: its body, or that it did not succeed, with the session token it
 * went with (a screen asking again after that session ended would ask without one).
 */
export type TPrefetched = { body: unknown } | { failedWith: string | null };

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
  early.set(key, { atMs: Date.now(), token, response });
}

/**
 * What a GET asked for early left, once: undefined when none was or when it is no longer fresh
 * (the caller then sends the request itself, with its usual handling).
 */
export async function takePrefetched(
  url: string,
  params?: Record<string, unknown>,
): Promise<TPrefetched | undefined> {
  const key = requestKey(url, params);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  if (Date.now() - entry.atMs > PREFETCH_FRESH_MS) return undefined;
  const response = await entry.response;
  if (!response?.ok) return { failedWith: entry.token };
  try {
    return { body: await response.json() };
  } catch {
    return { failedWith: entry.token };
  }
}
