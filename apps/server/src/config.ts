import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@td/contracts/constants';
import { z } from 'zod';
import { isCommonPassword } from './modules/auth/common-passwords';

/** The roles one process can run (api, stream, market, chain). `market` and `chain` are singletons. */
export const ROLE_NAMES = ['api', 'stream', 'market', 'chain'] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];
export const SINGLETON_ROLES: readonly TRoleName[] = ['market', 'chain'];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `pretty`: short readable lines; `json`: one JSON object per line, for a log collector. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export const MARKET_FEEDS = ['sim', 'binance'] as const;
/** `production` refuses to start on unsafe settings (see start-checks.ts). */
export const APP_ENVS = ['development', 'production'] as const;

const DEFAULT_PORT = 3000;
/** More proxies than this in front of one server is a mistake, not a deployment. */
export const TRUST_PROXY_HOPS_MAX = 10;
/** proxy-addr's named networks. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whom to believe about a client's address: `hops` proxies in front, or these addresses and networks. */
export type TTrustProxy = { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`, or a proxy-addr name such as `loopback`. */
function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits;
}

const TRUST_PROXY_HINT = `must be a number of proxy hops (0 to ${TRUST_PROXY_HOPS_MAX}) or a comma-separated list of addresses and networks (CIDR), e.g. 10.0.0.0/8,loopback`;

const urlWithScheme = (schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL, e.g. ${example}`,
  );

const httpUrl = urlWithScheme(['http', 'https'], 'https://trade.example.com');

/** A statement timeout in ms: from `min` (0 means none) to an hour. */
const STATEMENT_TIMEOUT_MAX_MS = 3_600_000;
const statementTimeout = (min: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min}`)
    .max(STATEMENT_TIMEOUT_MAX_MS, `must be at most ${STATEMENT_TIMEOUT_MAX_MS} (an hour)`)
    .default(fallback);

const ZEnv = z
  .object({
    APP_ENV: z.enum(APP_ENVS, { error: `must be one of ${APP_ENVS.join(', ')}` }).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(DEFAULT_PORT),
    HOST: z.string().default('127.0.0.1'),
    /**
     * Prometheus metrics on a port of their own (`GET /metrics`), never on the public one; on
     * METRICS_HOST, the loopback unless the scraper is elsewhere.
     */
    METRICS_PORT: z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /**
     * The bearer token metrics are answered to: on their own port when METRICS_PORT is set, else at
     * /metrics on the public port (served there only with a token).
     */
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    PUBLIC_URL: httpUrl.optional(),
    STREAM_URL: httpUrl.optional(),
    ROLES: z
      .string()
      .default(ROLE_NAMES.join(','))
      .transform((value, ctx) => {
        const roles = [...new Set(value.split(',').map((role) => role.trim().toLowerCase()))].filter(Boolean);
        const unknown = roles.filter((role) => !(ROLE_NAMES as readonly string[]).includes(role));
        if (unknown.length > 0 || roles.length === 0) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of ${ROLE_NAMES.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
          });
          return z.NEVER;
        }
        return roles as TRoleName[];
      }),
    DATABASE_URL: urlWithScheme(['postgres', 'postgresql'], 'postgres://user:pass@host:5432/db').optional(),
    DATA_DIR: z.string().default('./data'),
    /** The built web app served to browsers; unset, the repository's own build (apps/web/dist). */
    WEB_DIST_DIR: z.string().max(4096).optional(),
    /** Benchmarks: records the event loop's longest blocks and what ran in them to this file (platform/loop-blocks.ts). */
    LOOP_BLOCKS_FILE: z.string().max(4096).optional(),
    REDIS_URL: urlWithScheme(['redis', 'rediss'], 'redis://127.0.0.1:6379').optional(),
    SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'smtp://user:pass@mail.example.com:587').optional(),
    MAIL_FROM: z.string().default('Trading Desk <no-reply@localhost>'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The identity documents' key: 32 bytes as 64 hex digits or base64. */
    KYC_ENCRYPTION_KEY: z
      .string()
      .refine(
        (text) =>
          /^[0-9a-fA-F]{64}$/.test(text) ||
          (/^[A-Za-z0-9+/]{43}=?$/.test(text) && Buffer.from(text, 'base64').length === 32),
        'must be 32 random bytes written as 64 hex digits or base64 (openssl rand -hex 32)',
      )
      .optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
    MARKET_FEED: z.enum(MARKET_FEEDS, { error: `must be one of ${MARKET_FEEDS.join(', ')}` }).default('sim'),
    BINANCE_WS_URL: urlWithScheme(['wss', 'ws'], 'wss://stream.binance.com:9443').default(
      'wss://stream.binance.com:9443',
    ),
    /** A demonstration deployment lets Real accounts trade on simulated prices; nothing else should. */
    REAL_TRADING_ON_SIMULATED_PRICES: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /** Finnhub's key: with it, forex and stock pairs are priced by Finnhub's trade stream. */
    FINNHUB_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be the key Finnhub gave you (letters, digits, - and _)')
      .optional(),
    FINNHUB_WS_URL: urlWithScheme(['wss', 'ws'], 'wss://ws.finnhub.io').default('wss://ws.finnhub.io'),
    MARKET_SEED: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .default(42),
    WALLET_XPUB: z.string().optional(),
    WALLET_MNEMONIC: z.string().optional(),
    EVM_RPC_ETHEREUM: httpUrl.optional(),
    EVM_RPC_POLYGON: httpUrl.optional(),
    EVM_RPC_BSC: httpUrl.optional(),
    TRON_API_URL: httpUrl.optional(),
    BITCOIN_API_URL: httpUrl.optional(),
    WALLET_HOT_KEY: z
      .string()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte private key in hex')
      .optional(),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .refine((value) => !isCommonPassword(value), 'is one of the most common passwords: choose another')
      .optional(),
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((value, ctx): TTrustProxy => {
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          if (hops <= TRUST_PROXY_HOPS_MAX) return { kind: 'hops', hops };
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
          return z.NEVER;
        }
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        const bad = entries.filter((entry) => !isTrustedProxyEntry(entry));
        if (entries.length === 0 || bad.length > 0) {
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
          return z.NEVER;
        }
        return { kind: 'addresses', addresses: entries };
      }),
    /**
     * PostgreSQL's limit on one statement, so that none runs forever (a read that never ends would
     * hold the work queued behind it). Requests (`api`, `stream`) get a few seconds; the market's
     * and the chain's workers, which write history and sweep in batches, longer; migrations at
     * start none by default (0), since rebuilding a big table may take long; the back-office's
     * reports, which sum whole tables, their own longer limit. Milliseconds.
     */
    DB_STATEMENT_TIMEOUT_MS: statementTimeout(100, 5_000),
    DB_WORKER_STATEMENT_TIMEOUT_MS: statementTimeout(100, 60_000),
    DB_REPORT_STATEMENT_TIMEOUT_MS: statementTimeout(100, 60_000),
    DB_MIGRATION_STATEMENT_TIMEOUT_MS: statementTimeout(0, 0),
    /**
     * On SIGTERM, how long the process keeps serving while `/health` says `draining`, so that a load
     * balancer's health checks take it out of rotation before its listener closes.
     */
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more')
      .max(60_000, 'must be at most 60000 (a minute)')
      .default(0),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    /** Unset: `pretty` at a terminal in development, `json` otherwise (see logger.ts). */
    LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither',
      });
    }
  });

export type TConfig = Omit<z.output<typeof ZEnv>, 'PUBLIC_URL' | 'STREAM_URL'> & {
  PUBLIC_URL: string;
  STREAM_URL: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
};

/** A configuration that cannot start the product. `message` is the one line printed before exiting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once, at start. Empty variables count as unset, and every bad variable is
 * named in one line, so an operator fixes them all in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): TConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ZEnv.shape)) {
    const value = env[key]?.trim();
    if (value) input[key] = value;
  }
  const parsed = ZEnv.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got =
        name in input && !/SECRET|PASSWORD|MNEMONIC|URL|KEY/.test(name) ? ` (got "${input[name]}")` : '';
      return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  const dataDir = resolve(cwd, value.DATA_DIR);
  return {
    ...value,
    PUBLIC_URL: publicUrl,
    STREAM_URL: (value.STREAM_URL ?? publicUrl).replace(/\/+$/, ''),
    dataDir,
    database: value.DATABASE_URL
      ? { kind: 'postgres', url: value.DATABASE_URL }
      : { kind: 'pglite', dir: resolve(dataDir, 'db') },
  };
}

export function hasRole(config: Pick<TConfig, 'ROLES'>, role: TRoleName): boolean {
  return config.ROLES.includes(role);
}

/**
 * Each pool's statement time limit, by the roles of the process: requests' when it serves any
 * (`api`, `stream`), the workers' otherwise; a process that does both gives its workers (`market`,
 * `chain`) a pool of their own with their limit.
 */
export function statementTimeoutsOf(
  config: Pick<TConfig, 'ROLES' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_WORKER_STATEMENT_TIMEOUT_MS'>,
): { mainMs: number; workersPoolMs: number | undefined } {
  const servesRequests = hasRole(config, 'api') || hasRole(config, 'stream');
  const runsWorkers = SINGLETON_ROLES.some((role) => hasRole(config, role));
  return {
    mainMs: servesRequests ? config.DB_STATEMENT_TIMEOUT_MS : config.DB_WORKER_STATEMENT_TIMEOUT_MS,
    workersPoolMs: servesRequests && runsWorkers ? config.DB_WORKER_STATEMENT_TIMEOUT_MS : undefined,
  };
}
