import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, documentSecurityHeaders, streamConnectSources } from './security';

const connectSrcOf = (headers: Record<string, string>) =>
  /(?:^|; )connect-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1]?.split(' ');

describe('the security headers', () => {
  it('let the page connect to its own origin and the stream’s origin only, never any ws(s) host', () => {
    const headers = documentSecurityHeaders({
      inlineScriptHashes: [],
      streamUrl: 'https://stream.example.com',
      isHttps: true,
    });
    expect(connectSrcOf(headers)).toEqual([
      "'self'",
      'https://stream.example.com',
      'wss://stream.example.com',
    ]);
    expect(headers['content-security-policy']).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
  });

  it('name the stream’s origin with its port and scheme, and keep Google’s calls when it is on', () => {
    expect(streamConnectSources('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'ws://localhost:3000',
    ]);
    expect(streamConnectSources('https://trade.example.com/some/path')).toEqual([
      'https://trade.example.com',
      'wss://trade.example.com',
    ]);
    const withGoogle = documentSecurityHeaders({
      inlineScriptHashes: [],
      extraScriptSources: ['https://accounts.google.com'],
      streamUrl: 'http://localhost:3000',
      isHttps: false,
    });
    expect(connectSrcOf(withGoogle)).toEqual([
      "'self'",
      'http://localhost:3000',
      'ws://localhost:3000',
      'https://accounts.google.com',
    ]);
  });

  it('send HSTS on the document and on API responses behind HTTPS, and not over plain HTTP', () => {
    const hsts = 'max-age=15552000; includeSubDomains';
    const page = (isHttps: boolean) =>
      documentSecurityHeaders({ inlineScriptHashes: [], streamUrl: 'https://trade.example.com', isHttps });
    expect(page(true)['strict-transport-security']).toBe(hsts);
    expect(apiSecurityHeaders({ isHttps: true })['strict-transport-security']).toBe(hsts);
    expect(page(false)['strict-transport-security']).toBeUndefined();
    expect(apiSecurityHeaders({ isHttps: false })['strict-transport-security']).toBeUndefined();
  });
});
