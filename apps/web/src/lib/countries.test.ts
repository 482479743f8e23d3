import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName } from './countries';

describe('countries', () => {
  it('lists each ISO 3166-1 alpha-2 code once', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes.length).toBeGreaterThanOrEqual(249);
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names a code in any case, and shows an unknown one as it is', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName(null)).toBeNull();
  });
});
