import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@td/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_BYTES = 32;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection (SPEC §2). Every response without the cookie sets one; a
 * state-changing request that carries cookies must echo the cookie in the header, which only a
 * page of our own origin can read. Requests without cookies (bearer-only API clients) pass.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('Invalid or missing CSRF token; reload the page and try again');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, randomBytes(TOKEN_BYTES).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookie,
        httpOnly: false,
      });
    }
    return payload;
  });
}
