import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document and its reference page', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<string, { security?: unknown[]; 'x-access'?: string; 'x-api-scope'?: string }>
    >;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => t?.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the API with who may call it', () => {
    const routes = t.app
      .routeTable()
      .filter((route) => route.method !== 'HEAD' && !/^\/(docs|metrics)(\/|$)|\*/.test(route.url));
    expect(routes.length).toBeGreaterThan(90);
    const missing = routes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation?.['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation?.['x-api-scope']).toBe(route.apiScope);
    }
    const place = document.paths['/orders']?.post;
    expect(place?.security).toEqual([{ session: [] }, { apiKey: [], apiTimestamp: [], apiSignature: [] }]);
    expect(document.paths['/wallet/withdrawals']?.post?.['x-api-scope']).toBeUndefined();
  });

  it('describes bodies and answers from the same schemas the routes validate with', () => {
    const place = document.paths['/orders']?.post as unknown as {
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
      };
      responses: Record<string, unknown>;
    };
    const body = place.requestBody.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['account', 'symbol', 'side', 'type', 'amount', 'leverage']),
    );
    expect(place.responses).toHaveProperty('201');
  });

  it('serves the reference page from its own files, under a policy that lets only them run', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const script = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
