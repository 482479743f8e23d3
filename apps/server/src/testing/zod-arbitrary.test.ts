import * as admin from '@td/contracts/admin';
import * as auth from '@td/contracts/auth';
import { ZDecimalString, ZWholeNumber } from '@td/contracts/decimal';
import { ZPageQuery } from '@td/contracts/envelope';
import * as market from '@td/contracts/market';
import * as notifications from '@td/contracts/notifications';
import * as profile from '@td/contracts/profile';
import * as settings from '@td/contracts/settings';
import { isSafeText, ZPersonName, ZSafeText } from '@td/contracts/text';
import * as tickets from '@td/contracts/tickets';
import * as trading from '@td/contracts/trading';
import * as wallet from '@td/contracts/wallet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { hostileBody, hostileScalar, validOf, withControl } from './zod-arbitrary';

const SAMPLES = 200;

describe('validOf: values a schema takes', () => {
  it.each<[string, z.core.$ZodType]>([
    ['a bounded string', z.string().check(z.minLength(2), z.maxLength(5))],
    ['an exact length', z.string().check(z.length(6))],
    ['a pattern', z.string().check(z.regex(/^[A-Z]{2}-\d{3}$/))],
    [
      'a pattern and a maximum',
      z.string().check(z.maxLength(74), z.regex(/^[0-9a-f-]{36}-[0-9a-f]{32}\.webp$/)),
    ],
    ['a uuid', z.uuid()],
    ['an email', z.email()],
    ['a url', z.url()],
    ['an integer range', z.number().check(z.int(), z.minimum(-3), z.maximum(7))],
    ['an open range', z.number().check(z.gt(0), z.lt(1))],
    ['an enum', z.enum(['a', 'b'])],
    ['a literal', z.literal('x')],
    ['a boolean', z.boolean()],
    [
      'an object with optional, default and nullable fields',
      z.object({
        a: z.string().check(z.maxLength(3)),
        b: z.optional(z.number()),
        c: z._default(z.boolean(), true),
        d: z.null(),
      }),
    ],
    ['a bounded array', z.array(z.enum(['x', 'y'])).check(z.minLength(1), z.maxLength(3))],
    ['a record', z.record(z.string().check(z.maxLength(5)), z.number().check(z.int()))],
    ['a union', z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])],
    ['a nullable', z.nullable(z.string().check(z.maxLength(2)))],
    ['a whole number as JSON or text', ZWholeNumber('N', { min: 1, max: 1000 })],
    ['a page query', ZPageQuery],
    ['a person name', ZPersonName('Name', { max: 50 })],
    ['safe text', ZSafeText('Text', { min: 3, max: 120 })],
    ['multi-line safe text', ZSafeText('Text', { min: 1, max: 5000, isMultiline: true })],
  ])('generates only values %s takes', (_name, schema) => {
    fc.assert(
      fc.property(validOf(schema), (value) => {
        expect(z.safeParse(schema, value).error?.issues).toBeUndefined();
      }),
      { numRuns: SAMPLES },
    );
  });

  it('counts a length in code points, as the schema does', () => {
    // A character outside the basic plane is two UTF-16 units but one character of the three asked.
    const schema = ZSafeText('Text', { min: 3, max: 120 });
    fc.assert(
      fc.property(validOf(schema), (value) => {
        expect(z.safeParse(schema, value).error?.issues).toBeUndefined();
      }),
      { numRuns: SAMPLES, seed: -1365073292 },
    );
  });

  it('reaches both bounds of a range', () => {
    const values = fc.sample(validOf(z.number().check(z.int(), z.minimum(1), z.maximum(1000))), {
      numRuns: SAMPLES,
      seed: 7,
    });
    expect(values).toContain(1);
    expect(values).toContain(1000);
  });

  it('generates decimals the way clients write them, mostly within bounds', () => {
    const schema = ZDecimalString('Amount', { scale: 2, max: '1000000' });
    const values = fc.sample(validOf(schema), { numRuns: SAMPLES, seed: 7 });
    expect(values.every((value) => typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))).toBe(true);
  });

  // Every request contract, sampled: generation ends (no filter that never passes) and a good share
  // of what it makes passes the contract (refinements and cross-field rules refuse the rest).
  const contracts = Object.entries({
    ...admin,
    ...auth,
    ...market,
    ...notifications,
    ...profile,
    ...tickets,
    ...trading,
    ...wallet,
  })
    .filter(([name, schema]) => /^Z\w+(Request|Query)$/.test(name) && schema instanceof z.core.$ZodType)
    .map(([name, schema]) => [name, schema as z.core.$ZodType] as [string, z.core.$ZodType]);
  const patches = Object.entries(settings.ZSettingsPatch).map(
    ([group, schema]) =>
      [`ZSettingsPatch.${group}`, z.partial(schema as z.ZodMiniObject)] as [string, z.core.$ZodType],
  );

  it.each([...contracts, ...patches])('samples %s, and most of it passes', (_name, schema) => {
    const values = fc.sample(validOf(schema), { numRuns: SAMPLES, seed: 11 });
    const passing = values.filter((value) => z.safeParse(schema, value).success).length;
    // Rules across fields refuse many independent draws (an order's stop price only on stop
    // types, an expiry only with gtd, a trailing stop or a stop loss): a tenth passing still
    // reaches every handler often.
    expect(passing / values.length).toBeGreaterThan(0.1);
  });
});

describe('hostile values', () => {
  it('include NUL, lone surrogates, huge numbers and prototype keys', () => {
    const values = fc.sample(hostileScalar, { numRuns: 2_000, seed: 3 }).map(String);
    expect(values.some((value) => value.includes('\u0000'))).toBe(true);
    expect(values.some((value) => /\p{Cs}/u.test(value))).toBe(true);
    expect(values.some((value) => value.length >= 100_000)).toBe(true);
    expect(values).toContain('__proto__');
    const bodies = fc.sample(hostileBody, { numRuns: 2_000, seed: 3 });
    expect(bodies.some((body) => body.startsWith('{"__proto__"'))).toBe(true);
    expect(bodies.some((body) => body.length > 1024 * 1024)).toBe(true);
  });

  it('puts a control character into a valid value', () => {
    fc.assert(
      fc.property(
        fc.string().chain((text) => fc.tuple(fc.constant(text), withControl(text))),
        ([text, changed]) => {
          expect(changed.length).toBe(text.length + 1);
          expect(isSafeText(changed)).toBe(false);
        },
      ),
    );
  });
});
