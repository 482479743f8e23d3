import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ZErrorBody } from '@td/contracts/envelope';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { conflict } from '../errors';
import { createUrlSigner } from './signed-url';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const XHR_ACCEPT = 'application/json, text/plain, */*';
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;
const INLINE_SCRIPT = "document.documentElement.dataset.theme='dark'";
/** A drawn page's stylesheet, written into it: enough for the page to be sent compressed. */
const PAGE_STYLES = Array.from({ length: 60 }, (_, i) => `.rule-${i}{margin:${i}px}`).join('');

describe('the HTTP layer', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'td-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>`,
    );
    writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // A built asset with the compressed siblings the build writes beside it.
    writeFileSync(join(distDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
    writeFileSync(join(distDir, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(distDir, 'assets', 'big-5678.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(join(distDir, 'favicon.svg'), '<svg/>');
    // A screen the build drew into its own page.
    mkdirSync(join(distDir, 'prerendered', 'authentication'), { recursive: true });
    writeFileSync(
      join(distDir, 'prerendered', 'authentication', 'login.html'),
      `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><style>${PAGE_STYLES}</style></head><body><div id="root" data-prerendered="/authentication/login"><main>Log in</main></div><script type="module" src="/assets/app-1234.js"></script></body></html>`,
    );
    t = await buildTestApp({
      webDistDir: distDir,
      extend(app) {
        app.post(
          '/test/echo',
          {
            config: { access: 'public' },
            schema: { body: z.object({ email: z.email(), amount: z.number().int().positive() }) },
          },
          async (request) => ({ message: 'Echo', data: request.body }),
        );
        app.get('/test/big', { config: { access: 'public' } }, async () => ({
          message: 'Big',
          data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })),
        }));
        app.get('/test/conflict', { config: { access: 'public' } }, async () => {
          throw conflict('That address is already taken', { field: 'email' });
        });
        // A signed link under the back-office's prefix, as an identity document is served.
        app.get('/admin/test/signed', { config: { access: 'signed' } }, async (_request, reply) =>
          reply.type('image/webp').send(Buffer.from('RIFF')),
        );
        app.get('/test/crash', { config: { access: 'public' } }, async () => {
          throw new Error('secret internals at /srv/app/db.ts:42');
        });
      },
    });
  });

  /** `POST /test/echo` with `payload`, and the headers or cookies in `options`. */
  const echo = (
    payload: InjectOptions['payload'],
    options: Pick<InjectOptions, 'headers' | 'cookies'> = {},
  ) => t.app.inject({ method: 'POST', url: '/test/echo', payload, ...options });

  /** A browser's navigation to `url`. */
  const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
  /** A GET of `url` from a client that takes the content encodings `accepted`. */
  const getEncoded = (url: string, accepted: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accepted } });

  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers /health with the success envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'OK',
      data: {
        status: 'ok',
        db: 'ok',
        bus: 'ok',
        roles: { api: 'active', stream: 'active', market: 'active', chain: 'active' },
        // No price has come yet: no market role runs here.
        feeds: [],
      },
    });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nope?x=1', headers: { accept: XHR_ACCEPT } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(ZErrorBody.parse(response.json())).toEqual({
      message: 'Route GET /nope not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers a validation failure with 400 VALIDATION listing every field', async () => {
    const response = await echo({ email: 'not-an-email', amount: -1, unknown: true });
    expect(response.statusCode).toBe(400);
    const body = ZErrorBody.parse(response.json());
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/^email: /);
    expect(body.details).toEqual([
      { field: 'body.email', message: expect.any(String) },
      { field: 'body.amount', message: expect.any(String) },
    ]);
  });

  it('ignores unknown fields', async () => {
    const response = await echo({ email: 'a@gmail.com', amount: 5, extra: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Echo', data: { email: 'a@gmail.com', amount: 5 } });
  });

  it('maps an AppError to its status, code, message and details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'That address is already taken',
      code: 'CONFLICT',
      details: { field: 'email' },
    });
  });

  it('never sends the client a stack or an internal message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await echo('{"email":', { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The request body is not valid JSON',
    });
  });

  it('refuses a body over the size limit with a 413', async () => {
    const response = await echo(JSON.stringify({ email: 'x'.repeat(1_100_000) }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an unsupported content type with a 415', async () => {
    const response = await echo('<a/>', { headers: { 'content-type': 'application/xml' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('sends API security headers and a request id on every response', async () => {
    for (const url of ['/health', '/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    }
  });

  it('sends the document security headers with the web app', async () => {
    const response = await navigate('/dashboard');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  describe('CSRF', () => {
    it('sets the XSRF-TOKEN cookie with the web app page when the browser has none', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Lax');
      const again = await t.app.inject({ method: 'GET', url: '/', cookies: { 'XSRF-TOKEN': 'kept' } });
      expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    });

    it('refuses a state-changing request that carries cookies but no matching header', async () => {
      for (const header of [undefined, 'wrong']) {
        const response = await echo(
          { email: 'a@gmail.com', amount: 1 },
          { cookies: { 'XSRF-TOKEN': 'abc' }, headers: header ? { 'x-xsrf-token': header } : {} },
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it('accepts a state-changing request that echoes the cookie in X-XSRF-TOKEN', async () => {
      const response = await echo(
        { email: 'a@gmail.com', amount: 1 },
        { cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abc' } },
      );
      expect(response.statusCode).toBe(200);
    });

    it('lets a request without cookies through (bearer-only API clients)', async () => {
      const response = await echo({ email: 'a@gmail.com', amount: 1 });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('the web app', () => {
    it('serves index.html at / without caching', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    });

    it('serves index.html for a browser navigation to a client route', async () => {
      for (const url of ['/dashboard/home', '/authentication/signup?x=1', '/anything/else']) {
        const response = await navigate(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
      }
    });

    it('serves the page the build drew for its path, with the document’s headers and cookie', async () => {
      for (const url of ['/authentication/login', '/authentication/login?next=%2Fdashboard']) {
        const response = await navigate(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain('script-src');
        expect(String(response.headers['set-cookie'])).toContain('XSRF-TOKEN=');
        expect(response.body).toContain('data-prerendered="/authentication/login"><main>Log in</main>');
      }
      // Sent compressed to a browser that takes it, like every other answer above the threshold.
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/authentication/login',
        headers: { accept: BROWSER_ACCEPT, 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<main>Log in</main>');
      // Other paths, a longer one included, get the empty page.
      for (const url of ['/authentication/signup', '/authentication/login/more', '/']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
        expect(response.body, url).toContain('<div id="root"></div>');
      }
    });

    it('writes the public general settings into every page it sends, as they are now', async () => {
      const settingsOf = (body: string) => {
        const match = body.match(
          /<script type="application\/json" id="page-settings">(.*?)<\/script><\/head>/,
        );
        return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : undefined;
      };
      const general = await t.deps.settings.read('general');
      for (const url of ['/', '/authentication/login', '/dashboard/home', '/admin/users']) {
        expect(settingsOf((await navigate(url)).body), url).toEqual(general);
      }
      await t.deps.settings.update('general', { appName: 'Northwind Markets' });
      expect(settingsOf((await navigate('/authentication/login')).body)).toMatchObject({
        appName: 'Northwind Markets',
      });
      await t.deps.settings.update('general', { appName: general.appName });
    });

    it('serves the web app for a navigation to /admin/*, and the API to the web app’s XHR', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/admin/users',
        headers: { accept: BROWSER_ACCEPT, 'sec-fetch-mode': 'navigate' },
      });
      expect(page.body).toContain('<div id="root">');
      // Before the back-office's own role check, which would answer a page load with JSON.
      const detail = await t.app.inject({
        method: 'GET',
        url: '/admin/users/00000000-0000-4000-8000-000000000000',
        headers: { accept: BROWSER_ACCEPT, 'sec-fetch-mode': 'navigate' },
      });
      expect(detail.body).toContain('<div id="root">');
      const api = await t.app.inject({ method: 'GET', url: '/admin/users', headers: { accept: XHR_ACCEPT } });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('answers a navigation to a signed link under /admin with what it serves, still checking it', async () => {
      const links = createUrlSigner(t.deps.jwtSecret, { windowMs: 300_000 });
      const navigation = { accept: BROWSER_ACCEPT, 'sec-fetch-mode': 'navigate' };
      // Opened in a tab of its own (middle click): the image, not the back-office's page.
      const opened = await t.app.inject({
        method: 'GET',
        url: links.sign('/admin/test/signed'),
        headers: navigation,
      });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('image/webp');
      // Without its signature, or signed for another path, it is a 404 and never the page.
      for (const url of [
        '/admin/test/signed',
        links.sign('/admin/test/other').replace('/other?', '/signed?'),
      ]) {
        const refused = await t.app.inject({ method: 'GET', url, headers: navigation });
        expect(refused.statusCode, url).toBe(404);
        expect(refused.body).not.toContain('<div id="root">');
      }
    });

    it('serves hashed assets with a year of caching, and a missing asset as a 404', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await navigate('/assets/missing.js');
      expect(missing.statusCode).toBe(404);
    });

    it('sends a built asset as its precompressed sibling when the browser takes br or gzip', async () => {
      const br = await getEncoded('/assets/big-5678.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
      const gz = await getEncoded('/assets/big-5678.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
      const plain = await t.app.inject({ method: 'GET', url: '/assets/big-5678.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_SCRIPT);
    });

    it('compresses API answers above a kilobyte, and leaves small ones and request bodies alone', async () => {
      const big = await getEncoded('/test/big', 'br, gzip');
      expect(big.statusCode).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toMatchObject({
        data: expect.any(Array),
      });
      const small = await getEncoded('/test/conflict', 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      // A compressed request body is not inflated past the body limit: it is refused.
      const zipped = await echo(gzipSync(JSON.stringify({ email: 'a@b.co', amount: 1 })), {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
      expect(zipped.statusCode).toBe(400);
    });

    it('allows the inline script of index.html by its hash in the CSP', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
      expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    });
  });
});
