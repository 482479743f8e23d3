import type { FastifyInstance } from 'fastify';

/**
 * Headers of every API response. A JSON body is never rendered as a page, so the document
 * policies below would only cost bytes and time on each of the many small replies; these keep a
 * response from being sniffed into HTML or framed.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Headers of the web app's document (index.html), computed once. The CSP allows our own scripts
 * and the hashes of index.html's inline ones; styles may be inline (the toast library injects
 * them); the stream connects over ws(s).
 */
export function documentSecurityHeaders(options: {
  inlineScriptHashes: string[];
  extraScriptSources?: string[];
  extraFrameSources?: string[];
  isHttps: boolean;
}): Record<string, string> {
  const extra = options.extraScriptSources ?? [];
  const csp = [
    "default-src 'self'",
    `script-src ${["'self'", ...options.inlineScriptHashes, ...extra].join(' ')}`,
    `style-src ${["'self'", "'unsafe-inline'", ...extra].join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", 'ws:', 'wss:', ...extra].join(' ')}`,
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
    ...(options.isHttps ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
}
