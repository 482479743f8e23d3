// Cookies, with the `cookie` library: read from the request's header once, by the first hook every
// request runs (app.ts), and written straight onto the answer's Set-Cookie header by the few routes
// that set one. No hook runs on every answer to look for cookies to write.
import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies by name, read by the first hook (none: an empty object). */
    cookies: Record<string, string | undefined>;
  }
}

/** Gives every request its `cookies` (a property of its own from the start, filled by the first hook). */
export function declareCookies(app: FastifyInstance): void {
  app.decorateRequest('cookies', null as unknown as Record<string, string | undefined>);
}

/** The cookies of a `Cookie` header (none: an empty object). */
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/** Adds a cookie to the answer: for the whole site and `SameSite=Lax` unless `options` say otherwise. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions): void {
  reply.header('set-cookie', stringifySetCookie(name, value, { path: '/', sameSite: 'lax', ...options }));
}

/** Tells the browser to forget a cookie (set where `options.path` says). */
export function clearCookie(reply: FastifyReply, name: string, options: { path?: string }): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
