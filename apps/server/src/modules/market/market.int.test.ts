import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ZPrices } from '@td/contracts/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestUser } from '../../testing/accounts';
import { startTestMarket } from '../../testing/market';
import { pollUntil } from '../../testing/poll';
import { useTestApp } from '../../testing/use-test-app';

const SYMBOLS = ['BTC_USDT', 'XRP_USDT', 'EUR_USD', 'AAPL_USD'];
describe('live markets over HTTP', () => {
  const world = useTestApp();
  let stopEngine: () => Promise<void>;
  let user: TestUser;

  beforeAll(async () => {
    stopEngine = await startTestMarket(world.t, { symbols: SYMBOLS });
    user = await createUser(world.t.app, world.mailbox);
    await pollUntil(
      async () =>
        Object.keys((await world.t.app.inject('/public/prices')).json().data).length === SYMBOLS.length,
      { ms: 10_000 },
    );
  });
  afterAll(async () => {
    await stopEngine?.();
  });

  it('answers /public/prices with every pair by its key, as decimal strings', async () => {
    const response = await world.t.app.inject('/public/prices');
    expect(response.headers['content-type']).toContain('application/json');
    const prices = ZPrices.parse(response.json().data);
    expect(Object.keys(prices).sort()).toEqual([
      'CRP:BTC_USDT',
      'CRP:XRP_USDT',
      'forex:EUR_USD',
      'stocks:AAPL_USD',
    ]);
    const btc = prices['CRP:BTC_USDT'];
    expect(btc?.price).toMatch(/^\d+\.\d{2}$/);
    expect(prices['CRP:XRP_USDT']?.price).toMatch(/^\d+\.\d{4}$/);
    expect(Number(btc?.ask)).toBeGreaterThan(Number(btc?.bid));
    expect(Number(btc?.high24h)).toBeGreaterThanOrEqual(Number(btc?.low24h));
    expect(btc?.change24h).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('keeps moving the prices', async () => {
    // Three newer prices, each later than the one before (how fast on a loaded machine is the
    // benchmarks' matter, not this test's).
    const seen: number[] = [];
    await pollUntil(
      async () => {
        const ts: number = (await world.t.app.inject('/public/prices')).json().data['CRP:BTC_USDT'].ts;
        if (seen.length === 0 || ts !== seen.at(-1)) seen.push(ts);
        return seen.length >= 4;
      },
      { ms: 10_000, what: 'three newer BTC prices' },
    );
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('serves candles of every interval, oldest first, within the limit', async () => {
    for (const interval of ['1', '5', '15', '30', '60', '240', '1D', '1W', '1M']) {
      const response = await world.t.app.inject(
        `/public/klines?symbol=BTC_USDT&interval=${interval}&limit=50`,
      );
      expect(response.statusCode, interval).toBe(200);
      const candles = response.json().data;
      expect(candles.length, interval).toBeGreaterThan(0);
      expect(candles.length).toBeLessThanOrEqual(50);
      for (let i = 1; i < candles.length; i++) expect(candles[i].t).toBeGreaterThan(candles[i - 1].t);
      expect(candles[0]).toEqual({
        t: expect.any(Number),
        o: expect.any(String),
        h: expect.any(String),
        l: expect.any(String),
        c: expect.any(String),
        v: expect.any(String),
      });
    }
  });

  it('has a year of days, 90 days of hours and a week of minutes', async () => {
    const days = (await world.t.app.inject('/public/klines?symbol=BTC_USDT&interval=1D&limit=1000')).json()
      .data;
    expect(days.length).toBeGreaterThanOrEqual(365);
    const hourFrom = Date.now() - 89 * 86_400_000;
    const hours = (
      await world.t.app.inject(
        `/public/klines?symbol=BTC_USDT&interval=60&from=${hourFrom}&to=${hourFrom + 36_000_000}`,
      )
    ).json().data;
    expect(hours[0].t).toBeLessThanOrEqual(hourFrom + 3_600_000);
    const minuteFrom = Math.floor((Date.now() - 6.9 * 86_400_000) / 60_000) * 60_000;
    const minutes = (
      await world.t.app.inject(
        `/public/klines?symbol=BTC_USDT&interval=1&from=${minuteFrom}&to=${minuteFrom + 60 * 60_000}&limit=1000`,
      )
    ).json().data;
    expect(minutes).toHaveLength(60);
  });

  it('makes an hour out of exactly its twelve 5-minute candles', async () => {
    const hours = (await world.t.app.inject('/public/klines?symbol=BTC_USDT&interval=60&limit=5')).json()
      .data;
    const hour = hours[1];
    const fives = (
      await world.t.app.inject(
        `/public/klines?symbol=BTC_USDT&interval=5&from=${hour.t}&to=${hour.t + 3_600_000}&limit=100`,
      )
    ).json().data;
    expect(fives).toHaveLength(12);
    expect(fives[0].o).toBe(hour.o);
    expect(fives[11].c).toBe(hour.c);
    expect(Math.max(...fives.map((f: { h: string }) => Number(f.h)))).toBe(Number(hour.h));
    expect(Math.min(...fives.map((f: { l: string }) => Number(f.l)))).toBe(Number(hour.l));
    expect(fives.reduce((sum: number, f: { v: string }) => sum + Number(f.v), 0)).toBe(Number(hour.v));
  });

  it('refuses bad kline queries with 400 and an unknown pair with 404', async () => {
    for (const query of [
      'symbol=BTC_USDT&interval=7',
      'symbol=BTC_USDT&limit=5000',
      'interval=60',
      'symbol=bad symbol',
    ]) {
      const response = await world.t.app.inject(`/public/klines?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect((await world.t.app.inject('/public/klines?symbol=NOPE_USD')).statusCode).toBe(404);
    expect((await world.t.app.inject('/public/klines?symbol=BTC_USDT&type=forex')).statusCode).toBe(404);
  });

  it('answers /public/lineshot with a JSON string of hourly points per key asked', async () => {
    const response = await world.t.app.inject('/public/lineshot?pairList=CRP:BTC_USDT,forex:EUR_USD,nope');
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual(['CRP:BTC_USDT', 'forex:EUR_USD']);
    const points = JSON.parse(data['CRP:BTC_USDT']);
    expect(points.length).toBeGreaterThanOrEqual(24);
    expect(points[0]).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('sends /public/lineshot and /public/prices compressed to a browser, the same answer', async () => {
    const lineshot = '/public/lineshot?pairList=CRP:BTC_USDT,forex:EUR_USD,CRP:XRP_USDT,stocks:AAPL_USD';
    const plain = await world.t.app.inject(lineshot);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, unzip] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const zipped = await world.t.app.inject({ url: lineshot, headers: { 'accept-encoding': encoding } });
      expect(zipped.headers['content-encoding']).toBe(encoding);
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(unzip(zipped.rawPayload).toString()).toBe(plain.body);
    }
    // Four pairs' prices fit under a kilobyte: they go out as they are, whatever the browser takes.
    const prices = await world.t.app.inject({ url: '/public/prices', headers: { 'accept-encoding': 'br' } });
    expect(prices.rawPayload.length).toBeLessThan(1024);
    expect(prices.headers['content-encoding']).toBeUndefined();
    expect(prices.headers['cache-control']).toBe('no-store');
    expect(Object.keys(ZPrices.parse(prices.json().data))).toHaveLength(SYMBOLS.length);
  });

  describe('/pairs', () => {
    const get = (url: string) => world.t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

    it('lists the whole catalogue with its trading limits', async () => {
      const pairs = (await get('/pairs')).json().data;
      expect(pairs.length).toBeGreaterThanOrEqual(44);
      expect(pairs.filter((p: { pairType: string }) => p.pairType === 'crp').length).toBeGreaterThanOrEqual(
        20,
      );
      expect(pairs.filter((p: { pairType: string }) => p.pairType === 'forex')).toHaveLength(12);
      expect(pairs.filter((p: { pairType: string }) => p.pairType === 'stocks')).toHaveLength(12);
      expect(pairs.find((p: { symbol: string }) => p.symbol === 'BTC_USDT')).toMatchObject({
        key: 'CRP:BTC_USDT',
        status: 'act',
        pricePrecision: 2,
        minAmount: '10.00',
        maxAmount: '100000000.00',
        maxLeverage: 20,
        spread: '0.0004',
        favorite: false,
        marketOpen: true,
        priceSource: 'simulated',
        realTrading: true,
      });
      expect(pairs.find((p: { symbol: string }) => p.symbol === 'EUR_USD').maxLeverage).toBe(100);
    });

    it('filters by type and by a search', async () => {
      expect(
        (await get('/pairs?type=forex'))
          .json()
          .data.every((p: { pairType: string }) => p.pairType === 'forex'),
      ).toBe(true);
      const found = (await get('/pairs?q=eth')).json().data.map((p: { symbol: string }) => p.symbol);
      expect(found).toContain('ETH_USDT');
      expect((await get('/pairs?q=%25')).json().data).toBeDefined();
      expect((await get('/pairs?type=bonds')).statusCode).toBe(400);
    });

    it('keeps favourites per user', async () => {
      const put = await world.t.app.inject({
        method: 'PUT',
        url: '/pairs/eth_usdt/favorite',
        headers: bearer(user.token),
      });
      expect(put.statusCode).toBe(200);
      expect(
        (await get('/pairs?favorites=true')).json().data.map((p: { symbol: string }) => p.symbol),
      ).toEqual(['ETH_USDT']);
      const other = await createUser(world.t.app, world.mailbox);
      const theirs = await world.t.app.inject({
        method: 'GET',
        url: '/pairs?favorites=true',
        headers: bearer(other.token),
      });
      expect(theirs.json().data).toEqual([]);
      await world.t.app.inject({
        method: 'DELETE',
        url: '/pairs/ETH_USDT/favorite',
        headers: bearer(user.token),
      });
      expect((await get('/pairs?favorites=true')).json().data).toEqual([]);
      expect(
        (
          await world.t.app.inject({
            method: 'PUT',
            url: '/pairs/NOPE_X/favorite',
            headers: bearer(user.token),
          })
        ).statusCode,
      ).toBe(404);
    });

    it('is for signed-in users only', async () => {
      expect((await world.t.app.inject('/pairs')).statusCode).toBe(401);
    });
  });
});
