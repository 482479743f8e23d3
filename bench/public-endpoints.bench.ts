// Benchmark of the market endpoints every visitor's page polls (`/public/prices`,
// `/public/lineshot`) and a signed-in trader's `/pairs`, on the whole product with live prices,
// against a bare Fastify route sending the same bytes, as they are and compressed as a browser
// takes them.
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATALOGUE, pairKey } from '@td/server/bench';
import { bearer, createUser } from '@td/server/testing';
import Fastify from 'fastify';
import { alternateLoad, type LoadResult, load } from './support/load';
import { startMarketApp } from './support/market-app';
import { type BenchReport, median, progress, sleep } from './support/report';

const TARGET_RATIO = 0.7;
/** `/pairs` is prepared bytes behind the sign-in: it should cost what the bare route costs. */
const PAIRS_TARGET_RATIO = 0.9;
/** What a browser sends: the answers above a kilobyte go out compressed. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

/** The bytes a GET answers, as sent (compressed when asked), with the encoding they are in. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          encoding: String(response.headers['content-encoding'] ?? ''),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Baseline and product take turns of this many seconds, as many as the measurement's seconds
 * allow (at least two): load from elsewhere falls on both alike, and the ratio is the median of the
 * turns' ratios, which a burst of it in one turn does not move.
 */
const TURN_SECONDS = 1;
const ROUNDS_MIN = 2;
/**
 * The two public market endpoints every visitor's page polls, `/public/prices` and
 * `/public/lineshot?pairList=<every key>`, and a signed-in trader's `/pairs`, on the whole product
 * with live prices, against a bare Fastify route sending a constant body of the same bytes (no
 * sign-in), in the same process and the same run.
 */
export async function publicEndpointsBench(seconds: number): Promise<BenchReport> {
  const market = await startMarketApp();
  const { t, mailbox } = market;
  const bare = Fastify({ logger: false });
  try {
    const product = await market.listen();

    // Every pair announces itself on the first tick after it is ready; wait for the whole board.
    const keys = CATALOGUE.map((pair) => pairKey(pair.pairType, pair.symbol));
    const lineshotPath = `/public/lineshot?pairList=${encodeURIComponent(keys.join(','))}`;
    let prices = '';
    for (let attempt = 0; attempt < 50; attempt++) {
      prices = await (await fetch(`${product}/public/prices`)).text();
      if (keys.every((key) => prices.includes(`"${key}"`))) break;
      await sleep(100);
    }
    const lineshotResponse = await fetch(`${product}${lineshotPath}`);
    const lineshot = await lineshotResponse.text();
    const pricesCount = Object.keys((JSON.parse(prices) as { data: object }).data).length;
    const lineshotCount = Object.keys((JSON.parse(lineshot) as { data: object }).data).length;
    if (lineshotResponse.status !== 200 || pricesCount !== keys.length || lineshotCount !== keys.length) {
      throw new Error(
        `the product does not answer every pair: prices ${pricesCount}, lineshot ${lineshotCount} (HTTP ${lineshotResponse.status}) of ${keys.length}`,
      );
    }

    // `/pairs` for a signed-in trader with one favourite (the product checks the session per request).
    const trader = await createUser(t.app, mailbox);
    const headers = bearer(trader.token);
    await fetch(`${product}/pairs/BTC_USDT/favorite`, { method: 'PUT', headers });
    const pairsResponse = await fetch(`${product}/pairs`, { headers });
    const pairs = await pairsResponse.text();
    const pairsCount = (JSON.parse(pairs) as { data: unknown[] }).data.length;
    if (pairsResponse.status !== 200 || pairsCount !== keys.length) {
      throw new Error(`/pairs answers ${pairsCount} of ${keys.length} pairs (HTTP ${pairsResponse.status})`);
    }

    // The baseline: the same bytes, prepared once, with the same content type; and the same
    // bytes compressed as the product sends them to a browser (under /browser).
    const json = 'application/json; charset=utf-8';
    bare.get('/pairs', async (_request, reply) => reply.type(json).send(pairs));
    bare.get('/public/prices', async (_request, reply) => reply.type(json).send(prices));
    bare.get('/public/lineshot', async (_request, reply) => reply.type(json).send(lineshot));
    const browser = { 'accept-encoding': BROWSER_ENCODING };
    // A body kept for many goes out in a quickly made form until its strong one is made: the
    // baseline sends the form the product settles on (the smallest seen within a couple of seconds).
    const compressedOf = async (path: string, extra: Record<string, string> = {}) => {
      let answer = await rawGet(`${product}${path}`, { ...browser, ...extra });
      for (let attempt = 0; attempt < 20; attempt++) {
        await sleep(100);
        const again = await rawGet(`${product}${path}`, { ...browser, ...extra });
        if (again.body.length < answer.body.length) answer = again;
      }
      if (answer.encoding !== 'br')
        throw new Error(`${path} is not sent compressed (${answer.encoding || 'none'})`);
      bare.get(`/browser${path.split('?')[0]}`, async (_request, reply) =>
        reply
          .type(json)
          .header('content-encoding', answer.encoding)
          .header('vary', 'accept-encoding')
          .send(answer.body),
      );
      return answer.body.length;
    };
    const compressedBytes = {
      prices: await compressedOf('/public/prices'),
      lineshot: await compressedOf(lineshotPath),
      pairs: await compressedOf('/pairs', headers),
    };
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const baseline = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    const endpoints: Array<{
      name: string;
      path: string;
      /** The baseline's path, when it is not `path`. */
      basePath?: string;
      bytes: number;
      headers?: Record<string, string>;
      target?: number;
    }> = [
      {
        name: '/public/prices',
        path: '/public/prices',
        bytes: Buffer.byteLength(prices),
        target: TARGET_RATIO,
      },
      {
        name: '/public/lineshot (all pairs)',
        path: lineshotPath,
        bytes: Buffer.byteLength(lineshot),
        target: TARGET_RATIO,
      },
      {
        name: '/pairs (signed in)',
        path: '/pairs',
        bytes: Buffer.byteLength(pairs),
        headers,
        target: PAIRS_TARGET_RATIO,
      },
      {
        name: '/public/prices (browser, br)',
        path: '/public/prices',
        basePath: '/browser/public/prices',
        bytes: compressedBytes.prices,
        headers: browser,
      },
      {
        name: '/public/lineshot (browser, br)',
        path: lineshotPath,
        basePath: `/browser${lineshotPath}`,
        bytes: compressedBytes.lineshot,
        headers: browser,
      },
      {
        name: '/pairs (browser, br)',
        path: '/pairs',
        basePath: '/browser/pairs',
        bytes: compressedBytes.pairs,
        headers: { ...headers, ...browser },
      },
    ];
    progress('warming up');
    for (const endpoint of endpoints) {
      await load(`${baseline}${endpoint.basePath ?? endpoint.path}`, 1, 50, endpoint.headers);
      await load(`${product}${endpoint.path}`, 1, 50, endpoint.headers);
    }
    const rounds = Math.max(ROUNDS_MIN, Math.round(seconds / TURN_SECONDS));
    const measured: Array<{
      name: string;
      bytes: number;
      target: number | undefined;
      base: LoadResult;
      ours: LoadResult;
      ratios: number[];
    }> = [];
    for (const endpoint of endpoints) {
      progress(`measuring ${endpoint.name}`);
      const { base, ours, ratios } = await alternateLoad(
        `${baseline}${endpoint.basePath ?? endpoint.path}`,
        `${product}${endpoint.path}`,
        seconds,
        endpoint.headers,
        rounds,
      );
      measured.push({
        name: endpoint.name,
        bytes: endpoint.bytes,
        target: endpoint.target,
        base,
        ours,
        ratios,
      });
    }

    const ratioOf = (m: (typeof measured)[number]) => Number(median(m.ratios).toFixed(2));
    const spreadOf = (m: (typeof measured)[number]) =>
      `${Math.min(...m.ratios).toFixed(2)}–${Math.max(...m.ratios).toFixed(2)}`;
    return {
      title: 'Public market endpoints',
      target: `ratio ≥ ${TARGET_RATIO} for each public endpoint and ≥ ${PAIRS_TARGET_RATIO} for /pairs, no errors`,
      met: measured.every((m) => (m.target === undefined || ratioOf(m) >= m.target) && m.ours.errors === 0),
      columns: [
        'endpoint',
        'body bytes',
        'baseline req/s',
        'product req/s',
        'baseline p99 ms',
        'product p99 ms',
        'product errors',
        'ratio (median of turns)',
        'turns ranged',
      ],
      rows: measured.map((m) => [
        m.name,
        m.bytes,
        m.base.requestsPerSecond,
        m.ours.requestsPerSecond,
        m.base.latencyP99Ms,
        m.ours.latencyP99Ms,
        m.ours.errors,
        ratioOf(m),
        spreadOf(m),
      ]),
      notes: [
        `50 connections, ${seconds} s per side in ${rounds} alternating turns of ${TURN_SECONDS} s; req/s: the turns' mean; ratio: the median of the turns' ratios (product ÷ baseline), the range beside it; p99: the worse turn. ${keys.length} pairs with live prices (market engine running in the same process for both sides).`,
        `"browser, br": asked as a browser asks (${BROWSER_ENCODING}); the baseline sends the same compressed bytes, prepared once. These rows carry no target: they show what compression costs on the way out.`,
      ],
    };
  } finally {
    await bare.close();
    await market.close();
  }
}
