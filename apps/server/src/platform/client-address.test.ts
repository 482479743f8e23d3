import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './client-address';

const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
const octet = fc.integer({ min: 0, max: 255 });
const octets = fc.tuple(octet, octet, octet, octet);

/** Every group written out in full: `2001:0db8:0000:…`. */
const expanded = (g: number[]) => g.map((x) => x.toString(16).padStart(4, '0')).join(':');
/** The shortest form (RFC 5952), as the URL parser writes it: `2001:db8::1`. */
const compressed = (g: number[]) => new URL(`http://[${expanded(g)}]/`).hostname.slice(1, -1);

describe('addressLimitKey', () => {
  it('gives any two addresses in one /64 one key', () => {
    fc.assert(
      fc.property(groups, fc.array(group, { minLength: 4, maxLength: 4 }), (a, hostBits) => {
        // Not an IPv4-mapped prefix: that one is counted per IPv4 address.
        fc.pre(!(a.slice(0, 5).every((x) => x === 0) && a[5] === 0xffff));
        const b = [...a.slice(0, 4), ...hostBits];
        expect(addressLimitKey(compressed(a))).toBe(addressLimitKey(compressed(b)));
      }),
    );
  });

  it('gives addresses in different /64s different keys', () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join());
        expect(addressLimitKey(compressed(a))).not.toBe(addressLimitKey(compressed(b)));
      }),
    );
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address, in every spelling', () => {
    fc.assert(
      fc.property(octets, (o) => {
        const ipv4 = o.join('.');
        const hex = [(o[0] << 8) | o[1], (o[2] << 8) | o[3]].map((x) => x.toString(16)).join(':');
        expect(addressLimitKey(`::ffff:${ipv4}`)).toBe(ipv4);
        expect(addressLimitKey(`::FFFF:${hex}`)).toBe(ipv4);
        expect(addressLimitKey(`0:0:0:0:0:ffff:${ipv4}`)).toBe(ipv4);
        expect(addressLimitKey(ipv4)).toBe(ipv4);
      }),
    );
  });

  it('gives the compressed, expanded and upper-case spellings of one address one key', () => {
    fc.assert(
      fc.property(groups, (g) => {
        const key = addressLimitKey(compressed(g));
        expect(addressLimitKey(expanded(g))).toBe(key);
        expect(addressLimitKey(expanded(g).toUpperCase())).toBe(key);
      }),
    );
  });

  it('keys the sign-up probe’s addresses as one /64, and leaves IPv4 and non-addresses apart', () => {
    const keys = new Set(
      Array.from({ length: 12 }, (_, i) => addressLimitKey(`2001:db8:7:9::${(i + 1).toString(16)}`)),
    );
    expect([...keys]).toEqual(['2001:db8:7:9::/64']);
    expect(addressLimitKey('fe80::1%eth0')).toBe(addressLimitKey('fe80::2'));
    expect(addressLimitKey('203.0.113.7')).not.toBe(addressLimitKey('203.0.113.8'));
    expect(addressLimitKey('not an address')).toBe('not an address');
  });
});
