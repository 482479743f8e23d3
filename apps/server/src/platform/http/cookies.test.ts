// Cookies read from the request's header and written onto the answer, several at once.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearCookie, declareCookies, parseCookies, setCookie } from './cookies';

describe('cookies', () => {
  it('are read from a Cookie header, and none from none', () => {
    expect(parseCookies('a=1; b=x%20y')).toEqual({ a: '1', b: 'x y' });
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });

  it('are written as Set-Cookie headers, one each, and cleared with a date in the past', async () => {
    const app = Fastify();
    declareCookies(app);
    app.addHook('onRequest', (request, _reply, done) => {
      request.cookies = parseCookies(request.headers.cookie);
      done();
    });
    app.get('/', async (request, reply) => {
      setCookie(reply, 'site', 'one', { httpOnly: true });
      setCookie(reply, 'flow', 'two three', { path: '/auth', sameSite: 'strict', secure: true, maxAge: 60 });
      clearCookie(reply, 'old', { path: '/auth' });
      return { seen: request.cookies.seen ?? null };
    });
    const response = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'seen=yes' } });
    expect(response.json()).toEqual({ seen: 'yes' });
    expect(response.headers['set-cookie']).toEqual([
      'site=one; Path=/; HttpOnly; SameSite=Lax',
      'flow=two%20three; Max-Age=60; Path=/auth; Secure; SameSite=Strict',
      'old=; Max-Age=0; Path=/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    ]);
    await app.close();
  });
});
