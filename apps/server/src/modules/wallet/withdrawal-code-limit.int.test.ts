import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradingDesk, type TradingDesk } from '../../testing/trading';
import { walletHelpers } from '../../testing/wallet';

describe('withdrawal verification codes', () => {
  let desk: TradingDesk;
  beforeAll(async () => {
    desk = await startTradingDesk();
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
  });
  afterAll(async () => desk?.close());

  it('are mailed at most 10 times in 10 minutes per account, then refused with 429', async () => {
    const user = await desk.newUser();
    await walletHelpers(desk).fund(user, '1000');
    const created = await desk.call(user, 'POST', '/wallet/withdrawals', {
      coin: 'eth',
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '100',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ask = () => desk.call(user, 'POST', `/wallet/withdrawals/${created.json().data.id}/request-code`);
    for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many codes requested, please try again later',
    });
  });
});
