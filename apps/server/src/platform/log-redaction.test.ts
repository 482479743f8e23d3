import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecretParams, redactUrl, serializeError, serializeRequest } from './log-redaction';
import { createLogger } from './logger';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/auth/verify-email?token=abc.def-ghi')).toBe(`/auth/verify-email?token=${REDACTED}`);
    expect(redactUrl('/tickets/attachments/7f?exp=1700003600&sig=Zm9vYmFy_-')).toBe(
      `/tickets/attachments/7f?exp=1700003600&sig=${REDACTED}`,
    );
    expect(redactUrl('/cb?code=4/0Ab&state=xyz&scope=email')).toBe(
      `/cb?code=${REDACTED}&state=xyz&scope=email`,
    );
    expect(redactUrl('/x?password=p&api_key=k&client_secret=s&access_token=t&X-Amz-Signature=a')).toBe(
      `/x?password=${REDACTED}&api_key=${REDACTED}&client_secret=${REDACTED}&access_token=${REDACTED}&X-Amz-Signature=${REDACTED}`,
    );
    expect(redactUrl('/admin/users?q=ann&page=2&limit=20')).toBe('/admin/users?q=ann&page=2&limit=20');
    expect(redactUrl('/authentication/signup?ref=ABCD2345')).toBe('/authentication/signup?ref=ABCD2345');
    expect(redactUrl('/health')).toBe('/health');
  });

  it('sees through a percent-encoded name and repeated parameters', () => {
    expect(redactUrl('/v?%74oken=abc&token=def')).toBe(`/v?%74oken=${REDACTED}&token=${REDACTED}`);
  });

  it('never lets a secret value through, whatever it is made of', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9._~%+/=-]{6,64}$/);
    const name = fc.constantFrom('token', 'code', 'sig', 'signature', 'password', 'key', 'secret', 'otp');
    fc.assert(
      fc.property(name, value, fc.boolean(), (param, secret, first) => {
        const url = first ? `/p?${param}=${secret}&page=1` : `/p?page=1&${param}=${secret}`;
        return !redactUrl(url).includes(secret);
      }),
    );
  });
});

describe('redactSecretParams', () => {
  it('redacts URLs inside any text, JSON included', () => {
    const line = JSON.stringify({ msg: 'fetch https://x.test/y?code=123456&a=1 failed', url: '/z?sig=abc' });
    const clean = redactSecretParams(line);
    expect(clean).not.toContain('123456');
    expect(clean).not.toContain('abc');
    expect(JSON.parse(clean)).toEqual({
      msg: `fetch https://x.test/y?code=${REDACTED}&a=1 failed`,
      url: `/z?sig=${REDACTED}`,
    });
  });
});

describe('serializeRequest', () => {
  it('logs the request as Fastify does, with its URL redacted', () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/auth/verify-email?token=secret-link',
        host: 'trade.example.com',
        ip: '203.0.113.9',
        headers: {},
        socket: { remotePort: 5555 },
      }),
    ).toEqual({
      method: 'GET',
      url: `/auth/verify-email?token=${REDACTED}`,
      version: undefined,
      host: 'trade.example.com',
      remoteAddress: '203.0.113.9',
      remotePort: 5555,
    });
  });
});

describe('serializeError', () => {
  it('drops the parameters of a failed SQL statement, from the message, the stack and the error', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const error = new DrizzleQueryError(
      'update "users" set "tfa_pending_secret" = $1 where "users"."id" = $2',
      ['JBSWY3DPEHPK3PXP', 'b1c2'],
      cause,
    );
    const logged = serializeError(error) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain('JBSWY3DPEHPK3PXP');
    expect(logged.params).toBeUndefined();
    expect(logged.message).toBe(
      'Failed query: update "users" set "tfa_pending_secret" = $1 where "users"."id" = $2',
    );
    expect(logged.stack).toMatch(/^Error: Failed query: update "users"/);
    expect(logged.stack).not.toContain('params:');
    expect(text).toContain('duplicate key value');
  });

  it('redacts secret query parameters in an error message', () => {
    const logged = serializeError(new Error('GET /auth/verify-email?token=abcdef failed')) as {
      message: string;
    };
    expect(logged.message).toBe(`GET /auth/verify-email?token=${REDACTED} failed`);
  });

  it('leaves anything that is not an error alone', () => {
    expect(serializeError('plain')).toBe('plain');
  });
});

describe('the process logger', () => {
  it('writes no secret query parameter, wherever it is in the line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ LOG_LEVEL: 'trace' }, sink);
    logger.trace(
      { link: 'https://trade.example.com/authentication/emailVerification?token=tok123' },
      'mailed',
    );
    logger.error(
      { err: new Error('GET /t/1?exp=1&sig=sig456 failed'), req: { url: '/x?code=654321' } },
      'oops',
    );
    logger.info({ token: 'jwt789', password: 'pw000' }, 'nested secrets');
    const all = lines.join('');
    expect(lines).toHaveLength(3);
    for (const secret of ['tok123', 'sig456', '654321', 'jwt789', 'pw000']) expect(all).not.toContain(secret);
    expect(all).toContain(`emailVerification?token=${REDACTED}`);
  });
});
