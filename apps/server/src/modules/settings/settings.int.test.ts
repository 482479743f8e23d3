import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestUser } from '../../testing/accounts';
import { demoBtcBuy } from '../../testing/order-bodies';
import { makeStaff } from '../../testing/staff';
import { useTestApp } from '../../testing/use-test-app';
import { createSettingsService } from './settings.service';

describe('public settings', () => {
  const world = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createUser(world.t.app, world.mailbox);
    await makeStaff(world.t.deps.db.db, admin.id);
  });

  const get = async (name: string) => world.t.app.inject({ method: 'GET', url: `/settings/${name}` });

  it('answers each group with the values the web app needs, to anyone', async () => {
    expect((await get('general')).json().data).toMatchObject({
      appName: 'Trading Desk',
      maintenanceNotice: null,
      googleClientId: null,
      // Its mail goes over SMTP: no outbox page.
      isMailInOutbox: false,
    });
    expect((await get('trading')).json().data).toEqual({
      openingFeeRate: '0.0005',
      demoStartBalance: '10000',
      minAmount: '10',
      maxAmount: '100000000',
      maxLeverage: { crp: 20, forex: 100, stocks: 10 },
      maxQuoteAgeMs: 5000,
      confirmOrderAboveShare: '0.5',
    });
    expect((await get('wallet')).json().data).toMatchObject({ reviewAbove: '10000' });
    expect((await get('referral')).json().data).toEqual({ commissionRate: '0.2', isEnabled: true });
    const unknown = await get('secrets');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION');
  });

  it('shows an administrator’s change at once and keeps the other keys', async () => {
    const put = await world.t.app.inject({
      method: 'PUT',
      url: '/admin/settings/general',
      headers: bearer(admin.token),
      payload: { maintenanceNotice: 'Maintenance on Sunday 02:00 UTC', unknownKey: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('Settings updated successfully');
    expect((await get('general')).json().data).toMatchObject({
      appName: 'Trading Desk',
      maintenanceNotice: 'Maintenance on Sunday 02:00 UTC',
    });
    expect((await get('general')).json().data).not.toHaveProperty('unknownKey');
  });

  it('refuses a bad value with a 400 naming the field', async () => {
    const put = await world.t.app.inject({
      method: 'PUT',
      url: '/admin/settings/trading',
      headers: bearer(admin.token),
      payload: { openingFeeRate: '5%' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().details[0].field).toBe('body.openingFeeRate');
    expect((await get('trading')).json().data.openingFeeRate).toBe('0.0005');
  });

  it('applies the trading caps to the pair list and to orders at once', async () => {
    const put = await world.t.app.inject({
      method: 'PUT',
      url: '/admin/settings/trading',
      headers: bearer(admin.token),
      payload: { maxLeverage: { crp: 5, forex: 100, stocks: 10 } },
    });
    expect(put.statusCode).toBe(200);
    const pairs = await world.t.app.inject({
      method: 'GET',
      url: '/pairs?type=crp',
      headers: bearer(admin.token),
    });
    expect(pairs.json().data.every((pair: { maxLeverage: number }) => pair.maxLeverage <= 5)).toBe(true);
    const order = await world.t.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(admin.token),
      payload: demoBtcBuy(10),
    });
    expect(order.json().data).toMatchObject({ status: 'rvt', reason: expect.stringMatching(/leverage/i) });
  });

  it('drops the cached copy in every process when a change is announced on the bus', async () => {
    const logger = pino({ level: 'silent' });
    const other = createSettingsService({
      db: world.t.deps.db.db,
      bus: world.t.deps.bus,
      logger,
      googleClientId: undefined,
    });
    expect((await other.get('referral')).commissionRate).toBe('0.2');
    await world.t.app.inject({
      method: 'PUT',
      url: '/admin/settings/referral',
      headers: bearer(admin.token),
      payload: { commissionRate: '0.3' },
    });
    await expect.poll(async () => (await other.get('referral')).commissionRate).toBe('0.3');
    await other.close();
  });
});
