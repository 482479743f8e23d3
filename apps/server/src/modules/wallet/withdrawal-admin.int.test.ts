import { beforeAll, describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRON_TO, TRON_WITHDRAWAL, walletHelpers } from '../../testing/wallet';

describe('withdrawals: review, parallel confirmations and pauses', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);

  beforeAll(async () => {
    // ETH at 3,000.00 USD, TRX at 0.1200.
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });

  it('lets administrators approve, reject with a reason, and mark sent; others get 403', async () => {
    const admin = await desk.newAdmin();
    const dave = await desk.newUser();
    await w.fund(dave, '300');
    const one = await w.withdraw(dave, TRON_WITHDRAWAL);
    const two = await w.withdraw(dave, TRON_WITHDRAWAL);
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
      const { id } = await w.quoteWithdrawal(erin, { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '30' });
      codes.push(await w.withdrawalCode(erin, id));
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
    const admin = await desk.newAdmin();
    const gina = await desk.newUser();
    await w.fund(gina, '100');
    const before = await w.quoteWithdrawal(gina, { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '30' });
    const paused = await desk.call(admin, 'PUT', '/admin/settings/wallet', { withdrawalsEnabled: false });
    expect(paused.statusCode, paused.body).toBe(200);
    try {
      const coins = (await desk.call(gina, 'GET', '/wallet/coins')).json().data as Array<{
        networks: Array<{ withdrawEnabled: boolean }>;
      }>;
      expect(coins.flatMap((coin) => coin.networks).every((n) => !n.withdrawEnabled)).toBe(true);
      const refused = await w.requestWithdrawal(gina, { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '30' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CONFLICT',
        message: 'Withdrawals are paused at the moment. Please try again later',
      });
      // One reviewed before the pause cannot be confirmed during it either; nothing is held.
      const code = await desk.call(gina, 'POST', `/wallet/withdrawals/${before.id}/confirm`, {
        emailCode: '123456',
      });
      expect(code.statusCode).toBe(409);
      expect(await w.realCash(gina)).toBe('100.00');
    } finally {
      await desk.call(admin, 'PUT', '/admin/settings/wallet', { withdrawalsEnabled: true });
    }
    const again = await w.withdraw(gina, { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '30' });
    expect(again.confirmed?.statusCode, again.confirmed?.body).toBe(200);
  });
});
