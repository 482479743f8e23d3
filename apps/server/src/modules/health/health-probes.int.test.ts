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
});
