/** 180 days, subdomains included: browsers then reach the site over HTTPS only. */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Headers of every API response. A JSON body is never rendered as a page, so the document
 * policies below would only cost bytes and time on each of the many small replies; these keep a
 * response from being sniffed into HTML or framed. Behind HTTPS, HSTS goes on every response too:
 * a client that never loads the page (an API client, a first request to the API) learns it as well.
 */
export function apiSecurityHeaders(options: { isHttps: boolean }): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(options.isHttps ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Where the page may open the stream: the origin of STREAM_URL over HTTP(S) (Socket.IO's polling)
 * and over WS(S) (its websocket), and nowhere else. Named even when it is the page's own origin:
 * the page may be reached by another name than the configured one (127.0.0.1 for localhost), and
 * not every browser lets 'self' cover websockets.
 */
export function streamConnectSources(streamUrl: string): string[] {
  const url = new URL(streamUrl);
  const wsScheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${wsScheme}//${url.host}`];
}

/**
 * Headers of the web app's document (index.html), computed once. The CSP allows our own scripts
 * and the hashes of index.html's inline ones; styles may be inline (the toast library injects
 * them); calls go to our own origin, and the stream to its own (STREAM_URL) only.
 */
export function documentSecurityHeaders(options: {
  inlineScriptHashes: string[];
  extraScriptSources?: string[];
  extraFrameSources?: string[];
  /** Where the stream is (STREAM_URL). */
  streamUrl: string;
  isHttps: boolean;
}): Record<string, string> {
  const extra = options.extraScriptSources ?? [];
  const connectSources = [...new Set(["'self'", ...streamConnectSources(options.streamUrl), ...extra])];
  const csp = [
    "default-src 'self'",
    `script-src ${["'self'", ...options.inlineScriptHashes, ...extra].join(' ')}`,
    `style-src ${["'self'", "'unsafe-inline'", ...extra].join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSources.join(' ')}`,
    `frame-src ${options.extraFrameSources?.length ? options.extraFrameSources.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    // Google sign-in opens a popup that must keep its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    ...(options.isHttps ? { 'strict-transport-security': HSTS } : {}),
  };
}
