import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedLines } from '../../testing/log-lines';
import { LOG_SERIALIZERS } from '../log-redaction';
import { requestLogFor } from './request-log';

async function linesOf(level: 'info' | 'debug', env: 'development' | 'production') {
  const { logger, lines } = loggedLines(level);
  const logController = requestLogFor({ APP_ENV: env });
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: LOG_SERIALIZERS }) as FastifyBaseLogger,
    ...(logController ? { logController } : {}),
  });
  app.get('/ping', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.inject({ method: 'GET', url: '/ping?token=link-secret' });
  await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return lines;
}

describe('the request log', () => {
  it('in development, hides answered requests at the default level and keeps failures', async () => {
    const lines = await linesOf('info', 'development');
    expect(
      lines.filter((line) => line.msg === 'request completed' || line.msg === 'incoming request'),
    ).toEqual([]);
    expect(lines.some((line) => line.level === 50)).toBe(true);
  });

  it('in development at debug, writes one line per request with its method, redacted URL and status', async () => {
    const completed = (await linesOf('debug', 'development')).filter(
      (line) => line.msg === 'request completed',
    );
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      level: 20,
      req: { method: 'GET', url: '/ping?token=[redacted]' },
      res: { statusCode: 200 },
    });
  });

  it("in production, keeps Fastify's request lines at info", async () => {
    const lines = await linesOf('info', 'production');
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(2);
    expect(lines.filter((line) => line.msg === 'request completed' && line.level === 30)).toHaveLength(2);
  });
});
