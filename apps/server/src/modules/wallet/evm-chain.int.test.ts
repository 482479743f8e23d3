import { sql } from 'drizzle-orm';
import pino from 'pino';
import { encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { compileTestUsdt, type LocalChain, startLocalChain } from '../../testing/local-chain';
import { startTradingDesk, type TradingDesk } from '../../testing/trading';
import { walletHelpers } from '../../testing/wallet';
import { AUTH_LIMITS } from '../auth/auth.service';
import { settings as settingsTable } from '../settings/settings.schema';
import { createSettingsService } from '../settings/settings.service';
import { createDepositSettler } from './chain-watcher';
import { createEvmSender } from './evm-sender';
import { createEvmDepositWatcher } from './evm-watcher';
import { hotWalletKeyFromMnemonic } from './hd';
import { createWalletRepository } from './wallet.repository';
import { chainCursors } from './wallet.schema';
import { createWalletNotices } from './wallet-notices';

const CONFIRMATIONS = 3;
const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));

describe('EVM deposits and withdrawals on a local chain', () => {
  let chain: LocalChain;
  let desk: TradingDesk;
  let w: ReturnType<typeof walletHelpers>;
  let token: Hex;
  let otherToken: Hex;
  let user: TestUser;
  let userAddress: Hex;
  let makeWatcher: () => ReturnType<typeof createEvmDepositWatcher>;
  let makeSender: (broadcast?: (raw: Hex) => Promise<Hex>) => ReturnType<typeof createEvmSender>;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

  const deposits = async () =>
    (await desk.call(user, 'GET', '/wallet/transactions?kind=deposit')).json().data.items as Array<{
      id: string;
      coin: string;
      status: string;
      coinAmount: string;
      amount: string | null;
      confirmations: number;
      requiredConfirmations: number;
      txHash: string;
      explorerUrl: string;
    }>;
  const withdrawal = async (id: string) =>
    (
      (await desk.call(user, 'GET', '/wallet/transactions?kind=withdrawal&limit=100')).json().data
        .items as Array<{
        id: string;
        status: string;
        txHash: string | null;
        reason: string | null;
        confirmations: number;
      }>
    ).find((item) => item.id === id);
  const sendToken = async (contract: Hex, to: Hex, units: bigint) => {
    const hash = await chain.deployer.writeContract({
      address: contract,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, units],
    });
    await chain.client.waitForTransactionReceipt({ hash });
    return hash;
  };
  const sendEth = async (to: Hex, eth: string) => {
    const hash = await chain.deployer.sendTransaction({ to, value: parseEther(eth) });
    await chain.client.waitForTransactionReceipt({ hash });
    return hash;
  };

  beforeAll(async () => {
    compileTestUsdt();
    chain = await startLocalChain();
    token = await chain.deployToken(usdt(1_000_000));
    otherToken = await chain.deployToken(usdt(1_000));
    desk = await startTradingDesk();
    w = walletHelpers(desk);
    const db = desk.t.deps.db.db;
    await db.insert(settingsTable).values({
      name: 'wallet',
      value: {
        reviewAbove: '10000',
        networks: {
          ethereum: { confirmations: CONFIRMATIONS, usdtContract: token, minDeposit: '10', fee: '5' },
        },
      },
    });
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
    const repo = createWalletRepository(db);
    const settings = createSettingsService({ db, bus: desk.t.deps.bus, logger, googleClientId: undefined });
    const prices = desk.t.deps.board;
    const notices = createWalletNotices(desk.notify);
    const settler = createDepositSettler({ db, repo, settings, prices, logger, notices });
    makeWatcher = () =>
      createEvmDepositWatcher({ network: 'ethereum', client: chain.client, db, repo, settler, logger });
    const hot = privateKeyToAccount(hotWalletKeyFromMnemonic());
    makeSender = (broadcast) =>
      createEvmSender({
        network: 'ethereum',
        client: chain.client,
        account: hot,
        db,
        repo,
        settings,
        logger,
        notices,
        ...(broadcast ? { broadcast } : {}),
      });
    // The hot wallet holds 10 ETH and 1,000 USDT.
    await sendEth(hot.address, '10');
    await sendToken(token, hot.address, usdt(1_000));

    user = await desk.newUser();
    userAddress = (
      await desk.call(user, 'POST', '/wallet/address', { coin: 'usdt', network: 'ethereum' })
    ).json().data.address;
    // The first pass starts at the current head.
    await makeWatcher().tick();
  }, 120_000);

  afterAll(async () => {
    await desk?.close();
    await chain?.stop();
  });

  it('shows native and token deposits as pending with "N of M", then credits them once in USD', async () => {
    const watcher = makeWatcher();
    await sendEth(userAddress, '0.01');
    await sendToken(token, userAddress, usdt(25));
    await watcher.tick();
    let list = await deposits();
    const byCoin = (coin: string) => list.find((item) => item.coin === coin);
    expect(list).toHaveLength(2);
    // Each transfer mined its own block: the ETH one is two blocks deep, the USDT one one.
    expect(byCoin('eth')).toMatchObject({ status: 'pnd', confirmations: 2, requiredConfirmations: 3 });
    expect(byCoin('usdt')).toMatchObject({ status: 'pnd', confirmations: 1, coinAmount: '25' });
    expect(byCoin('usdt')?.explorerUrl).toMatch(/^https:\/\/etherscan\.io\/tx\/0x/);
    expect(await w.realCash(user)).toBe('0.00');

    await sendToken(otherToken, userAddress, usdt(5));
    await watcher.tick();
    list = await deposits();
    expect(byCoin('unknown')?.status).toBe('notspprt');
    expect(byCoin('eth')).toMatchObject({ status: 'cnf', amount: '30.00', confirmations: 3 });
    expect(byCoin('usdt')).toMatchObject({ status: 'pnd', confirmations: 2 });
    expect(await w.realCash(user)).toBe('30.00');

    await chain.test.mine({ blocks: 1 });
    await watcher.tick();
    await watcher.tick();
    list = await deposits();
    expect(byCoin('usdt')).toMatchObject({ status: 'cnf', amount: '25.00' });
    expect(await w.realCash(user)).toBe('55.00');
    const [cursor] = await desk.t.deps.db.db.select().from(chainCursors);
    expect(cursor?.lastBlock).toBe(Number(await chain.client.getBlockNumber()));
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('marks a deposit below the minimum as minFail without crediting it', async () => {
    const watcher = makeWatcher();
    await sendEth(userAddress, '0.001');
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await watcher.tick();
    expect((await deposits())[0]).toMatchObject({ coin: 'eth', status: 'minFail', amount: '3.00' });
    expect(await w.realCash(user)).toBe('55.00');
  });

  it('credits exactly once across a watcher restart mid-way', async () => {
    const first = makeWatcher();
    const hash = await sendToken(token, userAddress, usdt(20));
    await first.tick();
    expect((await deposits()).find((d) => d.txHash === hash)?.status).toBe('pnd');
    // A new process takes over from the persisted cursor; the old one makes one late pass too.
    const second = makeWatcher();
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await Promise.all([second.tick(), first.tick()]);
    await second.tick();
    const credited = (await deposits()).filter((d) => d.txHash === hash);
    expect(credited).toHaveLength(1);
    expect(credited[0]?.status).toBe('cnf');
    expect(await w.realCash(user)).toBe('75.00');
  });

  it('drops a pending deposit whose block is reorganised away and credits it once when mined again', async () => {
    const watcher = makeWatcher();
    const snapshot = await chain.test.snapshot();
    const deployer = privateKeyToAccount(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    );
    const nonce = await chain.client.getTransactionCount({ address: deployer.address });
    const fees = await chain.client.estimateFeesPerGas();
    const raw = await deployer.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [userAddress, usdt(40)] }),
      gas: 100_000n,
      nonce,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = await chain.client.sendRawTransaction({ serializedTransaction: raw });
    await chain.test.mine({ blocks: 1 });
    await watcher.tick();
    expect((await deposits()).find((d) => d.txHash === hash)).toMatchObject({
      status: 'pnd',
      confirmations: 2,
    });

    // A shallow reorganisation: the blocks go, other (empty) blocks take their place.
    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 3 });
    await watcher.tick();
    expect((await deposits()).find((d) => d.txHash === hash)).toBeUndefined();
    expect(await w.realCash(user)).toBe('75.00');

    // The same transaction is mined again on the new chain.
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    await watcher.tick();
    await chain.test.mine({ blocks: CONFIRMATIONS });
    await watcher.tick();
    await watcher.tick();
    const found = (await deposits()).filter((d) => d.txHash === hash);
    expect(found).toHaveLength(1);
    expect(found[0]?.status).toBe('cnf');
    expect(await w.realCash(user)).toBe('115.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  describe('withdrawals', () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const hold = async (body: { coin: string; amount: string; address?: string }) => {
      await w.ageAddress(user, body.address ?? to);
      const { confirmed, id } = await w.withdraw(user, { network: 'ethereum', address: to, ...body });
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
      return { id: id as string, status: confirmed?.json().data.status as string };
    };

    // Each test asks for several withdrawal codes: each starts a fresh window of the code limit.
    beforeEach(() => desk.t.deps.limiter.reset(AUTH_LIMITS.actionCodePerAccount, `withdrawal:${user.id}`));

    beforeAll(async () => {
      await w.fund(user, '3000');
      // A first withdrawal to the address, two days ago, makes it known.
      const first = await w.withdraw(user, { coin: 'eth', network: 'ethereum', address: to, amount: '20' });
      await desk.call(user, 'POST', `/wallet/withdrawals/${first.id}/cancel`);
    });

    it('sends ETH and USDT from the hot wallet, records the hash, and confirms them', async () => {
      const eth = await hold({ coin: 'eth', amount: '65' });
      const tok = await hold({ coin: 'usdt', amount: '35' });
      expect([eth.status, tok.status]).toEqual(['prc', 'prc']);
      const cashBefore = await w.realCash(user);
      const sender = makeSender();
      await sender.tick();
      const sentEth = await withdrawal(eth.id);
      expect(sentEth?.status).toBe('snt');
      expect(sentEth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      // 65 USD less the 5 USD fee at 3,000 USD per ETH: 0.02 ETH.
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.02'));
      expect(
        await chain.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [to],
        }),
      ).toBe(usdt(30));
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await sender.tick();
      expect((await withdrawal(eth.id))?.status).toBe('cnf');
      expect((await withdrawal(tok.id))?.status).toBe('cnf');
      expect(await w.realCash(user)).toBe(cashBefore);
    });

    it('returns the funds once when the hot wallet cannot cover it (werror)', async () => {
      const before = await w.realCash(user);
      const big = await hold({ coin: 'usdt', amount: '2000' });
      const sender = makeSender();
      await sender.tick();
      await sender.tick();
      expect(await withdrawal(big.id)).toMatchObject({ status: 'werror' });
      expect(await w.realCash(user)).toBe(before);
    });

    it('returns the funds once when the node refuses the transaction (rerr)', async () => {
      const before = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      await makeSender(async () => {
        throw new Error('replacement transaction underpriced');
      }).tick();
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      await makeSender().tick();
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      expect(await w.realCash(user)).toBe(before);
    });

    it('counts a transaction the node took despite an error as sent, not failed', async () => {
      const one = await hold({ coin: 'eth', amount: '50' });
      await makeSender(async (raw) => {
        await chain.client.sendRawTransaction({ serializedTransaction: raw });
        throw new Error('socket hang up');
      }).tick();
      expect((await withdrawal(one.id))?.status).toBe('snt');
    });

    it('sends a withdrawal signed before a crash once after the restart, the same transaction', async () => {
      // The process dies inside the broadcast: before the node has the transaction, or after.
      const crashes: Array<(raw: Hex) => Promise<Hex>> = [
        () => new Promise<Hex>(() => undefined),
        async (raw) => {
          await chain.client.sendRawTransaction({ serializedTransaction: raw });
          return new Promise<Hex>(() => undefined);
        },
      ];
      for (const crash of crashes) {
        const received = await chain.client.getBalance({ address: to });
        const one = await hold({ coin: 'eth', amount: '50' });
        expect(one.status).toBe('prc');
        const cash = await w.realCash(user);
        void makeSender(crash).tick();
        await vi.waitFor(async () => expect((await withdrawal(one.id))?.status).toBe('drp'), {
          timeout: 10_000,
        });
        const signed = (await withdrawal(one.id))?.txHash;
        expect(signed).toMatch(/^0x[0-9a-f]{64}$/);
        // After the restart: the stored transaction, not a second one.
        await makeSender().tick();
        expect(await withdrawal(one.id)).toMatchObject({ status: 'snt', txHash: signed });
        await makeSender().tick();
        // 50 USD less the 5 USD fee at 3,000 USD per ETH, received once.
        expect(await chain.client.getBalance({ address: to })).toBe(received + parseEther('0.015'));
        expect(await w.realCash(user)).toBe(cash);
      }
    });

    it('returns the funds once when the transfer reverts on chain (flr)', async () => {
      const blocked = privateKeyToAccount(generatePrivateKey()).address;
      const { abi } = compileTestUsdt();
      const hash = await chain.deployer.writeContract({
        address: token,
        abi,
        functionName: 'addBlackList',
        args: [blocked],
      });
      await chain.client.waitForTransactionReceipt({ hash });
      const before = await w.realCash(user);
      await w.ageAddress(user, blocked);
      const first = await w.withdraw(user, {
        coin: 'usdt',
        network: 'ethereum',
        address: blocked,
        amount: '20',
      });
      await w.ageAddress(user, blocked);
      expect(first.confirmed?.json().data.status).toBe('suspicous');
      await desk.call(user, 'POST', `/wallet/withdrawals/${first.id}/cancel`);
      await w.ageAddress(user, blocked);
      const { confirmed, id } = await w.withdraw(user, {
        coin: 'usdt',
        network: 'ethereum',
        address: blocked,
        amount: '20',
      });
      expect(confirmed?.json().data.status).toBe('prc');
      const sender = makeSender();
      // Mined at once on the local chain: sent, then found reverted in the same pass.
      await sender.tick();
      expect(await withdrawal(id as string)).toMatchObject({ status: 'flr' });
      expect((await withdrawal(id as string))?.txHash).toMatch(/^0x/);
      await sender.tick();
      expect(await w.realCash(user)).toBe(before);
    });

    it('lets the user cancel before sending, and then nothing is sent', async () => {
      const before = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      const cancelled = await desk.call(user, 'POST', `/wallet/withdrawals/${one.id}/cancel`);
      expect(cancelled.json().data.status).toBe('cnc');
      await makeSender().tick();
      expect((await withdrawal(one.id))?.txHash).toBeNull();
      expect(await w.realCash(user)).toBe(before);
      const rows = await desk.t.deps.db.db.execute(
        sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund'`,
      );
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBeGreaterThan(0);
      expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    });
  });
});
