import pino, { type Logger } from 'pino';
import type { TConfig } from '../config';

export type { Logger };

/** One pino logger for the process; modules take children of it. Secrets never reach the log. */
export function createLogger(config: Pick<TConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
