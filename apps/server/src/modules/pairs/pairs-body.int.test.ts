// `GET /pairs` served as prepared bytes: what the response schema describes, and an operator's
// change, a trading setting or a favourite reaching the copy of every process sharing the database.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAIR_PAUSED_TEXT, type TPair } from '@td/contracts/market';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createUser, type TestUser } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { makeStaff } from '../../testing/staff';
import { startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';
import { ZPairsAnswer } from './pairs-body';

describe('the pair list as prepared bytes, on two processes', () => {
  let first: TestApp;
  let second: TestApp;
  let mailbox: TestMailbox;
  let trader: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    const env = { SMTP_URL: mailbox.url, JWT_SECRET: 'pairs-body-test-secret-of-enough-length-0123456789' };
    first = await buildTestApp({ env });
    // A second process of the same deployment: the same database and bus, caches of its own.
    second = await buildTestApp({ env, database: first.deps.db, bus: first.deps.bus });
    trader = await createUser(first.app, mailbox);
    admin = await createUser(first.app, mailbox);
    await makeStaff(first.deps.db.db, admin.id);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await mailbox?.close();
  });

  const processes = () => [first, second];
  const list = async (t: TestApp, user: TestUser, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/pairs${query}`,
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const pairOf = async (t: TestApp, user: TestUser, symbol: string) =>
    ((await list(t, user)).json().data as TPair[]).find((pair) => pair.symbol === symbol);
  const adminPut = (url: string, payload: object) =>
    first.app.inject({ method: 'PUT', url, headers: bearer(admin.token), payload });

  it('answers JSON the response schema accepts, the same bytes on both processes', async () => {
    const bodies: string[] = [];
    for (const t of processes()) {
      const response = await list(t, trader);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = ZPairsAnswer.parse(response.json());
      expect(parsed.message).toBe('Pairs fetched successfully');
      expect(parsed.data.length).toBeGreaterThanOrEqual(44);
      bodies.push(response.body);
    }
    expect(bodies[1]).toBe(bodies[0]);
    // Asked again, the same bytes.
    expect((await list(first, trader)).body).toBe(bodies[0]);
  });

  it('goes out compressed in the encoding the browser takes, then the same bytes each time', async () => {
    const plain = (await list(first, trader)).body;
    for (const [encoding, unzip] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = async () => {
        const response = await first.app.inject({
          method: 'GET',
          url: '/pairs',
          headers: { ...bearer(trader.token), 'accept-encoding': `${encoding}, identity;q=0.5` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toBe('accept-encoding');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.length / 4);
        expect(unzip(response.rawPayload).toString()).toBe(plain);
        return response.rawPayload;
      };
      // The first answers may carry a quickly made form while the strong one is made; then the
      // strong one, every time.
      const quick = await compressed();
      let settled: Buffer | undefined;
      await vi.waitFor(
        async () => {
          const [one, two] = [await compressed(), await compressed()];
          expect(one.equals(two)).toBe(true);
          settled = one;
        },
        { timeout: 10_000, interval: 20 },
      );
      expect((settled as Buffer).length).toBeLessThanOrEqual(quick.length);
    }
    // A filtered list is made for the one request, and compressed too.
    const filtered = await first.app.inject({
      method: 'GET',
      url: '/pairs?type=crp',
      headers: { ...bearer(trader.token), 'accept-encoding': 'br' },
    });
    expect(filtered.headers['content-encoding']).toBe('br');
    const crypto = ZPairsAnswer.parse(JSON.parse(brotliDecompressSync(filtered.rawPayload).toString()));
    expect(crypto.data.length).toBeGreaterThan(3);
    expect(crypto.data.every((pair) => pair.pairType === 'crp')).toBe(true);
  });

  it('changes on every process when an administrator changes a pair', async () => {
    for (const t of processes())
      expect(await pairOf(t, trader, 'ETH_USDT')).toMatchObject({ maxLeverage: 20 });
    expect((await adminPut('/admin/pairs/ETH_USDT', { spreadPpm: 900, maxLeverage: 7 })).statusCode).toBe(
      200,
    );
    for (const t of processes()) {
      await expect
        .poll(async () => pairOf(t, trader, 'ETH_USDT'))
        .toMatchObject({ maxLeverage: 7, spread: '0.0009' });
    }
    expect((await adminPut('/admin/pairs/ETH_USDT', { status: 'dis' })).statusCode).toBe(200);
    for (const t of processes()) {
      await expect
        .poll(async () => pairOf(t, trader, 'ETH_USDT'))
        .toMatchObject({
          status: 'dis',
          marketOpen: false,
          marketClosedReason: PAIR_PAUSED_TEXT,
        });
    }
    expect((await adminPut('/admin/pairs/ETH_USDT', { status: 'act' })).statusCode).toBe(200);
    for (const t of processes()) {
      await expect
        .poll(async () => pairOf(t, trader, 'ETH_USDT'))
        .toMatchObject({ status: 'act', marketOpen: true });
    }
  });

  it('changes on every process when the trading settings cap the leverage', async () => {
    const caps = (crp: number) => ({ maxLeverage: { crp, forex: 100, stocks: 10 } });
    expect((await adminPut('/admin/settings/trading', caps(3))).statusCode).toBe(200);
    for (const t of processes()) {
      await expect.poll(async () => (await pairOf(t, trader, 'BTC_USDT'))?.maxLeverage).toBe(3);
    }
    expect((await adminPut('/admin/settings/trading', caps(20))).statusCode).toBe(200);
    for (const t of processes()) {
      await expect.poll(async () => (await pairOf(t, trader, 'BTC_USDT'))?.maxLeverage).toBe(20);
    }
  });

  it("keeps each user's favourites, marked on one process and seen on the other", async () => {
    const mark = (t: TestApp, method: 'PUT' | 'DELETE') =>
      t.app.inject({ method, url: '/pairs/SOL_USDT/favorite', headers: bearer(trader.token) });
    // Both processes hold the trader's (empty) favourites before the change.
    for (const t of processes()) expect((await pairOf(t, trader, 'SOL_USDT'))?.favorite).toBe(false);
    expect((await mark(first, 'PUT')).statusCode).toBe(200);
    for (const t of processes()) {
      await expect.poll(async () => (await pairOf(t, trader, 'SOL_USDT'))?.favorite).toBe(true);
      const favorites = (await list(t, trader, '?favorites=true')).json().data as TPair[];
      expect(favorites.map((pair) => pair.symbol)).toEqual(['SOL_USDT']);
      // Another user's list is not the trader's.
      expect((await pairOf(t, admin, 'SOL_USDT'))?.favorite).toBe(false);
    }
    expect((await mark(second, 'DELETE')).statusCode).toBe(200);
    for (const t of processes()) {
      await expect.poll(async () => (await pairOf(t, trader, 'SOL_USDT'))?.favorite).toBe(false);
    }
  });

  it('filters the prepared pairs by type and search as the query asks', async () => {
    const forex = (await list(second, trader, '?type=forex')).json().data as TPair[];
    expect(forex).toHaveLength(12);
    expect(forex.every((pair) => pair.pairType === 'forex')).toBe(true);
    const found = ((await list(second, trader, '?q=eTh')).json().data as TPair[]).map((pair) => pair.symbol);
    expect(found).toContain('ETH_USDT');
    expect(found.every((symbol) => symbol.includes('ETH'))).toBe(true);
    expect(((await list(second, trader, '?q=%25')).json().data as TPair[]).length).toBeGreaterThanOrEqual(44);
  });
});
