import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_TICK_CHANNEL } from '../../modules/market/market-events';
import { bearer, createUser, type TestUser } from '../../testing/accounts';
import { withTestApp } from '../../testing/build-test-app';
import { demoBtcBuy } from '../../testing/order-bodies';
import { tickOf } from '../../testing/trading';
import { useTestApp } from '../../testing/use-test-app';
import { createMetrics, serveMetrics } from './metrics';

const TOKEN = `metrics-${'m'.repeat(40)}`;
const DEPLOY = fileURLToPath(new URL('../../../../../deploy/', import.meta.url));
const ALERTS = `${DEPLOY}prometheus/alerts.yml`;
const DASHBOARD = `${DEPLOY}grafana/trading-desk.json`;

/** Runs Prometheus' own checker (`promtool`, Debian's `prometheus` package). */
function promtool(args: string[], input?: string) {
  const run = spawnSync('promtool', args, { input, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool is needed (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The metric names an expression reads (`td_…`, without a histogram's suffixes). */
const metricNamesIn = (expression: string) =>
  [...expression.matchAll(/\btd_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, ''));

/** The value of the sample `name{labels}` in Prometheus' text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('metrics behind a token on the public port', () => {
  const world = useTestApp({ METRICS_TOKEN: TOKEN }, { hasMetrics: true });
  let user: TestUser;
  const scrape = (authorization?: string) =>
    world.t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    user = await createUser(world.t.app, world.mailbox);
  });

  it('answers only to its token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${'x'.repeat(TOKEN.length)}`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    // The token never comes back in what is scraped.
    expect(answer.body).not.toContain(TOKEN);
  });

  it('times every answer by route pattern, method and status, never by the values in the path', async () => {
    await world.t.app.inject({ method: 'GET', url: '/health' });
    await world.t.app.inject({
      method: 'DELETE',
      url: `/orders/${crypto.randomUUID()}`,
      headers: bearer(user.token),
    });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(
      sample(text, 'td_http_request_duration_seconds_count', {
        route: '/health',
        method: 'GET',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'td_http_request_duration_seconds_count', { route: '/orders/:id' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/route="\/orders\/[0-9a-f-]{36}"/);
  });

  it('counts the orders answered by account and status', async () => {
    const placed = await world.t.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(user.token),
      payload: { ...demoBtcBuy(), symbol: 'NOPE_USD' },
    });
    expect(placed.statusCode).toBeGreaterThanOrEqual(400);
    const before =
      sample((await scrape(`Bearer ${TOKEN}`)).body, 'td_orders_total', { account: 'demo' }) ?? 0;
    expect(before).toBe(0);
  });

  it('counts the price ticks received and reports each price source', async () => {
    await world.t.deps.bus.publish(
      MARKET_TICK_CHANNEL,
      tickOf('BTC_USDT', 5_000_000, 5_001_000, 'crp', 2, 0),
    );
    await world.t.deps.bus.publish(
      MARKET_TICK_CHANNEL,
      tickOf('BTC_USDT', 5_000_100, 5_001_100, 'crp', 2, 0),
    );
    await expect
      .poll(async () =>
        sample((await scrape(`Bearer ${TOKEN}`)).body, 'td_market_ticks_total', { pair_type: 'crp' }),
      )
      .toBe(2);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    // Each tick went through the bus: its time from publish to receipt is recorded.
    expect(sample(text, 'td_bus_lag_seconds_count', { channel: 'market.tick' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'td_bus_lag_seconds_bucket', { channel: 'market.tick', le: '+Inf' })).toBe(
      sample(text, 'td_bus_lag_seconds_count', { channel: 'market.tick' }),
    );
    expect(sample(text, 'td_feed_pairs', { feed: 'simulator' })).toBe(1);
    expect(sample(text, 'td_feed_price_age_seconds', { feed: 'simulator' })).toBeLessThan(60);
  });

  it("reports the runtime (event loop, memory) and the process's roles and draining", async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'td_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'td_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'td_role_active', { role: 'api' })).toBe(1);
    expect(sample(text, 'td_draining')).toBe(0);
    expect(sample(text, 'td_stream_clients')).toBe(0);
  });

  it("passes Prometheus' checks, and the shipped alerts and dashboard read only metrics it exports", async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    const checked = promtool(['check', 'metrics'], text);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
    const rules = promtool(['check', 'rules', ALERTS]);
    expect(rules.output).toContain('SUCCESS');
    expect(rules.status).toBe(0);
    const exported = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map(([, name]) => name));
    // The pool exists on PostgreSQL only.
    if (world.t.deps.db.kind !== 'postgres') exported.add('td_db_pool_connections');
    const alerts = readFileSync(ALERTS, 'utf8');
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const read = [
      ...metricNamesIn(alerts),
      ...dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricNamesIn(target.expr))),
    ];
    expect(read.length).toBeGreaterThan(20);
    expect([...new Set(read)].filter((name) => !exported.has(name))).toEqual([]);
    expect(text).not.toMatch(/^# TYPE \S+_total gauge/m);
    expect(sample(text, 'td_withdrawals_failed')).toBe(0);
  });

  it('times how long each database connection is held, on PostgreSQL', async () => {
    await world.t.app.inject({ method: 'GET', url: '/profile', headers: bearer(user.token) });
    const held = sample((await scrape(`Bearer ${TOKEN}`)).body, 'td_db_checkout_duration_seconds_count');
    // The embedded database has no pool: nothing to time there.
    if (world.t.deps.db.kind === 'postgres') expect(held).toBeGreaterThan(0);
    else expect(held).toBe(0);
  });
});

describe('metrics without a token', () => {
  it('are not served on the public port', async () => {
    await withTestApp({ hasMetrics: true }, async (t) => {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
  });
});

describe('metrics on a port of their own', () => {
  it('answers GET /metrics there, and nothing else', async () => {
    const metrics = createMetrics({ roles: () => ({ market: 'standby' }), isDraining: () => true });
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(sample(text, 'td_role_active', { role: 'market' })).toBe(0);
      expect(sample(text, 'td_draining')).toBe(1);
      expect((await fetch(`${base}/health`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('asks for the token there too when one is set', async () => {
    const metrics = createMetrics({ roles: () => ({}), isDraining: () => false });
    const server = await serveMetrics(metrics, 0, '127.0.0.1', TOKEN);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
