// The logger Fastify hands each request, made lazily: the pino child bound to the request id is
// only built once the request writes a line, so the many requests that log nothing pay nothing.
import type { FastifyBaseLogger, LogLevel } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LineLevel = Exclude<LogLevel, 'silent'>;
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/** The part of the process's logger a request's logger needs: pino's own level check. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made the first time the request writes a line at a level the process keeps.
 * Fastify gives every request a child of the process's logger (bound to the request's id), and a
 * pino child costs a serialisation of its bindings: paid, before this, by every request, although
 * most write no line (development's request lines are at `debug`, and nothing else logs on a
 * request that goes well). Once made it is the child Fastify would have made.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return (this.#made ?? this.parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made;
  }

  private write(level: LineLevel, args: LogArgs): void {
    if (!this.#made && !this.parent.isLevelEnabled(level)) return;
    (this.made()[level] as (...line: LogArgs) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a {@link RequestLogger}, or pino's own child at once when the
 * route sets a level or serializers of its own (which the parent's check would not know).
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as ParentLogger;
  if (Object.keys(options).length > 0 || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new RequestLogger(parent, bindings);
}
