import { INDICATORS_MAX } from '@td/contracts/chart-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, randomIp, type TestUser } from '../../testing/accounts';
import { useTestApp } from '../../testing/use-test-app';

describe('chart settings', () => {
  const world = useTestApp();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(world.t.app, world.mailbox);
  });

  const call = (method: 'GET' | 'PUT', owner: TestUser, payload?: object) =>
    world.t.app.inject({
      method,
      url: '/profile/chart-settings',
      payload,
      headers: bearer(owner.token),
      remoteAddress: randomIp(),
    });

  it('starts with the volume, keeps what the user sets for every device, and keeps users apart', async () => {
    expect((await call('GET', user)).json().data).toEqual({ indicators: [{ kind: 'volume' }] });
    const chosen = {
      indicators: [
        { kind: 'ema', period: 50 },
        { kind: 'bollinger', period: 20, deviations: 2.5 },
        { kind: 'macd', fast: 12, slow: 26, signal: 9 },
      ],
    };
    expect((await call('PUT', user, chosen)).statusCode).toBe(200);
    expect((await call('GET', user)).json().data).toEqual(chosen);
    const other = await createUser(world.t.app, world.mailbox);
    expect((await call('GET', other)).json().data).toEqual({ indicators: [{ kind: 'volume' }] });
    // The last write wins, whole.
    expect((await call('PUT', user, { indicators: [] })).statusCode).toBe(200);
    expect((await call('GET', user)).json().data).toEqual({ indicators: [] });
  });

  it.each([
    [{ indicators: [{ kind: 'sma', period: 1 }] }],
    [{ indicators: [{ kind: 'sma', period: 501 }] }],
    [{ indicators: [{ kind: 'sma', period: 20.5 }] }],
    [{ indicators: [{ kind: 'bollinger', period: 20, deviations: 9 }] }],
    [{ indicators: [{ kind: 'macd', fast: 26, slow: 12, signal: 9 }] }],
    [{ indicators: [{ kind: 'ichimoku' }] }],
    [{ indicators: Array.from({ length: INDICATORS_MAX + 1 }, () => ({ kind: 'vwap' })) }],
    [{ indicators: 'sma' }],
  ])('refuses %j with a 400 naming the field', async (body) => {
    const answer = await call('PUT', user, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION');
  });
});
