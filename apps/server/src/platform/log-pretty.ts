/**
 * The development log as a person reads it in a terminal: one short line per entry (time, level,
 * module, message, then the other fields as `name=value`), a request as `GET /path 200 3 ms`, an
 * error's stack under its line. It formats the JSON lines pino writes, after pino's redaction and
 * the secret-parameter hook have run, so it never sees more than the JSON log would have held.
 */

export interface LineSink {
  write(text: string): unknown;
}

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** ANSI colours by level: grey, grey, green, yellow, red, red on white. */
const LEVEL_COLOURS: Readonly<Record<number, string>> = {
  10: '90',
  20: '90',
  30: '32',
  40: '33',
  50: '31',
  60: '41;97',
};
/** Fields every line has, or that the line shows in its own way. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'module', 'req', 'res', 'err']);
/** Fields that only correlate lines: left out of the short line (the JSON log keeps them). */
const LEFT_OUT = new Set(['reqId', 'requestId', 'responseTime']);
/** A field's value beyond this length is cut, so one line stays one line. */
const VALUE_LENGTH_MAX = 200;
const INDENT = '    ';

const paint = (text: string, code: string, colours: boolean) =>
  colours ? `\u001b[${code}m${text}\u001b[0m` : text;

function valueText(value: unknown): string {
  const isWords =
    Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');
  const text = typeof value === 'string' ? value : isWords ? value.join(',') : JSON.stringify(value);
  if (text === undefined) return String(value);
  const quoted = typeof value === 'string' && /[\s="]/.test(text) ? JSON.stringify(text) : text;
  return quoted.length > VALUE_LENGTH_MAX ? `${quoted.slice(0, VALUE_LENGTH_MAX)}…` : quoted;
}

/** `HH:MM:SS.mmm` of a pino time (ISO text or epoch milliseconds), in the machine's own time zone. */
function clockOf(time: unknown): string {
  const at = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date();
  const date = Number.isNaN(at.getTime()) ? new Date() : at;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function requestText(entry: Record<string, unknown>): string | undefined {
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (!req && !res) return undefined;
  const parts = [
    typeof req?.method === 'string' ? req.method : '',
    typeof req?.url === 'string' ? req.url : '',
    typeof res?.statusCode === 'number' ? String(res.statusCode) : '',
    typeof entry.responseTime === 'number' ? `${Math.round(entry.responseTime)} ms` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** Multi-line text (an error's stack, a mail's body) goes under the line, indented. */
function blockOf(text: string, indent = INDENT): string {
  return text
    .split('\n')
    .map((line) => (line.trim() ? `${indent}${line}` : ''))
    .join('\n');
}

/**
 * One pino JSON line as a short readable one. What is not a JSON object (a line from elsewhere)
 * is passed on as it came.
 */
export function formatLogLine(line: string, options: { colours: boolean }): string {
  const text = line.trimEnd();
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return `${text}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return `${text}\n`;
  }
  const { colours } = options;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const levelName = (LEVEL_NAMES[level] ?? `L${level}`).padEnd(5);
  const head = [
    paint(clockOf(entry.time), '2', colours),
    paint(levelName, LEVEL_COLOURS[level] ?? '0', colours),
    typeof entry.module === 'string' ? paint(`[${entry.module}]`, '36', colours) : '',
  ].filter(Boolean);

  const request = requestText(entry);
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  // A request's own line is the request; any other message keeps the request after it.
  const isRequestLine = message === 'request completed' || message === 'incoming request';
  const said = isRequestLine && request ? request : [message, request].filter(Boolean).join('  ');

  const blocks: string[] = [];
  const fields: string[] = [];
  for (const [name, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(name) || LEFT_OUT.has(name) || value === undefined) continue;
    if (typeof value === 'string' && value.includes('\n'))
      blocks.push(`${INDENT}${name}:\n${blockOf(value, `${INDENT}  `)}`);
    else fields.push(`${name}=${valueText(value)}`);
  }
  const err = entry.err as { type?: unknown; message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object') {
    if (typeof err.stack === 'string') blocks.push(blockOf(err.stack));
    else if (typeof err.message === 'string') fields.push(`err=${valueText(err.message)}`);
  }

  const first = [...head, said, fields.length > 0 ? paint(fields.join(' '), '2', colours) : '']
    .filter(Boolean)
    .join(' ');
  return [first, ...blocks].join('\n').concat('\n');
}

/** A pino destination that writes each JSON line it is given to `out` as a readable one. */
export function prettyDestination(out: LineSink, options: { colours: boolean }): LineSink {
  return {
    write(chunk: string) {
      // pino writes one line per call; split anyway, in case a caller hands over several.
      const lines = chunk.split('\n').filter((line) => line.length > 0);
      out.write(lines.map((line) => formatLogLine(line, options)).join(''));
    },
  };
}
