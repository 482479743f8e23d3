import type { TExposureLimitEvent, TRiskExposureEvent } from '@td/contracts/risk';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../testing/accounts';
import { makeStaff } from '../../testing/staff';
import { listenLocally, streamTicket, useStreamClients } from '../../testing/stream-clients';
import { useTestApp } from '../../testing/use-test-app';
import { users } from '../auth/auth.schema';
import { EXPOSURE_LIMIT_CHANNEL } from './exposure-limit';

/** The staff channel `admin:risk`: only a role holding `risk` joins it, and it carries the desk's events. */
describe('the stream channel admin:risk', () => {
  const world = useTestApp();
  let url: string;
  const clients = useStreamClients(() => url, { closeAfter: 'all' });

  /** A socket of a new user with `role` (staff with a second factor unless told not), connected. */
  const socketOf = async (role: 'user' | 'dealer' | 'support', options: { secondFactor?: boolean } = {}) => {
    const user = await createUser(world.t.app, world.mailbox);
    if (role === 'user') await world.t.deps.db.db.update(users).set({ role }).where(eq(users.id, user.id));
    else await makeStaff(world.t.deps.db.db, user.id, role, options);
    return clients.connect(await streamTicket(world.t.app, user.token));
  };

  beforeAll(async () => {
    url = await listenLocally(world.t.app);
  });

  it('sends a dealer the exposure at once and the exposure-limit alerts', async () => {
    const dealer = await socketOf('dealer');
    const exposure = new Promise<TRiskExposureEvent>((resolve) => dealer.once('riskExposure', resolve));
    dealer.emit('watchRisk', true);
    const first = await exposure;
    expect(first.real.map((pair) => pair.symbol)).toContain('BTC_USDT');
    expect(first.demo.length).toBe(first.real.length);

    const alert = new Promise<TExposureLimitEvent>((resolve) => dealer.once('exposureLimit', resolve));
    const event: TExposureLimitEvent = {
      symbol: 'BTC_USDT',
      side: 'buy',
      amount: '500.00',
      net: '2900.00',
      maxNetExposure: '3000.00',
      orderId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      at: new Date().toISOString(),
    };
    await world.t.deps.bus.publish(EXPOSURE_LIMIT_CHANNEL, event);
    expect(await alert).toEqual(event);
  });

  it('refuses the channel to a trader, to staff without `risk`, and to a dealer without a second factor', async () => {
    const refusedTo = [
      () => socketOf('user'),
      () => socketOf('support'),
      () => socketOf('dealer', { secondFactor: false }),
    ];
    for (const open of refusedTo) {
      const socket = await open();
      const refused = new Promise<{ event: string }>((resolve) => socket.once('streamError', resolve));
      let sawExposure = false;
      socket.on('riskExposure', () => {
        sawExposure = true;
      });
      socket.emit('watchRisk', true);
      expect((await refused).event).toBe('watchRisk');
      expect(sawExposure).toBe(false);
    }
  });
});
