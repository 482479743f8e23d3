import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, totpNow } from '../../testing/accounts';
import { startTradingDesk, type TradingDesk } from '../../testing/trading';
import { walletHelpers } from '../../testing/wallet';

// A checksummed address no test user owns, and one of each other family.
const EVM_TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('wallet API', () => {
  let desk: TradingDesk;
  let w: ReturnType<typeof walletHelpers>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    desk = await startTradingDesk();
    w = walletHelpers(desk);
    alice = await desk.newUser();
    bob = await desk.newUser();
    // ETH at 3,000.00 USD, TRX at 0.1200.
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });
  afterAll(async () => desk?.close());

  it('lists coins and networks with their limits', async () => {
    const res = await desk.call(alice, 'GET', '/wallet/coins');
    expect(res.statusCode).toBe(200);
    const coins = res.json().data as Array<{ coin: string; networks: Array<{ network: string }> }>;
    expect(coins.map((c) => c.coin)).toEqual(['usdt', 'bnb', 'eth', 'matic', 'tron', 'btc']);
    expect(coins[0]?.networks.map((n) => n.network)).toEqual(['polygon', 'ethereum', 'tron', 'bsc']);
  });

  it('gives each user one address per family, the same on every call', async () => {
    const ask = async (user: TestUser, coin: string, network: string) => {
      const res = await desk.call(user, 'POST', '/wallet/address', { coin, network });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Wallet address generated successfully');
      return res.json().data.address as string;
    };
    const eth = await ask(alice, 'usdt', 'ethereum');
    expect(eth).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await ask(alice, 'usdt', 'ethereum')).toBe(eth);
    expect(await ask(alice, 'matic', 'polygon')).toBe(eth);
    expect(await ask(alice, 'bnb', 'bsc')).toBe(eth);
    expect(await ask(alice, 'tron', 'tron')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await ask(alice, 'btc', 'bitcoin')).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const bobs = await Promise.all([ask(bob, 'eth', 'ethereum'), ask(bob, 'eth', 'ethereum')]);
    expect(bobs[0]).toBe(bobs[1]);
    expect(bobs[0]).not.toBe(eth);
  });

  it('refuses a coin on a network it does not live on, and bad input, with 400', async () => {
    const wrong = await desk.call(alice, 'POST', '/wallet/address', { coin: 'bnb', network: 'tron' });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await desk.call(alice, 'POST', '/wallet/address', { coin: 'doge', network: 'tron' })).statusCode,
    ).toBe(400);
    expect(
      (await desk.call(alice, 'POST', '/wallet/withdrawals/nope/confirm', { emailCode: '1' })).statusCode,
    ).toBe(400);
  });

  it('checks the withdrawal: address per network, limits, free balance', async () => {
    await w.fund(alice, '1000');
    const base = { coin: 'usdt', network: 'ethereum', address: EVM_TO, amount: '100' };
    const expectField = async (body: object, field: string, text: RegExp) => {
      const res = await desk.call(alice, 'POST', '/wallet/withdrawals', { ...base, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(text);
      expect(res.json().details?.[0]?.field).toBe(field);
    };
    await expectField({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }, 'body.address', /checksum/);
    await expectField({ address: TRON_TO }, 'body.address', /0x/);
    await expectField({ network: 'tron', address: EVM_TO }, 'body.address', /Tron/);
    await expectField({ amount: '5' }, 'body.amount', /minimum/);
    await expectField({ amount: '200000' }, 'body.amount', /maximum/);
    await expectField({ amount: '5000' }, 'body.amount', /free balance/);
    const btc = await desk.call(alice, 'POST', '/wallet/withdrawals', {
      ...base,
      coin: 'btc',
      network: 'bitcoin',
    });
    expect(btc.statusCode).toBe(400);
  });

  it('goes through the three steps: review details, e-mailed code, then held and under review', async () => {
    const created = await desk.call(alice, 'POST', '/wallet/withdrawals', {
      coin: 'eth',
      network: 'ethereum',
      address: EVM_TO,
      amount: '305',
    });
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json().data;
    // 305 USD less the 5 USD fee at 3,000 USD per ETH.
    expect(quote).toMatchObject({
      amount: '305.00',
      fee: '5.00',
      receive: '0.1',
      rate: '3000.00',
      status: 'pnd',
    });
    expect(await w.realCash(alice)).toBe('1000.00');

    const sent = await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/request-code`);
    expect(sent.json().message).toBe('Please check your email for the verification code');
    const wrong = await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/confirm`, {
      emailCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await w.realCash(alice)).toBe('1000.00');
    // Someone else cannot confirm or cancel it.
    expect((await desk.call(bob, 'POST', `/wallet/withdrawals/${quote.id}/cancel`)).statusCode).toBe(404);

    const mail = await desk.mailbox.waitFor(alice.email, /withdrawal/i);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const confirmed = await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/confirm`, {
      emailCode: code,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A first withdrawal to an address waits for an administrator.
    expect(confirmed.json().data).toMatchObject({ status: 'suspicous', reason: 'New withdrawal address' });
    expect(await w.realCash(alice)).toBe('695.00');
    const again = await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/confirm`, {
      emailCode: code,
    });
    expect(again.statusCode).toBe(409);

    const cancelled = await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cnc');
    expect(await w.realCash(alice)).toBe('1000.00');
    expect((await desk.call(alice, 'POST', `/wallet/withdrawals/${quote.id}/cancel`)).statusCode).toBe(409);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('goes straight to processing to a known address, and under review above the threshold', async () => {
    await w.ageAddress(alice, EVM_TO);
    const small = await w.withdraw(alice, {
      coin: 'usdt',
      network: 'ethereum',
      address: EVM_TO,
      amount: '50',
    });
    expect(small.confirmed?.json().data.status).toBe('prc');
    await w.fund(alice, '20000');
    const big = await w.withdraw(alice, {
      coin: 'usdt',
      network: 'ethereum',
      address: EVM_TO,
      amount: '15000',
    });
    expect(big.confirmed?.json().data).toMatchObject({
      status: 'suspicous',
      reason: 'Amount above the review threshold',
    });
  });

  it('asks for the authenticator code when two-factor is on, and reviews after a 2FA change', async () => {
    const carol = await createUser(desk.t.app, desk.mailbox, { tfa: true });
    await w.fund(carol, '500');
    const created = await desk.call(carol, 'POST', '/wallet/withdrawals', {
      coin: 'tron',
      network: 'tron',
      address: TRON_TO,
      amount: '100',
    });
    const id = created.json().data.id;
    await desk.call(carol, 'POST', `/wallet/withdrawals/${id}/request-code`);
    const code = /\b(\d{6})\b/.exec((await desk.mailbox.waitFor(carol.email, /withdrawal/i)).text)?.[1];
    const without = await desk.call(carol, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: code });
    expect(without.statusCode).toBe(400);
    expect(without.json().details[0].field).toBe('body.tfaCode');
    const ok = await desk.call(carol, 'POST', `/wallet/withdrawals/${id}/confirm`, {
      emailCode: code,
      // The code of activation's time step is spent; the next step's is accepted (one step of drift).
      tfaCode: totpNow(carol.tfaSecret ?? '', Date.now() + 30_000),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'suspicous',
      reason: 'Two-factor changed in the last 24 hours',
    });
  });

  it('reviews withdrawals within 24 hours of a password change, even to a known address', async () => {
    const frank = await desk.newUser();
    await w.fund(frank, '500');
    const first = await w.withdraw(frank, { coin: 'tron', network: 'tron', address: TRON_TO, amount: '20' });
    await desk.call(frank, 'POST', `/wallet/withdrawals/${first.id}/cancel`);
    await w.ageAddress(frank, TRON_TO);
    const changed = await desk.call(frank, 'PUT', '/profile/password', {
      currentPassword: frank.password,
      newPassword: 'Zx9#kLm4!pQw',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await w.withdraw(frank, { coin: 'tron', network: 'tron', address: TRON_TO, amount: '20' });
    expect(after.confirmed?.json().data).toMatchObject({
      status: 'suspicous',
      reason: 'Password changed in the last 24 hours',
    });
  });

  it('lets administrators approve, reject with a reason, and mark sent; others get 403', async () => {
    const admin = await desk.newUser();
    await w.makeAdmin(admin);
    const dave = await desk.newUser();
    await w.fund(dave, '300');
    const one = await w.withdraw(dave, { coin: 'tron', network: 'tron', address: TRON_TO, amount: '100' });
    const two = await w.withdraw(dave, { coin: 'tron', network: 'tron', address: TRON_TO, amount: '100' });
    expect(one.confirmed?.json().data.status).toBe('suspicous');
    expect(await w.realCash(dave)).toBe('100.00');

    for (const [method, url, body] of [
      ['GET', '/admin/withdrawals', undefined],
      ['POST', `/admin/withdrawals/${one.id}/approve`, undefined],
      ['POST', `/admin/withdrawals/${one.id}/reject`, { reason: 'Not you' }],
      // The role is checked before the input: no hint of what a valid body looks like.
      ['POST', `/admin/withdrawals/${one.id}/reject`, {}],
      ['POST', '/admin/withdrawals/not-an-id/mark-sent', {}],
    ] as const) {
      expect((await desk.call(dave, method, url, body)).statusCode).toBe(403);
    }
    const list = await desk.call(admin, 'GET', '/admin/withdrawals?status=suspicous');
    expect(list.json().data.items[0]).toMatchObject({ userId: dave.id, userEmail: dave.email });
    expect(list.json().data.items.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([one.id, two.id]),
    );

    const approved = await desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/approve`);
    expect(approved.json().data.status).toBe('prc');
    // Tron has no sender here: the administrator records the hash and the withdrawal is done.
    const marked = await desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/mark-sent`, {
      txHash: 'a'.repeat(64),
    });
    expect(marked.json().data).toMatchObject({ status: 'cnf', txHash: 'a'.repeat(64) });
    expect(marked.json().data.explorerUrl).toContain('tronscan.org');

    const noReason = await desk.call(admin, 'POST', `/admin/withdrawals/${two.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await desk.call(admin, 'POST', `/admin/withdrawals/${two.id}/reject`, {
      reason: 'Address on a sanctions list',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rjt', reason: 'Address on a sanctions list' });
    expect(await w.realCash(dave)).toBe('200.00');
    expect(
      (await desk.call(admin, 'POST', `/admin/withdrawals/${two.id}/reject`, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(await w.realCash(dave)).toBe('200.00');

    // Every decision is in the back-office audit log, with the administrator and the state it changed.
    const audit = async (action: string, targetId: string | undefined) =>
      (await desk.call(admin, 'GET', `/admin/audit?action=${action}&targetId=${targetId}`)).json().data.items;
    expect(await audit('withdrawal.approve', one.id)).toMatchObject([
      {
        actor: { id: admin.id },
        targetType: 'withdrawal',
        before: { status: 'suspicous', userId: dave.id },
        after: { status: 'prc' },
      },
    ]);
    expect(await audit('withdrawal.mark-sent', one.id)).toMatchObject([
      { before: { status: 'prc', txHash: null }, after: { status: 'cnf', txHash: 'a'.repeat(64) } },
    ]);
    expect(await audit('withdrawal.reject', two.id)).toMatchObject([
      { before: { status: 'suspicous' }, after: { status: 'rjt', reason: 'Address on a sanctions list' } },
    ]);

    // The user hears of both: the one approved and sent, and the one rejected with the reason and
    // the funds back; in the app and by e-mail.
    const centre = (await desk.call(dave, 'GET', '/notifications')).json().data.items;
    expect(centre).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'withdrawal_approved',
          message: 'Withdrawal approved: 825 TRX on Tron is on its way',
          payload: expect.objectContaining({ transactionId: one.id }),
        }),
        expect.objectContaining({
          kind: 'withdrawal_sent',
          payload: expect.objectContaining({ transactionId: one.id, status: 'cnf' }),
        }),
        expect.objectContaining({
          kind: 'withdrawal_returned',
          message: expect.stringContaining('rejected: Address on a sanctions list. 100.00 USD is back'),
          payload: expect.objectContaining({ transactionId: two.id, status: 'rjt' }),
        }),
      ]),
    );

    const sentMail = await desk.mailbox.waitFor(dave.email, /Withdrawal sent: 825 TRX/);
    expect(sentMail.text).toContain(`has been sent to ${TRON_TO}`);
    const rejectedMail = await desk.mailbox.waitFor(dave.email, /Withdrawal rejected: 825 TRX/);
    expect(rejectedMail.text).toContain('Address on a sanctions list');
    const history = await desk.call(dave, 'GET', '/wallet/transactions?kind=withdrawal');
    expect(
      history
        .json()
        .data.items.map((item: { status: string }) => item.status)
        .sort(),
    ).toEqual(['cnf', 'rjt']);
    const book = await desk.call(dave, 'GET', '/wallet/address-book');
    expect(book.json().data[0]).toMatchObject({ address: TRON_TO, network: 'tron' });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('never overspends when withdrawals are confirmed in parallel', async () => {
    const erin = await desk.newUser();
    await w.fund(erin, '100');
    const ids: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await desk.call(erin, 'POST', '/wallet/withdrawals', {
        coin: 'usdt',
        network: 'tron',
        address: TRON_TO,
        amount: '30',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id;
      desk.mailbox.clear();
      await desk.call(erin, 'POST', `/wallet/withdrawals/${id}/request-code`);
      codes.push(/\b(\d{6})\b/.exec((await desk.mailbox.waitFor(erin.email, /withdrawal/i)).text)?.[1] ?? '');
      ids.push(id);
    }
    const results = await Promise.all(
      ids.map((id, i) =>
        desk.call(erin, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: codes[i] }),
      ),
    );
    const okCount = results.filter((res) => res.statusCode === 200).length;
    expect(okCount).toBe(3);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/free balance/);
    }
    expect(await w.realCash(erin)).toBe('10.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('takes no withdrawal while the wallet settings pause them, and shows it in the coins', async () => {
    const admin = await desk.newUser();
    await w.makeAdmin(admin);
    const gina = await desk.newUser();
    await w.fund(gina, '100');
    const before = await desk.call(gina, 'POST', '/wallet/withdrawals', {
      coin: 'usdt',
      network: 'tron',
      address: TRON_TO,
      amount: '30',
    });
    expect(before.statusCode, before.body).toBe(201);
    const paused = await desk.call(admin, 'PUT', '/admin/settings/wallet', { withdrawalsEnabled: false });
    expect(paused.statusCode, paused.body).toBe(200);
    try {
      const coins = (await desk.call(gina, 'GET', '/wallet/coins')).json().data as Array<{
        networks: Array<{ withdrawEnabled: boolean }>;
      }>;
      expect(coins.flatMap((coin) => coin.networks).every((n) => !n.withdrawEnabled)).toBe(true);
      const refused = await desk.call(gina, 'POST', '/wallet/withdrawals', {
        coin: 'usdt',
        network: 'tron',
        address: TRON_TO,
        amount: '30',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CONFLICT',
        message: 'Withdrawals are paused at the moment. Please try again later',
      });
      // One reviewed before the pause cannot be confirmed during it either; nothing is held.
      const code = await desk.call(gina, 'POST', `/wallet/withdrawals/${before.json().data.id}/confirm`, {
        emailCode: '123456',
      });
      expect(code.statusCode).toBe(409);
      expect(await w.realCash(gina)).toBe('100.00');
    } finally {
      await desk.call(admin, 'PUT', '/admin/settings/wallet', { withdrawalsEnabled: true });
    }
    const again = await w.withdraw(gina, { coin: 'usdt', network: 'tron', address: TRON_TO, amount: '30' });
    expect(again.confirmed?.statusCode, again.confirmed?.body).toBe(200);
  });
});
