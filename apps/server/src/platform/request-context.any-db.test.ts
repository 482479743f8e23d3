import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { loggedLines } from '../testing/log-lines';
import { pollUntil } from '../testing/poll';
import { TEST_REDIS_URL } from '../testing/test-database';
import { type Bus, defineChannel } from './bus/bus';
import { createRedisBus } from './bus/redis-bus';

const CHANNEL = defineChannel(
  `test.traced.${Math.random().toString(36).slice(2)}`,
  z.object({ n: z.number() }),
);

/**
 * One order followed across processes: the API process takes a request (its id given by the client
 * or made up), publishes on Redis while answering it, and the other process's handler, and every
 * line it logs, carry that request's id.
 */
describe('the request id across processes', () => {
  let t: TestApp;
  let otherBus: Bus;
  const other = loggedLines('info');
  const api = loggedLines('info');

  beforeAll(async () => {
    t = await buildTestApp({
      logger: api.logger,
      bus: await createRedisBus(TEST_REDIS_URL, api.logger),
      extend(app) {
        app.post('/test/traced', { config: { access: 'public' } }, async (request) => {
          // Work after the body was read, a step away from the request's own callbacks.
          await new Promise((resolve) => setTimeout(resolve, 5));
          request.log.info('publishing');
          await t.deps.bus.publish(CHANNEL, { n: 1 });
          return { message: 'Traced', data: null };
        });
      },
    });
    otherBus = await createRedisBus(TEST_REDIS_URL, other.logger);
    await otherBus.subscribe(CHANNEL, (message) => other.logger.info({ n: message.n }, 'handled'));
  });
  afterAll(async () => {
    await otherBus?.close();
    await t?.close();
  });

  it('carries the id from the request to the handler of another process, and to its log lines', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/test/traced',
      headers: { 'x-request-id': 'trace-order-42', 'content-type': 'application/json' },
      payload: { anything: true },
    });
    expect(answer.statusCode).toBe(200);
    await pollUntil(() => other.lines.some((line) => line.msg === 'handled'), { what: 'the handler to log' });
    expect(other.lines.find((line) => line.msg === 'handled')).toMatchObject({
      requestId: 'trace-order-42',
      n: 1,
    });
    expect(api.lines.find((line) => line.msg === 'publishing')).toMatchObject({
      requestId: 'trace-order-42',
    });
  });

  it('carries nothing when the work is not done for a request', async () => {
    other.lines.length = 0;
    await t.deps.bus.publish(CHANNEL, { n: 2 });
    await pollUntil(() => other.lines.some((line) => line.n === 2), { what: 'the handler to log' });
    expect(other.lines.find((line) => line.n === 2)).not.toHaveProperty('requestId');
  });
});
