import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAccountWatchers } from '../../../testing/account-watchers';
import type { TestUser } from '../../../testing/accounts';
import { tronFromEvm } from '../addresses';
import { TRON_USDT, tronTwoCustomers } from './fixtures/tron-two-customers';

type TronPayout = ReturnType<typeof tronTwoCustomers>;

describe('Tron transactions paying several customers, read through TronGrid', () => {
  const { desk, w, apis, watchers, addressOf, recordedOf, recordTronDeposit } = useAccountWatchers();
  /** The customer's USDT address on Tron. */
  const tronOf = (who: TestUser) => addressOf(who, 'usdt', 'tron');
  /** TronGrid lists the payout: the transfers to each address it pays, and the transaction's events. */
  const publish = (payout: TronPayout) => {
    for (const [to, rows] of Object.entries(payout.trc20)) apis.state.trc20Txs.set(to, rows);
    apis.state.tronInfo.set(payout.txId, payout.info);
  };
  /** The 19 blocks the settings ask for go by, and the watcher reads the deposits again, settled. */
  const confirmOnTron = async () => {
    apis.state.tronHead += 19;
    await watchers.tron.tick();
    await watchers.tron.tick();
  };

  it('Tron: one transaction paying two customers credits each, once, also after a restart', async () => {
    const [alice, bob] = [await desk.newUser(), await desk.newUser()];
    const [aliceTo, bobTo] = [await tronOf(alice), await tronOf(bob)];
    const payout = tronTwoCustomers(aliceTo, bobTo, 'f3'.repeat(32), apis.state.tronHead);
    publish(payout);
    await watchers.tron.tick();
    const indexes = await desk.t.deps.db.db.execute(
      sql`select address, log_index from wallet_transactions where tx_hash = ${payout.txId} order by log_index`,
    );
    expect((indexes as unknown as { rows: unknown[] }).rows).toEqual([
      { address: aliceTo, log_index: 1 },
      { address: bobTo, log_index: 2 },
    ]);
    await confirmOnTron();
    // A restarted process reads the same transaction again: nothing new is recorded or credited.
    const restarted = watchers.makeTron();
    await restarted.tick();
    await restarted.tick();
    expect(await w.realCash(alice)).toBe('25.00');
    expect(await w.realCash(bob)).toBe('40.00');
    expect(await recordedOf(payout.txId)).toBe(2);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('Tron: a transfer recorded at index 0 before transfers had their event’s index is not recorded again', async () => {
    const dave = await desk.newUser();
    const daveTo = await tronOf(dave);
    const other = tronFromEvm(`0x${'77'.repeat(20)}`);
    const payout = tronTwoCustomers(other, daveTo, 'f4'.repeat(32), apis.state.tronHead);
    // Dave's transfer is event 2; the row an older version wrote for it says 0, and was credited.
    await recordTronDeposit({
      userId: dave.id,
      address: daveTo,
      coinUnits: '40000000',
      status: 'pnd',
      txHash: payout.txId,
      logIndex: 0,
      blockNumber: apis.state.tronHead,
      requiredConfirmations: 19,
    });
    publish(payout);
    await confirmOnTron();
    expect(await w.realCash(dave)).toBe('40.00');
    expect(await recordedOf(payout.txId)).toBe(1);
  });

  it('tells the back-office once of each transfer seen paying a customer and not credited, across restarts', async () => {
    const admin = await desk.newAdmin();
    const [erin, frank] = [await desk.newUser(), await desk.newUser()];
    const [erinTo, frankTo] = [await tronOf(erin), await tronOf(frank)];
    const payout = tronTwoCustomers(erinTo, frankTo, 'f5'.repeat(32), apis.state.tronHead);
    // Frank's key (the transaction, index 2) is already held by another deposit: his transfer is dropped.
    await recordTronDeposit({
      userId: erin.id,
      address: erinTo,
      coinUnits: '1',
      status: 'notspprt',
      txHash: payout.txId,
      logIndex: 2,
    });
    // Erin's is 0.5 USDT: under the 1 USD minimum.
    payout.trc20[erinTo] = (payout.trc20[erinTo] ?? []).map((row) => ({ ...row, value: '500000' }));
    const transferLog = payout.info.log[1];
    if (transferLog) transferLog.data = (500_000).toString(16).padStart(64, '0');
    publish(payout);
    await confirmOnTron();
    await watchers.makeTron().tick();
    await watchers.makeTron().tick();

    const centre = (await desk.call(admin, 'GET', '/notifications?limit=100')).json().data;
    const alerts = (centre.items as Array<{ kind: string; payload: Record<string, unknown> }>).filter(
      (item) => item.kind === 'deposit_not_credited' && item.payload.txHash === payout.txId,
    );
    expect(
      alerts.map((item) => [item.payload.address, item.payload.logIndex, item.payload.reason]).sort(),
    ).toEqual(
      [
        [erinTo, 1, 'below_minimum'],
        [frankTo, 2, 'duplicate_key'],
      ].sort(),
    );
    expect(alerts.find((item) => item.payload.reason === 'duplicate_key')?.payload).toMatchObject({
      userId: frank.id,
      coinUnits: '40000000',
      token: TRON_USDT,
    });
    // A customer is not told of staff alerts.
    const frankCentre = (await desk.call(frank, 'GET', '/notifications')).json().data;
    expect(
      frankCentre.items.filter((item: { kind: string }) => item.kind === 'deposit_not_credited'),
    ).toEqual([]);
    expect(await w.realCash(erin)).toBe('0.00');
    expect(await w.realCash(frank)).toBe('0.00');
  });
});
