import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app';

describe('liveness and readiness', () => {
  it('is live and ready while the database and the bus answer', async () => {
    const t = await buildTestApp();
    try {
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ message: 'Live', data: { status: 'live' } });
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toMatchObject({ status: 'ok', db: 'ok', bus: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('is no longer ready once it drains, but still live', async () => {
    let isDraining = false;
    const t = await buildTestApp({ isDraining: () => isDraining });
    try {
      isDraining = true;
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'UNAVAILABLE', details: { status: 'draining' } });
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not ready while its database does not answer', async () => {
    const t = await buildTestApp();
    try {
      await t.deps.db.close();
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'UNAVAILABLE', details: { db: 'down' } });
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('says the bus is down when its ping hangs (a client queuing through reconnection)', async () => {
    const t = await buildTestApp();
    const ping = t.deps.bus.ping;
    try {
      t.deps.bus.ping = () => new Promise<void>(() => {});
      // Without a limit of its own, this answer would wait for the ping forever.
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.json().data).toMatchObject({ status: 'degraded', db: 'ok', bus: 'down' });
    } finally {
      t.deps.bus.ping = ping;
      await t.close();
    }
  });
});
