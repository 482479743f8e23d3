import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loggedLines } from '../../testing/log-lines';
import { requestLogFor } from './request-log';
import { requestLogger } from './request-logger';

/** A Fastify app on a logger at `level` whose lines are kept, and the children it was asked for. */
async function appAt(level: 'info' | 'warn') {
  const { logger, lines } = loggedLines(level);
  const child = vi.spyOn(logger, 'child');
  const logController = requestLogFor({ APP_ENV: 'development' });
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: requestLogger,
    ...(logController ? { logController } : {}),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noted', async (request) => {
    request.log.warn({ note: 1 }, 'noted');
    return { ok: true };
  });
  app.get('/loud', { logLevel: 'debug' }, async (request) => {
    request.log.debug('loud');
    return { ok: true };
  });
  // Fastify's own children (made as it starts) are not a request's.
  await app.ready();
  child.mockClear();
  return { app, lines, child };
}

describe('a request’s logger', () => {
  it('is not made for a request that writes no line at a kept level', async () => {
    const { app, lines, child } = await appAt('info');
    const answer = await app.inject({ method: 'GET', url: '/quiet' });
    expect(answer.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('is made on the first kept line, bound to the request’s id like Fastify’s own', async () => {
    const { app, lines, child } = await appAt('info');
    await app.inject({ method: 'GET', url: '/noted', headers: { 'x-request-id': 'r-1' } });
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.objectContaining({ msg: 'noted', note: 1, reqId: expect.any(String) })]);
    await app.close();
  });

  it('keeps nothing below the level, and writes nothing then', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject({ method: 'GET', url: '/quiet' });
    const logged = await app.inject({ method: 'GET', url: '/noted' });
    expect(logged.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['noted']);
    await app.close();
  });

  it('is pino’s child at once for a route with a level of its own', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject({ method: 'GET', url: '/loud' });
    expect(lines.map((line) => line.msg)).toContain('loud');
    await app.close();
  });
});
