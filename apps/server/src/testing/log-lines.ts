import { Writable } from 'node:stream';
import type { TConfig } from '../config';
import { createLogger, type Logger } from '../platform/logger';

/** A process logger at `level` whose lines are kept, parsed, as a log collector would read them. */
export function loggedLines(level: TConfig['LOG_LEVEL']): {
  logger: Logger;
  lines: Record<string, unknown>[];
} {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: level }, sink), lines };
}
