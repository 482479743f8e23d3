import fc from 'fast-check';
import { patternArbitrary } from './pattern-arbitrary';

/**
 * fast-check arbitraries read from JSON Schema (2020-12, as the OpenAPI 3.1 document carries it),
 * for the contract fuzzing's requests made from the served document: values a schema describes
 * (`validOf`), and values broken in one way it states (`invalidOf`: a wrong type, a required
 * property left out, a string or a list beyond its length, a number beyond its range, a value
 * outside its enum, a NUL inside a text). Local `$ref`s are followed; `anyOf`/`oneOf` take one
 * branch merged with what stands beside it; `not` is not generated against. What is generated is
 * a candidate: the caller classifies it with the document's own validator (ajv), so a candidate
 * that misses a rule the generator does not read is simply counted on the other side.
 */

export type JsonSchema = { [key: string]: unknown };

/** Characters, at most, of a string with no maximum of its own. */
const STRING_LENGTH_DEFAULT_MAX = 24;
/** Items, at most, of an array with no maximum of its own. */
const ARRAY_SIZE_DEFAULT_MAX = 3;
const DEPTH_MAX = 8;
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  date: fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  'date-time': fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};

/**
 * A pattern without its lookaheads and lookbehinds (`(?=…)`, `(?!…)`), which fast-check's
 * `stringMatching` cannot generate from: a candidate that breaks one is classified as refused.
 */
export function withoutLookarounds(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
      continue;
    }
    if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      // Skip to the group's closing parenthesis (escapes and classes taken into account).
      let depth = 0;
      let inClass = false;
      for (; i < pattern.length; i++) {
        const char = pattern[i];
        if (char === '\\') i++;
        else if (inClass) inClass = char !== ']';
        else if (char === '[') inClass = true;
        else if (char === '(') depth++;
        else if (char === ')' && --depth === 0) break;
      }
      continue;
    }
    out += pattern[i];
  }
  return out;
}

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  if (schema.pattern || schema.format || schema.minLength !== undefined || schema.maxLength !== undefined)
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
};

/** Two schemas that both hold, as one (properties merged one by one, the second's words winning). */
function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  const properties = { ...((a.properties as object) ?? {}) } as Record<string, JsonSchema>;
  for (const [key, value] of Object.entries((b.properties as Record<string, JsonSchema>) ?? {}))
    properties[key] = properties[key] ? merge(properties[key], value) : value;
  const required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  const merged: JsonSchema = { ...a, ...b };
  if (a.properties || b.properties) merged.properties = properties;
  if (required.length) merged.required = required;
  return merged;
}

export function createSchemaArbitraries(document: unknown) {
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
      const pointer = current.$ref.replace(/^#/, '').split('/').slice(1);
      let target: unknown = document;
      for (const segment of pointer)
        target = (target as Record<string, unknown>)?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
      const { $ref: _ref, ...rest } = current;
      current = { ...((target as JsonSchema) ?? {}), ...rest };
    }
    return current;
  };

  /** The schema with its `allOf` folded in and one `anyOf`/`oneOf` branch chosen, as arbitraries of plain schemas. */
  const flattened = (input: JsonSchema): fc.Arbitrary<JsonSchema> => {
    const schema = resolve(input);
    const { allOf, anyOf, oneOf, ...rest } = schema;
    let result: fc.Arbitrary<JsonSchema> = fc.constant(rest as JsonSchema);
    const branches = (anyOf ?? oneOf) as JsonSchema[] | undefined;
    if (branches?.length) {
      result = result.chain((base) =>
        fc
          .constantFrom(...branches)
          .chain((branch) => flattened(branch).map((chosen) => merge(base, chosen))),
      );
    }
    for (const part of (allOf as JsonSchema[] | undefined) ?? [])
      result = result.chain((base) => flattened(part).map((folded) => merge(base, folded)));
    return result;
  };

  const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
    const min = Number(schema.minLength ?? 0);
    const max = Number(schema.maxLength ?? Math.max(min, STRING_LENGTH_DEFAULT_MAX));
    const fit = (text: string) => {
      let fitted = text;
      // Repeated to reach the minimum (a pattern of repeated characters still holds), cut to the maximum.
      while (fitted.length > 0 && [...fitted].length < min) fitted += text;
      return [...fitted].slice(0, max).join('');
    };
    let source: fc.Arbitrary<string>;
    if (typeof schema.format === 'string' && FORMATS[schema.format]) {
      return FORMATS[schema.format] as fc.Arbitrary<string>;
    } else if (typeof schema.pattern === 'string') {
      source = patternArbitrary(new RegExp(withoutLookarounds(schema.pattern), 'u'));
    } else {
      source = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 40) });
    }
    if (typeof schema.pattern !== 'string' || schema.pattern === withoutLookarounds(schema.pattern))
      return source.map(fit);
    // Generated without the lookarounds: the first of a few candidates that keeps them too.
    const whole = new RegExp(schema.pattern, 'u');
    return fc
      .array(source.map(fit), { minLength: 4, maxLength: 4 })
      .map((candidates) => candidates.find((text) => whole.test(text)) ?? candidates[0] ?? '');
  };

  const numberOf = (schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> => {
    const low = Number(schema.minimum ?? schema.exclusiveMinimum ?? -1e6);
    const high = Number(schema.maximum ?? schema.exclusiveMaximum ?? 1e6);
    const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : isInteger ? 1 : undefined;
    const value = step
      ? fc
          .integer({ min: Math.ceil(low / step), max: Math.floor(high / step) })
          .map((n) => Number((n * step).toFixed(12)))
      : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
    return value.filter(
      (n) =>
        (schema.exclusiveMinimum === undefined || n > Number(schema.exclusiveMinimum)) &&
        (schema.exclusiveMaximum === undefined || n < Number(schema.exclusiveMaximum)),
    );
  };

  const plainValueOf = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
    const types = typesOf(schema);
    if (!types.length) return fc.jsonValue({ maxDepth: 2 });
    return fc.constantFrom(...types).chain((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringOf(schema);
        case 'integer':
          return numberOf(schema, true);
        case 'number':
          return numberOf(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = (schema.items as JsonSchema | undefined) ?? {};
          const minLength = Number(schema.minItems ?? 0);
          const maxLength = Number(schema.maxItems ?? Math.max(minLength, ARRAY_SIZE_DEFAULT_MAX));
          if (depth >= DEPTH_MAX) return fc.constant([]);
          const item = valueAt(items, depth + 1);
          return schema.uniqueItems
            ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
            : fc.array(item, { minLength, maxLength });
        }
        default:
          return objectOf(schema, depth);
      }
    });
  };

  const objectOf = (schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> => {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    if (depth >= DEPTH_MAX) return fc.constant({});
    const fields = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, valueAt(value, depth + 1)]),
    );
    const requiredKeys = Object.keys(fields).filter((key) => required.has(key));
    return fc.record(fields, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  };

  const valueAt = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> =>
    flattened(schema).chain((plain) => plainValueOf(plain, depth));

  /** A value of another JSON type than the schema names. */
  const otherType = (types: string[]): fc.Arbitrary<unknown> => {
    const candidates: unknown[] = [true, 'text', 1234567, -0.5, null, [1, 'a'], { unexpected: 1 }];
    const typeOf = (value: unknown) =>
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'object'
            ? 'object'
            : typeof value;
    const others = candidates.filter((value) => {
      const type = typeOf(value);
      return !(
        types.includes(type) ||
        (type === 'number' && types.includes('integer') && Number.isInteger(value))
      );
    });
    return others.length ? fc.constantFrom(...others) : fc.constant({ unexpected: 1 });
  };

  /** The schema's value broken in one way it states (see the file's comment). */
  const brokenOf = (plain: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const types = typesOf(plain);
    const ways: fc.Arbitrary<unknown>[] = [otherType(types)];
    if (Array.isArray(plain.enum)) ways.push(fc.constant('not-one-of-them'));
    if (types.includes('string')) {
      if (typeof plain.maxLength === 'number') ways.push(fc.constant('9'.repeat(plain.maxLength + 1)));
      if (typeof plain.minLength === 'number' && plain.minLength > 0)
        ways.push(fc.constant('9'.repeat(plain.minLength - 1)));
      ways.push(
        stringOf(plain).chain((text) =>
          fc.nat(text.length).map((at) => `${text.slice(0, at)}\u0000${text.slice(at)}`),
        ),
      );
    }
    if (types.includes('number') || types.includes('integer')) {
      if (typeof plain.maximum === 'number') ways.push(fc.constant(plain.maximum + 1));
      if (typeof plain.minimum === 'number') ways.push(fc.constant(plain.minimum - 1));
      if (types.includes('integer') && !types.includes('number')) ways.push(fc.constant(1.5));
    }
    if (types.includes('array') && typeof plain.maxItems === 'number' && plain.items) {
      const item = valueAt(plain.items as JsonSchema, depth + 1);
      ways.push(fc.array(item, { minLength: plain.maxItems + 1, maxLength: plain.maxItems + 1 }));
    }
    if (types.includes('object') && depth < DEPTH_MAX) {
      const properties = Object.entries((plain.properties as Record<string, JsonSchema>) ?? {});
      const required = (plain.required as string[] | undefined) ?? [];
      if (properties.length) {
        // One property broken, the others valid; or a required one left out.
        ways.push(
          fc
            .tuple(objectOf(plain, depth), fc.constantFrom(...properties))
            .chain(([whole, [key, schema]]) =>
              invalidAt(schema, depth + 1).map((broken) => ({ ...whole, [key]: broken })),
            ),
        );
      }
      if (required.length) {
        ways.push(
          fc.tuple(objectOf(plain, depth), fc.constantFrom(...required)).map(([whole, key]) => {
            const { [key]: _left, ...rest } = whole;
            return rest;
          }),
        );
      }
    }
    return fc.oneof(...ways);
  };

  const invalidAt = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> =>
    flattened(schema).chain((plain) => brokenOf(plain, depth));

  return {
    validOf: (schema: JsonSchema) => valueAt(schema, 0),
    invalidOf: (schema: JsonSchema) => invalidAt(schema, 0),
    resolve,
  };
}
