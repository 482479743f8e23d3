import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP allows our own scripts and the hashes of index.html's inline ones;
 * styles may be inline (the toast library injects them); the stream connects over ws(s).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { inlineScriptHashes: string[]; extraScriptSources?: string[]; extraFrameSources?: string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScriptHashes, ...(options.extraScriptSources ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...(options.extraScriptSources ?? [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(options.extraScriptSources ?? [])],
        frameSrc: options.extraFrameSources?.length ? options.extraFrameSources : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens a popup that must keep its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
  });
}
