// The server's logger: one pino logger per process, every line tagged with its request's id, and
// secrets (passwords, tokens, secret headers and URL parameters) cut out before a line is written.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { TConfig } from '../config';
import { prettyDestination } from './log-pretty';
import { LOG_SERIALIZERS, redactSecretParams } from './log-redaction';
import { currentRequestId } from './request-context';

export type { Logger };

const SECRET_HEADERS = ['authorization', 'cookie', 'x-xsrf-token', 'x-api-signature'];

/** Fields never logged, at the top of a line or one level down (`{ body: { password } }`). */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'idToken',
  'refreshToken',
  'secret',
  'emailCode',
  'tfaCode',
];

/**
 * One pino logger for the process; modules take children of it. Secrets never reach the log:
 * credentials and tokens are cut out by name, URLs lose the values of their secret query
 * parameters (in the request log, in error messages and stacks, and in any line at all before it
 * is written), and errors lose the parameters of failed SQL statements.
 */
export function createLogger(
  config: Pick<TConfig, 'LOG_LEVEL'> & Partial<Pick<TConfig, 'LOG_FORMAT' | 'APP_ENV'>>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: LOG_SERIALIZERS,
    redact: {
      paths: [
        // Headers wherever they are logged: the request, or a library's options at trace level
        // (the multipart parser logs the headers it hands on).
        ...SECRET_HEADERS.map((header) => `req.headers["${header}"]`),
        ...SECRET_HEADERS.map((header) => `*.headers["${header}"]`),
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactSecretParams },
    // Every line written for a request names it, in whichever process the work happens.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  if (logFormatOf(config, process.stdout.isTTY === true) === 'pretty') {
    const out = destination ?? pino.destination({ dest: 1, sync: true });
    const colours = !destination && process.stdout.isTTY === true && !process.env.NO_COLOR;
    return pino(options, prettyDestination(out, { colours }) as DestinationStream);
  }
  return destination ? pino(options, destination) : pino(options);
}

/**
 * How lines are written: LOG_FORMAT when set; otherwise short readable lines for a person at a
 * terminal in development, and one JSON object per line everywhere else (production, a pipe, a file).
 */
export function logFormatOf(
  config: Partial<Pick<TConfig, 'LOG_FORMAT' | 'APP_ENV'>>,
  isTerminal: boolean,
): 'json' | 'pretty' {
  if (config.LOG_FORMAT) return config.LOG_FORMAT;
  return config.APP_ENV === 'development' && isTerminal ? 'pretty' : 'json';
}
