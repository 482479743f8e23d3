import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { PAGE_LIMIT_MAX, PAGE_MAX } from '@td/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document and its reference page', () => {
  let t: TestApp;
  let mailbox: TestMailbox;
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        { security?: unknown[]; 'x-access'?: string; 'x-api-scope'?: string; 'x-permission'?: string }
      >
    >;
  };

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    t = await buildTestApp({ env: { SMTP_URL: mailbox.url } });
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

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
      expect(operation?.['x-permission'], `${route.method} ${route.url}`).toBe(route.permission);
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
    // A decimal states its digits, decimals and greatest value, as the server checks them.
    const amount = body?.properties.amount as {
      anyOf: Array<{ type: string; pattern?: string; maximum?: number; multipleOf?: number }>;
    };
    const pattern = new RegExp(amount.anyOf.find((each) => each.type === 'string')?.pattern ?? '^$');
    expect(
      ['0', '250.00', '999999999999.99', '1000000000000', '1000000000000.00'].filter(
        (text) => !pattern.test(text),
      ),
    ).toEqual([]);
    expect(
      ['1000000000000.01', '9999999999999', '1.001', '-1', '01'].filter((text) => pattern.test(text)),
    ).toEqual([]);
    const number = amount.anyOf.find((each) => each.type === 'number');
    expect(number?.maximum).toBe(1e12);
    expect(number?.multipleOf).toBe(0.01);
    expect(place.responses).toHaveProperty('201');
  });

  it('names, sums up and tags every operation, and lists the refusals each can answer with', () => {
    type TOperation = {
      operationId?: string;
      summary?: string;
      tags?: string[];
      responses: Record<string, { $ref?: string }>;
      'x-access'?: string;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, TOperation>).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method,
        operation,
      })),
    );
    expect(operations.filter(({ operation }) => !operation.summary).map(({ key }) => key)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.tags?.length).map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { key, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, key).toEqual(expect.arrayContaining(['429', '500', '503']));
      if (operation['x-access'] !== 'public') expect(statuses, key).toContain('401');
      if (method !== 'get') expect(statuses, key).toEqual(expect.arrayContaining(['400', '409']));
      expect(operation.responses['401']?.$ref ?? '#/components/responses/Unauthenticated').toBe(
        '#/components/responses/Unauthenticated',
      );
    }
    const full = document as unknown as {
      components: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(full.components.responses.BadRequest?.content['application/json']?.schema.$ref).toBe(
      '#/components/schemas/ErrorBody',
    );
    // Uploads are multipart forms, the export is CSV.
    for (const upload of ['/kyc', '/profile/image', '/tickets/attachments']) {
      expect(Object.keys(full.paths[upload]?.post?.requestBody?.content ?? {}), upload).toEqual([
        'multipart/form-data',
      ]);
    }
    const exported = document.paths['/orders/export']?.get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(exported.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });

  it('states the bounds of query parameters as the server checks them', async () => {
    const list = document.paths['/orders']?.get as unknown as {
      parameters: Array<{
        name: string;
        schema: { type?: string; minimum?: number; maximum?: number; pattern?: string };
      }>;
    };
    const parameter = (name: string) => list.parameters.find((each) => each.name === name)?.schema;
    expect(parameter('page')).toMatchObject({ type: 'integer', minimum: 1, maximum: PAGE_MAX });
    expect(parameter('limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX });
    const statuses = new RegExp(parameter('status')?.pattern ?? '');
    expect(statuses.test('act,pnd')).toBe(true);
    expect(statuses.test('act,nope')).toBe(false);
    // What the document allows, the server takes; what it does not, the server refuses.
    const { token } = await createUser(t.app, mailbox);
    const ask = (query: string) =>
      t.app.inject({ method: 'GET', url: `/orders?${query}`, headers: bearer(token) });
    expect((await ask(`page=${PAGE_MAX}&limit=${PAGE_LIMIT_MAX}&status=act,pnd`)).statusCode).toBe(200);
    expect((await ask(`page=${PAGE_MAX + 1}`)).statusCode).toBe(400);
    expect((await ask('status=act,nope')).statusCode).toBe(400);
  });

  it('writes its patterns without Unicode property escapes, so that every JSON Schema tool reads them', async () => {
    const source = JSON.stringify(document);
    expect(source).not.toMatch(/\\\\[pP]\{/);
    const patterns = [...source.matchAll(/"pattern":("(?:\\.|[^"\\])*")/g)].map(
      (match) => JSON.parse(match[1] ?? '""') as string,
    );
    expect(patterns.length).toBeGreaterThan(10);
    // Each compiles as a plain pattern too (no `u` flag: what most tools other than ajv use).
    for (const pattern of patterns) expect(() => new RegExp(pattern), pattern).not.toThrow();
    const signup = document.paths['/auth/signup']?.post as unknown as {
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, { pattern: string }> } }>;
      };
    };
    const firstName = new RegExp(
      signup.requestBody.content['application/json']?.schema.properties.firstName?.pattern ?? '',
      'u',
    );
    expect(firstName.test('Zoë')).toBe(true);
    expect(firstName.test('J0hn')).toBe(false);
  });

  it("passes Redocly's recommended rules and Spectral's OpenAPI rules without an error", async () => {
    const source = JSON.stringify(document);
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const redoclyErrors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(redoclyErrors).toEqual([]);
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[spectralRulesets.oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(
      new spectralCore.Document(source, spectralParsers.Json, 'openapi.json'),
    );
    const ERROR = 0;
    const spectralErrors = results
      .filter((result) => result.severity === ERROR)
      .map((result) => `${result.code}: ${result.message} (${result.path.join('.')})`);
    expect(spectralErrors).toEqual([]);
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
