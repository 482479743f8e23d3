import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_HTTP_STATUS,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  pageOf,
  successEnvelope,
  ZErrorBody,
  ZErrorCode,
  ZHealth,
  ZMoney,
  ZPageQuery,
  ZValidationDetails,
} from './envelope';

describe('error body', () => {
  it('accepts a message and a known code without details', () => {
    expect(ZErrorBody.parse({ message: 'Not found', code: 'NOT_FOUND' })).toEqual({
      message: 'Not found',
      code: 'NOT_FOUND',
    });
  });

  it('keeps details of any shape', () => {
    const body = { message: 'Invalid', code: 'VALIDATION', details: [{ field: 'body.email', message: 'x' }] };
    expect(ZErrorBody.parse(body)).toEqual(body);
  });

  it('refuses a code outside the catalogue', () => {
    expect(ZErrorBody.safeParse({ message: 'x', code: 'TEAPOT' }).success).toBe(false);
  });

  it('gives every error code a 4xx or 5xx status', () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ZErrorCode.options].sort());
    for (const status of Object.values(ERROR_HTTP_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
    expect(ERROR_HTTP_STATUS.VALIDATION).toBe(400);
    expect(ERROR_HTTP_STATUS.RATE_LIMITED).toBe(429);
  });
});

describe('validation details', () => {
  it('lists each field by its dotted path with a message', () => {
    const details = [{ field: 'body.email', message: 'Enter a valid email address' }];
    expect(ZValidationDetails.parse(details)).toEqual(details);
  });

  it('refuses an issue without a field', () => {
    expect(ZValidationDetails.safeParse([{ message: 'x' }]).success).toBe(false);
  });
});

describe('success envelope', () => {
  const ZUserReply = successEnvelope(z.object({ id: z.string() }));

  it('wraps the data beside a message', () => {
    const reply = { message: 'User fetched', data: { id: 'u1' } };
    expect(ZUserReply.parse(reply)).toEqual(reply);
  });

  it('refuses a reply whose data does not match', () => {
    expect(ZUserReply.safeParse({ message: 'User fetched', data: { id: 1 } }).success).toBe(false);
  });

  it('refuses a reply without a message', () => {
    expect(ZUserReply.safeParse({ data: { id: 'u1' } }).success).toBe(false);
  });
});

describe('page query', () => {
  it('defaults to the first page of twenty', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, limit: PAGE_LIMIT_DEFAULT });
    expect(PAGE_LIMIT_DEFAULT).toBe(20);
  });

  it('reads numbers written as query-string text', () => {
    expect(ZPageQuery.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
  });

  it('accepts the largest page size and refuses one above it', () => {
    expect(ZPageQuery.parse({ limit: String(PAGE_LIMIT_MAX) }).limit).toBe(100);
    expect(ZPageQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('refuses page zero, a zero limit and fractions', () => {
    expect(ZPageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ page: '1.5' }).success).toBe(false);
  });

  it('refuses text that is not a number', () => {
    expect(ZPageQuery.safeParse({ page: 'two' }).success).toBe(false);
  });
});

describe('page of items', () => {
  const ZNames = pageOf(z.string());

  it('accepts items with their page, limit and total', () => {
    const page = { items: ['a', 'b'], page: 1, limit: 20, total: 2 };
    expect(ZNames.parse(page)).toEqual(page);
  });

  it('accepts an empty page', () => {
    expect(ZNames.parse({ items: [], page: 3, limit: 20, total: 0 }).items).toEqual([]);
  });

  it('refuses items of the wrong type and a negative total', () => {
    expect(ZNames.safeParse({ items: [1], page: 1, limit: 20, total: 1 }).success).toBe(false);
    expect(ZNames.safeParse({ items: [], page: 1, limit: 20, total: -1 }).success).toBe(false);
  });
});

describe('money', () => {
  it.each(['0', '1234.56', '-0.5', '100000000', '0.00000001'])('accepts the decimal string %s', (s) => {
    expect(ZMoney.parse(s)).toBe(s);
  });

  it.each(['', '1.', '.5', '1e3', '1,000.00', '+1', ' 1', 'NaN', '--1'])('refuses %j', (s) => {
    expect(ZMoney.safeParse(s).success).toBe(false);
  });

  it('refuses a JSON number so floats never carry money', () => {
    expect(ZMoney.safeParse(1234.56).success).toBe(false);
  });
});

describe('health', () => {
  it('reports the database, the bus, the role of each part and the price feeds', () => {
    const health = {
      status: 'ok',
      db: 'ok',
      bus: 'ok',
      roles: { api: 'active', market: 'standby' },
      feeds: [{ feed: 'finnhub', pairs: 24, lastMessageAgeMs: 420, state: 'live' }],
    };
    expect(ZHealth.parse(health)).toEqual(health);
  });

  it('accepts a degraded report with a down database', () => {
    expect(ZHealth.parse({ status: 'degraded', db: 'down', bus: 'ok', roles: {}, feeds: [] }).db).toBe(
      'down',
    );
  });

  it('refuses an unknown role state', () => {
    expect(
      ZHealth.safeParse({ status: 'ok', db: 'ok', bus: 'ok', roles: { api: 'asleep' }, feeds: [] }).success,
    ).toBe(false);
  });
});
