import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../testing/build-test-app';

/** Readiness refused as UNAVAILABLE with `details` (503), while liveness still answers 200. */
async function expectNotReadyButLive(t: TestApp, details: object) {
  const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ code: 'UNAVAILABLE', details });
  expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
}

describe('liveness and readiness', () => {
  it('is live and ready while the database and the bus answer', async () => {
    await withTestApp({}, async (t) => {
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ message: 'Live', data: { status: 'live' } });
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toMatchObject({ status: 'ok', db: 'ok', bus: 'ok' });
    });
  });

  it('is no longer ready once it drains, but still live', async () => {
    let isDraining = false;
    await withTestApp({ isDraining: () => isDraining }, async (t) => {
      isDraining = true;
      await expectNotReadyButLive(t, { status: 'draining' });
    });
  });

  it('is not ready while its database does not answer', async () => {
    await withTestApp({}, async (t) => {
      await t.deps.db.close();
      await expectNotReadyButLive(t, { db: 'down' });
    });
  });

  it('says the bus is down when its ping hangs (a client queuing through reconnection)', async () => {
    await withTestApp({}, async (t) => {
      const ping = t.deps.bus.ping;
      try {
        t.deps.bus.ping = () => new Promise<void>(() => {});
        // Without a limit of its own, this answer would wait for the ping forever.
        const health = await t.app.inject({ method: 'GET', url: '/health' });
        expect(health.json().data).toMatchObject({ status: 'degraded', db: 'ok', bus: 'down' });
      } finally {
        t.deps.bus.ping = ping;
      }
    });
  });
});
