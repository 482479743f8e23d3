import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAccountWatchers } from '../../../testing/account-watchers';
import type { TestUser } from '../../../testing/accounts';
import { evmFromTron } from '../addresses';
import { TRON_USDT } from './fixtures/tron-two-customers';

const OTHER_TRC20 = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';

describe('Tron and Bitcoin deposits through their HTTP APIs', () => {
  const { desk, w, apis, watchers, addressOf, deposits } = useAccountWatchers();
  let user: TestUser;
  let tronAddress: string;
  let btcAddress: string;

  beforeAll(async () => {
    user = await desk.newUser();
    tronAddress = await addressOf(user, 'usdt', 'tron');
    btcAddress = await addressOf(user, 'btc', 'bitcoin');
  });

  it('Tron: TRX and USDT (TRC-20) transfers pending with their confirmations, then credited once', async () => {
    const hexTo = `41${evmFromTron(tronAddress).slice(2)}`;
    apis.state.tronTxs.set(tronAddress, [
      {
        txID: 'a1'.repeat(32),
        blockNumber: 995,
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TransferContract',
              parameter: { value: { amount: 100_000_000, owner_address: '41aa', to_address: hexTo } },
            },
          ],
        },
      },
      {
        txID: 'a2'.repeat(32),
        blockNumber: 996,
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            { type: 'TransferContract', parameter: { value: { amount: 1_000_000, to_address: hexTo } } },
          ],
        },
      },
    ]);
    apis.state.trc20Txs.set(tronAddress, [
      {
        transaction_id: 'b1'.repeat(32),
        token_info: { symbol: 'USDT', address: TRON_USDT, decimals: 6, name: 'Tether USD' },
        block_timestamp: 1,
        from: 'TXYZ',
        to: tronAddress,
        type: 'Transfer',
        value: '50000000',
      },
      {
        transaction_id: 'b2'.repeat(32),
        token_info: { symbol: 'XYZ', address: OTHER_TRC20, decimals: 6, name: 'Other' },
        block_timestamp: 1,
        from: 'TXYZ',
        to: tronAddress,
        type: 'Transfer',
        value: '7',
      },
    ]);
    apis.state.tronBlocks.set('b1'.repeat(32), 990);
    apis.state.tronBlocks.set('b2'.repeat(32), 990);
    await watchers.tron.tick();
    let list = await deposits(user, 'tron');
    const of = (hash: string) => list.find((item) => item.txHash === hash.repeat(32));
    expect(of('a1')).toMatchObject({ coin: 'tron', status: 'pnd', confirmations: 6 });
    expect(of('b1')).toMatchObject({ coin: 'usdt', status: 'pnd', confirmations: 11 });
    expect(of('b2')).toMatchObject({ coin: 'unknown', status: 'notspprt' });

    apis.state.tronHead = 1020;
    await watchers.tron.tick();
    await watchers.tron.tick();
    list = await deposits(user, 'tron');
    // 100 TRX at 0.12 USD, 50 USDT one to one; 1 TRX (0.12 USD) is under the 1 USD minimum.
    expect(of('a1')).toMatchObject({ status: 'cnf', amount: '12.00' });
    expect(of('b1')).toMatchObject({ status: 'cnf', amount: '50.00' });
    expect(of('a2')).toMatchObject({ status: 'minFail', amount: '0.12' });
    expect(await w.realCash(user)).toBe('62.00');

    // Each credited deposit is in the user's notification centre; the one under the minimum is not.
    const centre = (await desk.call(user, 'GET', '/notifications')).json().data;
    const credited = centre.items.filter((item: { kind: string }) => item.kind === 'deposit_credited');
    expect(credited).toHaveLength(2);
    const mail = await desk.mailbox.waitFor(user.email, /Deposit credited: 50 USD/);
    expect(mail.text).toContain('50.00 USD added to your real balance');
    expect(credited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: 'Deposit credited: 50 USD on Tron, 50.00 USD added to your real balance',
          payload: expect.objectContaining({
            transactionId: expect.any(String),
            coin: 'usdt',
            amount: '50.00',
          }),
        }),
        expect.objectContaining({
          payload: expect.objectContaining({ coin: 'tron', coinAmount: expect.any(String), amount: '12.00' }),
        }),
      ]),
    );
  });

  it('Bitcoin: an output seen in the mempool waits, then is credited after its confirmations', async () => {
    const tx = (confirmed: boolean) => ({
      txid: 'c1'.repeat(32),
      status: confirmed
        ? { confirmed: true, block_height: 800_001, block_hash: 'dd'.repeat(32) }
        : { confirmed: false },
      vout: [
        { scriptpubkey_address: 'bc1qsomeoneelse00000000000000000000000000', value: 5000 },
        { scriptpubkey_address: btcAddress, value: 100_000 },
      ],
    });
    apis.state.btcTxs.set(btcAddress, [tx(false)]);
    await watchers.bitcoin.tick();
    expect((await deposits(user, 'bitcoin'))[0]).toMatchObject({
      coin: 'btc',
      status: 'pnd',
      confirmations: 0,
    });
    apis.state.btcTxs.set(btcAddress, [tx(true)]);
    apis.state.btcHead = 800_001;
    await watchers.bitcoin.tick();
    expect((await deposits(user, 'bitcoin'))[0]).toMatchObject({ status: 'pnd', confirmations: 1 });
    apis.state.btcHead = 800_002;
    await watchers.bitcoin.tick();
    await watchers.bitcoin.tick();
    const list = await deposits(user, 'bitcoin');
    expect(list).toHaveLength(1);
    // 0.001 BTC at 60,000 USD.
    expect(list[0]).toMatchObject({ status: 'cnf', amount: '60.00' });
    expect(await w.realCash(user)).toBe('122.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('counts but does not credit deposits while the wallet settings pause them, then credits them once', async () => {
    const admin = await desk.newAdmin();
    const setDeposits = async (depositsEnabled: boolean) => {
      const res = await desk.call(admin, 'PUT', '/admin/settings/wallet', { depositsEnabled });
      expect(res.statusCode, res.body).toBe(200);
    };
    const tx = {
      txid: 'e1'.repeat(32),
      status: { confirmed: true, block_height: 800_010, block_hash: 'ee'.repeat(32) },
      vout: [{ scriptpubkey_address: btcAddress, value: 50_000 }],
    };
    const paused = async () => (await deposits(user, 'bitcoin')).find((item) => item.txHash === tx.txid);
    await setDeposits(false);
    try {
      apis.state.btcTxs.set(btcAddress, [tx]);
      apis.state.btcHead = 800_020;
      // The settler reads the settings through its own cache, told of the change over the bus.
      await expect
        .poll(async () => {
          await watchers.bitcoin.tick();
          return (await paused())?.confirmations;
        })
        .toBe(11);
      expect(await paused()).toMatchObject({ status: 'pnd', amount: null });
      expect(await w.realCash(user)).toBe('122.00');
    } finally {
      await setDeposits(true);
    }
    await expect
      .poll(async () => {
        await watchers.bitcoin.tick();
        return (await paused())?.status;
      })
      .toBe('cnf');
    // 0.0005 BTC at 60,000 USD, credited once.
    await watchers.bitcoin.tick();
    expect(await w.realCash(user)).toBe('152.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('reads an address’s older pages while they hold new transfers, and only the first once all are known', async () => {
    const carol = await desk.newUser();
    const tronTo = await addressOf(carol, 'usdt', 'tron');
    const btcTo = await addressOf(carol, 'btc', 'bitcoin');
    const hexTo = `41${evmFromTron(tronTo).slice(2)}`;
    const trx = (n: number) => ({
      txID: n.toString(16).padStart(64, '0'),
      blockNumber: 1000,
      ret: [{ contractRet: 'SUCCESS' }],
      raw_data: {
        contract: [
          { type: 'TransferContract', parameter: { value: { amount: 10_000_000, to_address: hexTo } } },
        ],
      },
    });
    const btc = (n: number) => ({
      txid: `f${n.toString(16).padStart(63, '0')}`,
      status: { confirmed: true, block_height: 800_000, block_hash: 'ff'.repeat(32) },
      vout: [{ scriptpubkey_address: btcTo, value: 100_000 }],
    });
    // Newest first, as both APIs list them: 25 TRX transfers (two of the 20-row pages the source
    // asks for here, TRON_TEST_PAGE_SIZE), 60 confirmed Bitcoin transactions (three of Esplora's).
    apis.state.tronTxs.set(
      tronTo,
      Array.from({ length: 25 }, (_, n) => trx(25 - n)),
    );
    apis.state.btcTxs.set(
      btcTo,
      Array.from({ length: 60 }, (_, n) => btc(60 - n)),
    );
    const recorded = async (to: string) => {
      const result = await desk.t.deps.db.db.execute(
        sql`select count(*)::int as n from wallet_transactions where kind = 'deposit' and address = ${to}`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
    };
    const asked = (prefix: string) => apis.state.requests.filter((path) => path.startsWith(prefix));
    /** One tick of both watchers: the deposits recorded after it and the pages it asked for, Tron's then Bitcoin's. */
    const tickBoth = async () => {
      apis.state.requests = [];
      await watchers.tron.tick();
      await watchers.bitcoin.tick();
      return {
        recorded: [await recorded(tronTo), await recorded(btcTo)],
        pages: [
          asked(`/tron/v1/accounts/${tronTo}/transactions?`).length,
          asked(`/btc/address/${btcTo}/txs`).length,
        ],
      };
    };

    expect(await tickBoth()).toEqual({ recorded: [25, 60], pages: [2, 3] });

    // One more of each: the first page has it, and the rest of that page is known.
    apis.state.tronTxs.get(tronTo)?.unshift(trx(26));
    apis.state.btcTxs.get(btcTo)?.unshift(btc(61));
    await tickBoth();
    await tickBoth();
    expect(await tickBoth()).toEqual({ recorded: [26, 61], pages: [1, 1] });
    // 26 × 10 TRX at 0.12 USD, 61 × 0.001 BTC at 60,000 USD.
    expect(await w.realCash(carol)).toBe('3691.20');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
