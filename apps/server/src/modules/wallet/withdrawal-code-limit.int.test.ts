import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, randomIp, type TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ETH_WITHDRAWAL, walletHelpers } from '../../testing/wallet';

describe('withdrawal verification codes', () => {
  const desk = useTradingDesk();
  beforeAll(async () => {
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
  });

  it('are mailed at most 10 times in 10 minutes per account, then refused with 429', async () => {
    const user = await desk.newUser();
    const created = await walletHelpers(desk).fundAndRequest(user, '1000', ETH_WITHDRAWAL);
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

  /** A funded user with two-factor and a withdrawal waiting for its codes (one already mailed). */
  const waitingWithdrawal = async () => {
    const user = await createUser(desk.t.app, desk.mailbox, { tfa: true });
    const created = await walletHelpers(desk).fundAndRequest(user, '1000', ETH_WITHDRAWAL);
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data.id;
    expect((await desk.call(user, 'POST', `/wallet/withdrawals/${id}/request-code`)).statusCode).toBe(200);
    return { user, id };
  };
  const confirmFrom = (ip: string, user: TestUser, id: string) =>
    desk.t.app.inject({
      method: 'POST',
      url: `/wallet/withdrawals/${id}/confirm`,
      payload: { emailCode: '000000', tfaCode: '000000' },
      headers: bearer(user.token),
      remoteAddress: ip,
    });

  it('limit guesses of the authenticator code at confirmation per account: the 11th in 10 minutes is a 429', async () => {
    const { user, id } = await waitingWithdrawal();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await confirmFrom(randomIp(), user, id)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const refused = await confirmFrom(randomIp(), user, id);
    expect(statuses[10]).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('limit guesses at confirmation per address, across accounts', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { user, id } = await waitingWithdrawal();
      for (let j = 0; j < 8; j++) statuses.push((await confirmFrom(ip, user, id)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
