// Cross-site request forgery protection for the HTTP API: a cookie-authenticated request that
// changes state must echo the CSRF cookie in a header; requests without cookies pass.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@td/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { setCookie } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_BYTES = 32;
const HEADER_NAME = XSRF_HEADER.toLowerCase();

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection for requests authenticated by cookie. The web app's page sets the
 * cookie (issueCsrfCookie); a state-changing request that carries cookies must echo it in the
 * header, which only a page of our own origin can read. Requests without cookies (bearer-only API
 * clients) pass. The refusal, or nothing; it runs on every request (cookies parsed) and most pass at
 * once.
 */
export function csrfRefusal(request: FastifyRequest): Error | undefined {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return undefined;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[HEADER_NAME];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
    return forbidden('Invalid or missing CSRF token; reload the page and try again');
  }
  return undefined;
}

/** Gives the browser its CSRF cookie, unless it already has one. */
export function issueCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean },
): void {
  if (request.cookies[XSRF_COOKIE]) return;
  setCookie(reply, XSRF_COOKIE, randomBytes(TOKEN_BYTES).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: options.secure,
    httpOnly: false,
  });
}
