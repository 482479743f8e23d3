import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { DeclaredRoute } from '../platform/http/access';
import { randomIp } from './accounts';
import { hostileBody, hostileScalar, validOf, withControl } from './zod-arbitrary';

/**
 * Requests made from a route's own zod schemas, for the contract fuzzing: a valid sample from the
 * route's fixture and its schemas, then mutated (wrong types, huge and unicode strings, NUL and
 * control characters, deep JSON, prototype keys), and the inject options that send it.
 */

export type Location = 'params' | 'querystring' | 'body';
export type Def = { type: string; [key: string]: unknown };
export const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The fields of an object schema, through pipes, refinements, optional and unions. */
export function shapeOf(schema: unknown): Record<string, unknown> {
  const def = defOf(schema);
  if (!def) return {};
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  if (def.type === 'pipe') return shapeOf(def.in);
  if (['optional', 'nullable', 'default'].includes(def.type)) return shapeOf(def.innerType);
  if (def.type === 'union') return Object.assign({}, ...(def.options as unknown[]).map(shapeOf));
  return {};
}

/** Percent-encoding that also carries what `encodeURIComponent` refuses (lone surrogates). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

export const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? (JSON.stringify(value) ?? '')
      : String(value);

export function queryText(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(`${encode(key)}=${encode(textOf(one))}`);
  }
  return parts.join('&');
}

export interface Sample {
  label: string;
  params: Record<string, unknown>;
  query: Record<string, unknown> | string;
  body: unknown;
  /** The body as raw text (a prototype key must reach the parser unparsed). */
  rawBody?: string;
  /** Params put in the path as they are, unencoded. */
  rawParams?: Record<string, string>;
  contentType?: string;
}

/** Requests for one route: its fixture's, then each part regenerated or mutated from its schemas. */
export function samplesOf(route: DeclaredRoute, base: Sample): fc.Arbitrary<Sample> {
  const schema = route.schema ?? {};
  const schemaOf = (location: Location) => (schema as Record<Location, unknown>)[location];
  const locations = (['params', 'querystring', 'body'] as const).filter((location) => schemaOf(location));
  const currentOf = (sample: Sample, location: Location) =>
    location === 'params' ? sample.params : location === 'body' ? sample.body : sample.query;
  const withPart = (sample: Sample, location: Location, value: unknown): Sample =>
    location === 'params'
      ? { ...sample, params: value as Record<string, unknown> }
      : location === 'body'
        ? { ...sample, body: value }
        : { ...sample, query: value as Record<string, unknown> };

  // A whole part from its schema: what a well-behaved client might send.
  const regenerated = locations.length
    ? fc.constantFrom(...locations).chain((location) =>
        validOf(schemaOf(location)).map((value) => ({
          ...withPart(base, location, value),
          label: `valid ${location}`,
        })),
      )
    : fc.constant({ ...base, label: 'fixture' });

  // One field of one part changed: removed, made hostile, given a control character, or added.
  const fieldMutation = fc.constantFrom<Location>('params', 'querystring', 'body').chain((location) => {
    const shape = shapeOf(schemaOf(location));
    const current = currentOf(base, location);
    const fields = [...new Set([...Object.keys(shape), ...Object.keys((current as object) ?? {})])];
    const field = fields.length ? fc.constantFrom(...fields) : fc.constant('extra');
    return fc.tuple(fc.constant(location), field, fc.nat(3)).chain(([where, key, kind]) => {
      const valid = shape[key] ? validOf(shape[key]) : fc.string();
      const value: fc.Arbitrary<unknown> =
        kind === 0
          ? fc.constant(undefined)
          : kind === 1
            ? hostileScalar
            : kind === 2
              ? valid.map(textOf).chain(withControl)
              : fc.oneof(hostileScalar, fc.jsonValue({ maxDepth: 3 }));
      return value.map((next) => {
        const part = { ...((currentOf(base, where) as object) ?? {}) } as Record<string, unknown>;
        if (next === undefined) delete part[key];
        else part[key] = next;
        return {
          ...withPart(base, where, part),
          label: `${where}.${key} ${kind === 0 ? 'missing' : 'hostile'}`,
        };
      });
    });
  });

  // A field nobody declared, with a key that means something to JavaScript.
  const prototypeKeys = fc
    .constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty')
    .chain((key) =>
      fc.constantFrom<Sample>(
        {
          ...base,
          label: `body ${key} key`,
          rawBody: `{"${key}":{"isAdmin":true},"polluted":1}`,
          body: undefined,
        },
        { ...base, label: `query ${key} key`, query: `${key}[isAdmin]=true&${key}=1` },
      ),
    );

  const wholeBody = hostileBody.map((raw) => ({
    ...base,
    label: 'hostile body',
    rawBody: raw,
    body: undefined,
  }));
  const wholeQuery = fc
    .constantFrom(
      'page=1&page=2&limit=1&limit=1000',
      'a=%',
      'a=%ZZ&b=%C0%80',
      `q=${'x'.repeat(20_000)}`,
      `${'k'.repeat(5_000)}=1`,
      Array.from({ length: 1_000 }, (_, i) => `k${i}=${i}`).join('&'),
      'status=act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act,act',
      'symbol[]=BTC_USDT&symbol[]=ETH_USDT',
      'exp=99999999999&sig=AAAA',
    )
    .map((query) => ({ ...base, label: 'hostile query', query }));
  const wholeParams = fc
    .oneof(hostileScalar, fc.constantFrom('%00', '..', '%2e%2e%2f', ' ', 'a'.repeat(300)))
    .map((value) => ({
      ...base,
      label: 'hostile params',
      params: Object.fromEntries(Object.keys(base.params).map((key) => [key, textOf(value)])),
    }));
  // Sent as they are, not encoded: broken percent-encodings for the router itself.
  const rawParams = fc.constantFrom('%', '%ZZ', '%C0%80', '%E0%A4%A', '%00', '%ED%A0%80').map((value) => ({
    ...base,
    label: 'raw params',
    rawParams: Object.fromEntries(Object.keys(base.params).map((key) => [key, value])),
  }));
  const contentTypes = fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
    )
    .map((contentType) => ({
      ...base,
      label: `content-type ${contentType}`,
      contentType,
      rawBody: '--x\r\n\r\n',
    }));

  return fc.oneof(
    { arbitrary: fc.constant({ ...base, label: 'fixture' }), weight: 1 },
    { arbitrary: regenerated, weight: 6 },
    { arbitrary: fieldMutation, weight: 8 },
    { arbitrary: prototypeKeys, weight: 1 },
    { arbitrary: wholeBody, weight: 2 },
    { arbitrary: wholeQuery, weight: 1 },
    {
      arbitrary: Object.keys(base.params).length
        ? fc.oneof(wholeParams, rawParams)
        : fc.constant({ ...base, label: 'fixture' }),
      weight: 2,
    },
    { arbitrary: contentTypes, weight: 1 },
  );
}

/** The params of a path (`/a/:id` and `/a/7?x` → `{id: '7'}`), for fixtures given as a whole path. */
export function paramsIn(pattern: string, url: string): Record<string, string> {
  const actual = (url.split('?')[0] ?? '').split('/');
  return Object.fromEntries(
    pattern
      .split('/')
      .map((part, i) => [part, actual[i] ?? ''] as const)
      .filter(([part]) => part.startsWith(':'))
      .map(([part, value]) => [part.slice(1), decodeURIComponent(value)]),
  );
}

export const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function injectOf(route: DeclaredRoute, sample: Sample, token: string | undefined): InjectOptions {
  let url = route.url.replace(
    /:(\w+)/g,
    (_, name: string) => sample.rawParams?.[name] ?? encode(textOf(sample.params[name] ?? '')),
  );
  const query = typeof sample.query === 'string' ? sample.query : queryText(sample.query);
  if (query) url += `?${query}`;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const options: InjectOptions = { method: route.method as 'GET', url, headers, remoteAddress: randomIp() };
  if (sample.rawBody !== undefined) {
    return {
      ...options,
      headers: { ...headers, 'content-type': sample.contentType ?? 'application/json' },
      payload: sample.rawBody,
    };
  }
  return sample.body === undefined ? options : { ...options, payload: sample.body as object };
}
