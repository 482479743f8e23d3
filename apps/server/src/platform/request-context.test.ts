import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-context';

describe('a request’s id', () => {
  it('is the one the client gave when it is a plain token', () => {
    expect(requestIdFor('trace-order-42')).toBe('trace-order-42');
  });

  it('is made anew for a missing, repeated or unsafe one', () => {
    for (const given of [undefined, ['a', 'b'], 'has space', 'x'.repeat(65), 'line\nbreak', '']) {
      expect(requestIdFor(given)).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    }
  });

  it('is different for every request, and a plain token itself', () => {
    const ids = Array.from({ length: 1000 }, () => requestIdFor(undefined));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(requestIdFor(id)).toBe(id);
  });
});
