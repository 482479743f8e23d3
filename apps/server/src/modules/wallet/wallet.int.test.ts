import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, totpNow } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { EVM_TO, TRON_TO, TRON_WITHDRAWAL, walletHelpers } from '../../testing/wallet';

describe('wallet API', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await desk.newUser();
    bob = await desk.newUser();
    // ETH at 3,000.00 USD, TRX at 0.1200.
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });

  it('lists coins and networks with their limits', async () => {
    const res = await desk.call(alice, 'GET', '/wallet/coins');
    expect(res.statusCode).toBe(200);
    const coins = res.json().data as Array<{ coin: string; networks: Array<{ network: string }> }>;
    expect(coins.map((c) => c.coin)).toEqual(['usdt', 'bnb', 'eth', 'matic', 'tron', 'btc']);
    expect(coins[0]?.networks.map((n) => n.network)).toEqual(['polygon', 'ethereum', 'tron', 'bsc']);
    // No node is configured here: each network says it is not followed, and takes no deposit.
    const networks = res.json().data.flatMap((c: { networks: unknown[] }) => c.networks) as Array<{
      isWatched: boolean;
      depositEnabled: boolean;
    }>;
    expect(networks.every((n) => !n.isWatched && !n.depositEnabled)).toBe(true);
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

  it('shows the address as handed out, whatever key is configured later', async () => {
    // An address handed out under an earlier key (stored in lower case, as EVM addresses are).
    const carol = await desk.newUser();
    await desk.call(carol, 'POST', '/wallet/address', { coin: 'eth', network: 'ethereum' });
    await desk.t.deps.db.db.execute(
      sql`UPDATE wallet_addresses SET address = ${EVM_TO.toLowerCase()} WHERE user_id = ${carol.id} AND family = 'evm'`,
    );
    const res = await desk.call(carol, 'POST', '/wallet/address', { coin: 'usdt', network: 'polygon' });
    expect(res.json().data.address).toBe(EVM_TO);
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

  it('prices a withdrawal only at a fresh price', async () => {
    const dave = await desk.newUser();
    await w.fund(dave, '1000');
    const body = { coin: 'eth', network: 'ethereum', address: EVM_TO, amount: '100' };
    // Six seconds old, against trading.maxQuoteAgeMs of five.
    await desk.setQuote('ETH_USDT', 300_000, 300_000, 'crp', 2, 6_000);
    const stale = await w.requestWithdrawal(dave, body);
    expect(stale.statusCode).toBe(503);
    expect(stale.json().message).toBe('No live price for this coin right now. Try again shortly');
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
    const quoted = await w.requestWithdrawal(dave, body);
    expect(quoted.statusCode, quoted.body).toBe(201);
  });

  it('checks the withdrawal: address per network, limits, free balance', async () => {
    await w.fund(alice, '1000');
    const base = { coin: 'usdt', network: 'ethereum', address: EVM_TO, amount: '100' };
    const expectField = async (body: object, field: string, text: RegExp) => {
      const res = await w.requestWithdrawal(alice, { ...base, ...body });
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
    const btc = await w.requestWithdrawal(alice, { ...base, coin: 'btc', network: 'bitcoin' });
    expect(btc.statusCode).toBe(400);
  });

  it('goes through the three steps: review details, e-mailed code, then held and under review', async () => {
    const quote = await w.quoteWithdrawal(alice, {
      coin: 'eth',
      network: 'ethereum',
      address: EVM_TO,
      amount: '305',
    });
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
    await w.knownAddress(alice, { coin: 'usdt', network: 'ethereum', address: EVM_TO });
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
    const created = await w.requestWithdrawal(carol, TRON_WITHDRAWAL);
    const id = created.json().data.id;
    const code = await w.withdrawalCode(carol, id);
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
    await w.knownAddress(frank, { coin: 'tron', network: 'tron', address: TRON_TO });
    const changed = await desk.call(frank, 'PUT', '/profile/password', {
      currentPassword: frank.password,
      newPassword: 'Zx9#kLm4!pQw',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await w.withdraw(frank, { ...TRON_WITHDRAWAL, amount: '20' });
    expect(after.confirmed?.json().data).toMatchObject({
      status: 'suspicous',
      reason: 'Password changed in the last 24 hours',
    });
  });

  it('counts an address as used only once a withdrawal there went out', async () => {
    const hana = await desk.newUser();
    await w.fund(hana, '500');
    const body = { ...TRON_WITHDRAWAL, amount: '20' };
    const admin = await w.anAdmin();
    // Cancelled, rejected, and failed on chain: none of them sent anything there.
    const cancelled = await w.withdraw(hana, body);
    await desk.call(hana, 'POST', `/wallet/withdrawals/${cancelled.id}/cancel`);
    const rejected = await w.withdraw(hana, body);
    await desk.call(admin, 'POST', `/admin/withdrawals/${rejected.id}/reject`, { reason: 'Not this time' });
    await w.ageAddress(hana, TRON_TO);
    const after = await w.withdraw(hana, body);
    expect(after.confirmed?.json().data).toMatchObject({
      status: 'suspicous',
      reason: 'New withdrawal address',
    });
    // One sent there two days ago makes it known.
    await desk.call(admin, 'POST', `/admin/withdrawals/${after.id}/approve`);
    await desk.call(admin, 'POST', `/admin/withdrawals/${after.id}/mark-sent`, { txHash: 'c'.repeat(64) });
    await w.ageAddress(hana, TRON_TO);
    const known = await w.withdraw(hana, body);
    expect(known.confirmed?.json().data.status).toBe('prc');
  });

  it('prices a withdrawal for the quote time only: an expired quote is refused and nothing is held', async () => {
    const ivan = await desk.newUser();
    await w.fund(ivan, '200');
    const body = { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '50' };
    const quote = await w.quoteWithdrawal(ivan, body);
    // 60 seconds by default, from when it was priced.
    const leftMs = Date.parse(quote.expiresAt) - Date.now();
    expect(leftMs).toBeGreaterThan(50_000);
    expect(leftMs).toBeLessThanOrEqual(60_000);

    desk.mailbox.clear();
    expect((await desk.call(ivan, 'POST', `/wallet/withdrawals/${quote.id}/request-code`)).statusCode).toBe(
      200,
    );
    const code = /\b(\d{6})\b/.exec((await desk.mailbox.waitFor(ivan.email, /withdrawal/i)).text)?.[1];
    await w.expireQuote(quote.id);

    const expired = {
      code: 'CONFLICT',
      message: 'This quote has expired. Review the withdrawal again for a fresh rate',
    };
    const confirmed = await desk.call(ivan, 'POST', `/wallet/withdrawals/${quote.id}/confirm`, {
      emailCode: code,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toEqual(expired);
    const again = await desk.call(ivan, 'POST', `/wallet/withdrawals/${quote.id}/request-code`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(expired);

    // Nothing held, no ledger movement for it, and it never left Pending.
    expect(await w.realCash(ivan)).toBe('200.00');
    const [moves] = await desk.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where ref_id = ${quote.id}`,
    );
    expect(moves?.n).toBe(0);
    const history = (await desk.call(ivan, 'GET', '/wallet/transactions?kind=withdrawal')).json().data.items;
    expect(history).toMatchObject([{ id: quote.id, status: 'pnd' }]);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });

    // A fresh quote for the same withdrawal goes through.
    const fresh = await w.withdraw(ivan, body);
    expect(fresh.confirmed?.statusCode, fresh.confirmed?.body).toBe(200);
  });

  it('takes the quote time from the wallet settings, within its bounds', async () => {
    const admin = await w.anAdmin();
    const set = (value: unknown) =>
      desk.call(admin, 'PUT', '/admin/settings/wallet', { quoteTtlSeconds: value });
    for (const bad of [5, 86_400, 30.5, '60']) {
      const res = await set(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().details[0].field).toBe('body.quoteTtlSeconds');
    }
    expect((await set(120)).statusCode).toBe(200);
    try {
      const jane = await desk.newUser();
      await w.fund(jane, '100');
      const created = await w.requestWithdrawal(jane, { ...TRON_WITHDRAWAL, coin: 'usdt', amount: '50' });
      const leftMs = Date.parse(created.json().data.expiresAt) - Date.now();
      expect(leftMs).toBeGreaterThan(110_000);
      expect(leftMs).toBeLessThanOrEqual(120_000);
    } finally {
      await set(60);
    }
  });
});
