// Request checks: an empty query string answered from the route's own check of `{}`, a fresh copy
// each time; anything else checked on every request.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestValidatorCompiler } from './validation';

type Checked = { value?: unknown; error?: unknown };

const compile = (schema: z.ZodType, httpPart: string) =>
  requestValidatorCompiler({ schema, method: 'GET', url: '/things', httpPart }) as unknown as (
    data: unknown,
  ) => Checked;

/** A query as Fastify parses it: an object without a prototype. */
const query = (entries: Record<string, string> = {}) => Object.assign(Object.create(null), entries);

describe('checking a request', () => {
  const ZQuery = z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    q: z.optional(z.string().max(10)),
  });

  it('gives an empty query its defaults, a new object each time', () => {
    const check = compile(ZQuery, 'querystring');
    const first = check(query());
    expect(first).toEqual({ value: { limit: 20 } });
    const second = check(query());
    expect(second.value).toEqual({ limit: 20 });
    expect(second.value).not.toBe(first.value);
    // A handler changing its query changes no other request's.
    (first.value as Record<string, unknown>).limit = 99;
    expect(check(query()).value).toEqual({ limit: 20 });
  });

  it('checks a query with parameters as the schema says', () => {
    const check = compile(ZQuery, 'querystring');
    expect(check(query({ limit: '5' })).value).toEqual({ limit: 5 });
    expect(check(query({ limit: '500' })).error).toBeDefined();
    expect(check(query({ q: 'x'.repeat(11) })).error).toBeDefined();
  });

  it('refuses an empty query every time when the schema needs a parameter', () => {
    const check = compile(z.object({ symbol: z.string().min(1) }), 'querystring');
    expect(check(query()).error).toBeDefined();
    expect(check(query()).error).toBeDefined();
    expect(check(query({ symbol: 'BTC' })).value).toEqual({ symbol: 'BTC' });
  });

  it('checks an empty query each time when its defaults are not plain values', () => {
    const check = compile(z.object({ tags: z.array(z.string()).default([]) }), 'querystring');
    expect(check(query()).value).toEqual({ tags: [] });
    const value = check(query()).value as { tags: string[] };
    value.tags.push('changed');
    expect(check(query()).value).toEqual({ tags: [] });
  });

  it('checks every body, empty or not', () => {
    const check = compile(z.object({ name: z.string() }), 'body');
    expect(check({}).error).toBeDefined();
    expect(check({ name: 'a' }).value).toEqual({ name: 'a' });
  });
});
