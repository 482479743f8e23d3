import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, withTestApp } from '../../testing/build-test-app';
import { writeWebBuild } from '../../testing/web-build';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const XHR_ACCEPT = 'application/json, text/plain, */*';

// The HTTP layer as deployments differ: a database that is down, HTTPS with the stream on a host
// of its own, and plain HTTP.

describe('/health when the database is down', () => {
  it('answers 503 UNAVAILABLE', async () => {
    await withTestApp({}, async (t) => {
      await t.deps.db.close();
      const response = await t.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'The database is unreachable',
        details: { status: 'degraded', db: 'down', bus: 'ok' },
      });
    });
  });
});

describe('security headers behind HTTPS, with the stream on its own host', () => {
  let t: TestApp;
  let build: ReturnType<typeof writeWebBuild>;

  beforeAll(async () => {
    build = writeWebBuild();
    t = await buildTestApp({
      webDistDir: build.dir,
      env: { PUBLIC_URL: 'https://trade.example.com', STREAM_URL: 'https://stream.example.com' },
    });
  });
  afterAll(async () => {
    await t?.close();
    build?.remove();
  });

  it('lets the page connect to its own origin and the stream’s only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("connect-src 'self' https://stream.example.com wss://stream.example.com;");
    expect(csp).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
  });

  it('sends HSTS on the document and on every API response', async () => {
    const hsts = 'max-age=15552000; includeSubDomains';
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['strict-transport-security']).toBe(hsts);
    for (const url of ['/health', '/nope', '/profile']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: XHR_ACCEPT } });
      expect(response.headers['strict-transport-security'], url).toBe(hsts);
    }
  });
});

describe('security headers over plain HTTP', () => {
  it('sends no HSTS, on the page or the API', async () => {
    const build = writeWebBuild();
    try {
      await withTestApp(
        { webDistDir: build.dir, env: { PUBLIC_URL: 'http://localhost:3000' } },
        async (t) => {
          for (const url of ['/', '/health']) {
            const response = await t.app.inject({ method: 'GET', url });
            expect(response.headers['strict-transport-security'], url).toBeUndefined();
          }
          const page = await t.app.inject({ method: 'GET', url: '/' });
          expect(page.headers['content-security-policy']).toContain(
            "connect-src 'self' http://localhost:3000 ws://localhost:3000;",
          );
        },
      );
    } finally {
      build.remove();
    }
  });
});
