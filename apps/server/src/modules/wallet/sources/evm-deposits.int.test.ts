import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { encodeFunctionData, erc20Abi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { EVM_CONFIRMATIONS as CONFIRMATIONS, usdt, useEvmWorld } from '../../../testing/evm-world';
import { createWalletRepository } from '../wallet.repository';
import { chainCursors } from '../wallet.schema';

describe('EVM deposits on a local chain', () => {
  const world = useEvmWorld();

  it('shows native and token deposits as pending with "N of M", then credits them once in USD', async () => {
    const watcher = world.makeWatcher();
    await world.sendEth(world.userAddress, '0.01');
    await world.sendToken(world.token, world.userAddress, usdt(25));
    await watcher.tick();
    let list = await world.deposits();
    const byCoin = (coin: string) => list.find((item) => item.coin === coin);
    expect(list).toHaveLength(2);
    // Each transfer mined its own block: the ETH one is two blocks deep, the USDT one one.
    expect(byCoin('eth')).toMatchObject({ status: 'pnd', confirmations: 2, requiredConfirmations: 3 });
    expect(byCoin('usdt')).toMatchObject({ status: 'pnd', confirmations: 1, coinAmount: '25' });
    expect(byCoin('usdt')?.explorerUrl).toMatch(/^https:\/\/etherscan\.io\/tx\/0x/);
    expect(await world.w.realCash(world.user)).toBe('0.00');

    await world.sendToken(world.otherToken, world.userAddress, usdt(5));
    await watcher.tick();
    list = await world.deposits();
    expect(byCoin('unknown')?.status).toBe('notspprt');
    expect(byCoin('eth')).toMatchObject({ status: 'cnf', amount: '30.00', confirmations: 3 });
    expect(byCoin('usdt')).toMatchObject({ status: 'pnd', confirmations: 2 });
    expect(await world.w.realCash(world.user)).toBe('30.00');

    await world.chain.test.mine({ blocks: 1 });
    await watcher.tick();
    await watcher.tick();
    list = await world.deposits();
    expect(byCoin('usdt')).toMatchObject({ status: 'cnf', amount: '25.00' });
    expect(await world.w.realCash(world.user)).toBe('55.00');
    const [cursor] = await world.desk.t.deps.db.db.select().from(chainCursors);
    expect(cursor?.lastBlock).toBe(Number(await world.chain.client.getBlockNumber()));
    expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('marks a deposit below the minimum as minFail without crediting it', async () => {
    const watcher = world.makeWatcher();
    await world.sendEth(world.userAddress, '0.001');
    await world.chain.test.mine({ blocks: CONFIRMATIONS });
    await watcher.tick();
    expect((await world.deposits())[0]).toMatchObject({ coin: 'eth', status: 'minFail', amount: '3.00' });
    expect(await world.w.realCash(world.user)).toBe('55.00');
  });

  it('credits exactly once across a watcher restart mid-way', async () => {
    const first = world.makeWatcher();
    const hash = await world.sendToken(world.token, world.userAddress, usdt(20));
    await first.tick();
    expect((await world.deposits()).find((d) => d.txHash === hash)?.status).toBe('pnd');
    // A new process takes over from the persisted cursor; the old one makes one late pass too.
    const second = world.makeWatcher();
    await world.chain.test.mine({ blocks: CONFIRMATIONS });
    await Promise.all([second.tick(), first.tick()]);
    await second.tick();
    const credited = (await world.deposits()).filter((d) => d.txHash === hash);
    expect(credited).toHaveLength(1);
    expect(credited[0]?.status).toBe('cnf');
    expect(await world.w.realCash(world.user)).toBe('75.00');
  });

  it('drops a pending deposit whose block is reorganised away and credits it once when mined again', async () => {
    const watcher = world.makeWatcher();
    const snapshot = await world.chain.test.snapshot();
    const deployer = privateKeyToAccount(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    );
    const nonce = await world.chain.client.getTransactionCount({ address: deployer.address });
    const fees = await world.chain.client.estimateFeesPerGas();
    const raw = await deployer.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: world.token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [world.userAddress, usdt(40)],
      }),
      gas: 100_000n,
      nonce,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = await world.chain.client.sendRawTransaction({ serializedTransaction: raw });
    await world.chain.test.mine({ blocks: 1 });
    await watcher.tick();
    expect((await world.deposits()).find((d) => d.txHash === hash)).toMatchObject({
      status: 'pnd',
      confirmations: 2,
    });

    // A shallow reorganisation: the blocks go, other (empty) blocks take their place.
    await world.chain.test.revert({ id: snapshot });
    await world.chain.test.mine({ blocks: 3 });
    await watcher.tick();
    expect((await world.deposits()).find((d) => d.txHash === hash)).toBeUndefined();
    expect(await world.w.realCash(world.user)).toBe('75.00');

    // The same transaction is mined again on the new chain.
    await world.chain.client.sendRawTransaction({ serializedTransaction: raw });
    await watcher.tick();
    await world.chain.test.mine({ blocks: CONFIRMATIONS });
    await watcher.tick();
    await watcher.tick();
    const found = (await world.deposits()).filter((d) => d.txHash === hash);
    expect(found).toHaveLength(1);
    expect(found[0]?.status).toBe('cnf');
    expect(await world.w.realCash(world.user)).toBe('115.00');
    expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('keeps a deposit credited by one watcher when another, reading it as pending, sees its block go', async () => {
    const db = world.desk.t.deps.db.db;
    const credited = world.makeWatcher();
    const snapshot = await world.chain.test.snapshot();
    const hash = await world.sendToken(world.token, world.userAddress, usdt(10));
    await credited.tick();
    await world.chain.test.mine({ blocks: CONFIRMATIONS });
    // A second watcher (a process handing the role over) reads the pending deposits, then waits…
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const repo = createWalletRepository(db);
    const stale = world.makeWatcherOn({
      ...repo,
      byStatus: async (...args: Parameters<typeof repo.byStatus>) => {
        const rows = await repo.byStatus(...args);
        await released;
        return rows;
      },
    });
    const cash = await world.w.realCash(world.user);
    const late = stale.tick();
    // …while the first credits it, and then the chain reorganises the block away.
    await credited.tick();
    expect((await world.deposits()).find((d) => d.txHash === hash)).toMatchObject({
      status: 'cnf',
      amount: '10.00',
    });
    await world.chain.test.revert({ id: snapshot });
    // Other blocks take their place, as many as the waiting watcher saw and more.
    await world.chain.test.mine({ blocks: CONFIRMATIONS + 2 });
    release();
    await late;
    // Credited stays credited: the row (and the credit's once-only key) is still there.
    expect((await world.deposits()).filter((d) => d.txHash === hash)).toMatchObject([{ status: 'cnf' }]);
    expect(await world.w.realCash(world.user)).toBe(formatScaled(parseScaled(cash, 2) + 1_000n, 2));
    expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
