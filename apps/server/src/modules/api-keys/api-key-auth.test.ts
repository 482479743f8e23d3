import { apiSignaturePrefix } from '@td/contracts/api-keys';
import { describe, expect, it } from 'vitest';
import { isAllowedAddress, signatureOf } from './api-key-auth';

describe('request signatures', () => {
  it('give the worked example of docs/API.md', () => {
    const prefix = apiSignaturePrefix({
      timestamp: '1764115200000',
      method: 'get',
      path: '/orders',
      query: 'account=demo&limit=5',
    });
    expect(prefix).toBe('1764115200000\nGET\n/orders\naccount=demo&limit=5\n');
    expect(signatureOf('s3cr3t', prefix, Buffer.alloc(0)).toString('hex')).toBe(
      '44bbe604ec196153b1ff4d34b173889ff216cdc3b3590bfbb55375311fa88bcc',
    );
  });

  it('cover the body after the prefix, byte for byte', () => {
    const prefix = apiSignaturePrefix({ timestamp: '1', method: 'POST', path: '/orders', query: '' });
    const one = signatureOf('k', prefix, Buffer.from('{"amount":"100"}'));
    expect(signatureOf('k', prefix, Buffer.from('{"amount":"100"}'))).toEqual(one);
    expect(signatureOf('k', prefix, Buffer.from('{"amount": "100"}'))).not.toEqual(one);
    expect(signatureOf('k', `${prefix}{"amount":"100"}`, Buffer.alloc(0))).toEqual(one);
  });
});

describe('allowed addresses', () => {
  it('allow any address when none is listed', () => {
    expect(isAllowedAddress('198.51.100.7', [])).toBe(true);
  });

  it('match addresses and networks of both families, and IPv4 seen through IPv6', () => {
    const allowed = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(isAllowedAddress('203.0.113.255', allowed)).toBe(true);
    expect(isAllowedAddress('::ffff:198.51.100.7', allowed)).toBe(true);
    expect(isAllowedAddress('2001:db8:1::5', allowed)).toBe(true);
    expect(isAllowedAddress('203.0.114.1', allowed)).toBe(false);
    expect(isAllowedAddress('198.51.100.8', allowed)).toBe(false);
    expect(isAllowedAddress('2001:db9::1', allowed)).toBe(false);
    expect(isAllowedAddress('not an address', allowed)).toBe(false);
  });
});
