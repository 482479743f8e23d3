import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyDestination } from './log-pretty';
import { createLogger, logFormatOf } from './logger';

const plain = { colours: false };
const AT = '2026-11-27T10:11:12.345Z';
const clock = (() => {
  const at = new Date(AT);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.345`;
})();
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: AT, pid: 4242, ...fields });

function memoryLogger(config: Parameters<typeof createLogger>[0]) {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(config, sink), written: () => chunks.join('') };
}

describe('formatLogLine', () => {
  it('writes time, level, module, message and the other fields on one short line', () => {
    expect(
      formatLogLine(line({ module: 'market', msg: 'market history ready', pairs: 46, ms: 1234 }), plain),
    ).toBe(`${clock} INFO  [market] market history ready pairs=46 ms=1234\n`);
  });

  it('leaves out the process id and the request ids, which only correlate lines', () => {
    const text = formatLogLine(line({ level: 40, msg: 'slow', requestId: 'abc-123', reqId: 'r1' }), plain);
    expect(text).toBe(`${clock} WARN  slow\n`);
  });

  it('writes a request as method, path, status and time', () => {
    const text = formatLogLine(
      line({
        level: 20,
        msg: 'request completed',
        req: { method: 'GET', url: '/pairs?page=2', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 3.4,
      }),
      plain,
    );
    expect(text).toBe(`${clock} DEBUG GET /pairs?page=2 200 3 ms\n`);
  });

  it('puts an error’s stack and a multi-line text under the line, indented', () => {
    const text = formatLogLine(
      line({
        level: 50,
        msg: 'request failed',
        req: { method: 'POST', url: '/orders' },
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at place (orders.ts:1:1)' },
        text: 'Hi Ann,\n\nYour code: [kept]',
      }),
      plain,
    ).split('\n');
    expect(text[0]).toBe(`${clock} ERROR request failed  POST /orders`);
    expect(text.slice(1)).toEqual([
      '    text:',
      '      Hi Ann,',
      '',
      '      Your code: [kept]',
      '    Error: boom',
      '        at place (orders.ts:1:1)',
      '',
    ]);
  });

  it('quotes a value with spaces, writes objects as JSON and cuts a long value', () => {
    const text = formatLogLine(
      line({
        msg: 'x',
        subject: 'Verify your email',
        roles: ['api', 'market'],
        limits: { orders: 5 },
        blob: 'y'.repeat(500),
      }),
      plain,
    );
    expect(text).toContain('subject="Verify your email"');
    expect(text).toContain('roles=api,market');
    expect(text).toContain('limits={"orders":5}');
    expect(text).toContain(`blob=${'y'.repeat(200)}…`);
    expect(text.split('\n')).toHaveLength(2);
  });

  it('passes on what is not a JSON object as it came', () => {
    expect(formatLogLine('plain words', plain)).toBe('plain words\n');
    expect(formatLogLine('[1,2]', plain)).toBe('[1,2]\n');
  });

  it('colours the level at a terminal', () => {
    expect(formatLogLine(line({ level: 50, msg: 'bad' }), { colours: true })).toContain(
      '\u001b[31mERROR\u001b[0m',
    );
  });
});

describe('prettyDestination', () => {
  it('formats each line it is handed', () => {
    const out: string[] = [];
    prettyDestination({ write: (text) => out.push(text) }, plain).write(
      `${line({ msg: 'one' })}\n${line({ msg: 'two' })}\n`,
    );
    expect(out.join('')).toBe(`${clock} INFO  one\n${clock} INFO  two\n`);
  });
});

describe('the pretty log', () => {
  it('keeps the secrets out, as the JSON log does', () => {
    const { logger, written } = memoryLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    logger.info(
      {
        password: 'hunter2-secret',
        body: { token: 'tok-secret-1' },
        req: { headers: { authorization: 'Bearer bearer-secret' } },
        link: 'https://x.test/auth/verify-email?token=link-secret&lang=en',
      },
      'signed up, see https://x.test/reset?code=code-secret',
    );
    const text = written();
    for (const secret of ['hunter2-secret', 'tok-secret-1', 'bearer-secret', 'link-secret', 'code-secret'])
      expect(text).not.toContain(secret);
    expect(text).toContain('token=[redacted]&lang=en');
    expect(text).not.toContain('{"level"');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
  });

  it('is JSON when asked for', () => {
    const { logger, written } = memoryLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    logger.info({ n: 1 }, 'hello');
    expect(JSON.parse(written())).toMatchObject({ level: 30, msg: 'hello', n: 1 });
  });
});

describe('logFormatOf', () => {
  it('is pretty for a person at a terminal in development, JSON otherwise', () => {
    expect(logFormatOf({ APP_ENV: 'development' }, true)).toBe('pretty');
    expect(logFormatOf({ APP_ENV: 'development' }, false)).toBe('json');
    expect(logFormatOf({ APP_ENV: 'production' }, true)).toBe('json');
    expect(logFormatOf({}, true)).toBe('json');
  });

  it('follows LOG_FORMAT when it is set', () => {
    expect(logFormatOf({ APP_ENV: 'production', LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatOf({ APP_ENV: 'development', LOG_FORMAT: 'json' }, true)).toBe('json');
  });
});
