import { buildTestApp } from '@td/server/testing';
import Fastify from 'fastify';
import { alternateLoad, load } from './support/load';
import type { BenchReport } from './support/report';

/**
 * The cost of our HTTP stack (security headers, CSRF cookie, request ids, error envelope, zod
 * serializer) on a route doing no work, against a bare Fastify route sending the same body,
 * measured in the same run so the machine's noise cancels out in the ratio.
 */
export async function httpStackBench(seconds: number): Promise<BenchReport> {
  const body = { message: 'OK', data: { status: 'ok' } };

  const bare = Fastify({ logger: false });
  bare.get('/constant', async () => body);
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const ours = await buildTestApp({
    extend: (app) => void app.get('/constant', { config: { access: 'public' } }, async () => body),
  });
  await ours.app.listen({ port: 0, host: '127.0.0.1' });

  const urlOf = (app: { server: { address(): unknown } }) => {
    const address = app.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}/constant`;
  };

  // Warm both up, then measure in alternating turns.
  await load(urlOf(bare), 1);
  await load(urlOf(ours.app), 1);
  const { base: baseline, ours: product } = await alternateLoad(urlOf(bare), urlOf(ours.app), seconds, {}, 4);

  await bare.close();
  await ours.close();
  const ratio = Number((product.requestsPerSecond / baseline.requestsPerSecond).toFixed(2));
  return {
    title: 'HTTP stack overhead',
    target: 'ratio ≥ 0.7',
    met: ratio >= 0.7 && product.errors === 0,
    columns: ['benchmark', 'baseline req/s', 'product req/s', 'product p99 ms', 'ratio', 'target'],
    rows: [
      [
        'HTTP stack overhead',
        baseline.requestsPerSecond,
        product.requestsPerSecond,
        product.latencyP99Ms,
        ratio,
        'ratio ≥ 0.7',
      ],
    ],
  };
}
