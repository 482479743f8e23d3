import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, statementTimeoutsOf } from './config';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = load({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.STREAM_URL).toBe('http://localhost:3000');
    expect(config.ROLES).toEqual(['api', 'stream', 'market', 'chain']);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.database).toEqual({ kind: 'pglite', dir: '/srv/app/data/db' });
    expect(config.MARKET_FEED).toBe('sim');
    expect(config.MARKET_SEED).toBe(42);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.MAIL_FROM).toBe('Trading Desk <no-reply@localhost>');
  });

  it('limits statements per role: requests a few seconds, workers longer, migrations not at all', () => {
    const config = load({});
    expect(config.DB_STATEMENT_TIMEOUT_MS).toBe(5_000);
    expect(config.DB_WORKER_STATEMENT_TIMEOUT_MS).toBe(60_000);
    expect(config.DB_REPORT_STATEMENT_TIMEOUT_MS).toBe(60_000);
    expect(config.DB_MIGRATION_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(statementTimeoutsOf(config)).toEqual({ mainMs: 5_000, workersPoolMs: 60_000 });
    expect(statementTimeoutsOf(load({ ROLES: 'api,stream' }))).toEqual({
      mainMs: 5_000,
      workersPoolMs: undefined,
    });
    expect(statementTimeoutsOf(load({ ROLES: 'market,chain' }))).toEqual({
      mainMs: 60_000,
      workersPoolMs: undefined,
    });
    expect(() => load({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrowError(
      /DB_STATEMENT_TIMEOUT_MS must be at least 100/,
    );
    expect(() => load({ DB_WORKER_STATEMENT_TIMEOUT_MS: '1e9' })).toThrowError(/at most 3600000/);
  });

  it('derives PUBLIC_URL from PORT and STREAM_URL from PUBLIC_URL', () => {
    expect(load({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    const config = load({ PUBLIC_URL: 'https://trade.example.com/' });
    expect(config.PUBLIC_URL).toBe('https://trade.example.com');
    expect(config.STREAM_URL).toBe('https://trade.example.com');
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(load({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
  });

  it('parses ROLES as a trimmed, de-duplicated list', () => {
    expect(load({ ROLES: ' api, MARKET ,api' }).ROLES).toEqual(['api', 'market']);
  });

  it('treats empty variables as unset', () => {
    expect(load({ PORT: '', REDIS_URL: '  ' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [
      { ROLES: 'api,web' },
      /ROLES must be a comma-separated list of api, stream, market, chain \(unknown: web\)/,
    ],
    [{ ROLES: ',' }, /ROLES must be a comma-separated list/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ SMTP_URL: 'nope' }, /SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error/],
    [{ MARKET_FEED: 'x' }, /MARKET_FEED must be one of sim, binance/],
    [{ MARKET_SEED: '1.5' }, /MARKET_SEED must be a whole number/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [
      { ADMIN_EMAIL: 'admin@gmail.com' },
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together|ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    ],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must be a http:\/\/ or https:\/\/ URL/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY must be a number of proxy hops \(0 to 10\)/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: '10.0.0.0/0' }, /TRUST_PROXY must be a number of proxy hops/],
    [
      { TRUST_PROXY: 'proxy.example.com' },
      /TRUST_PROXY must be a number of proxy hops .*\(got "proxy.example.com"\)/,
    ],
    [{ TRUST_PROXY: '10.0.0.1,,nope' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY must be a number of proxy hops/],
  ])('refuses %o with a line naming the variable', (env, pattern) => {
    expect(() => load(env)).toThrowError(ConfigError);
    expect(() => load(env)).toThrowError(pattern);
  });

  it('names every bad variable in one line', () => {
    try {
      load({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^Invalid configuration: /);
      expect(message).toContain('PORT');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('trusts the loopback proxy by default, as before', () => {
    expect(load({}).TRUST_PROXY).toEqual({ kind: 'addresses', addresses: ['loopback'] });
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and networks', () => {
    expect(load({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(load({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 0 });
    expect(load({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1, uniquelocal' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'uniquelocal'],
    });
  });

  it('refuses an ADMIN_PASSWORD the password rules refuse, in one line that does not echo it', () => {
    const admin = (password: string) => () =>
      load({ ADMIN_EMAIL: 'admin@gmail.com', ADMIN_PASSWORD: password });
    expect(admin('Password123')).toThrowError(ConfigError);
    expect(admin('Password123')).toThrowError(
      /^Invalid configuration: ADMIN_PASSWORD is one of the most common passwords: choose another$/,
    );
    expect(admin('Sh0rt!')).toThrowError(/ADMIN_PASSWORD must be at least 8 characters$/);
    expect(admin('x'.repeat(129))).toThrowError(/ADMIN_PASSWORD must be at most 128 characters$/);
    expect(load({ ADMIN_EMAIL: 'admin@gmail.com', ADMIN_PASSWORD: 'Adm1n#Secure!' }).ADMIN_PASSWORD).toBe(
      'Adm1n#Secure!',
    );
  });

  it('never echoes a secret value', () => {
    expect(() => load({ DATABASE_URL: 'mysql://user:hunter2@x' })).toThrowError(/^(?!.*hunter2)/);
  });
});
