import pino from 'pino';
import { erc20Abi, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { pricePolicy } from '../modules/market/price-sources';
import { settings as settingsTable } from '../modules/settings/settings.schema';
import { createSettingsService } from '../modules/settings/settings.service';
import { createDepositAlerts } from '../modules/wallet/deposit-alerts';
import { hotWalletKeyFromMnemonic } from '../modules/wallet/hd';
import { createDepositSettler } from '../modules/wallet/sources/chain-watcher';
import { createEvmSender } from '../modules/wallet/sources/evm-sender';
import { createEvmDepositWatcher } from '../modules/wallet/sources/evm-watcher';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { createWalletNotices } from '../modules/wallet/wallet-notices';
import { compileTestUsdt, type LocalChain, startLocalChain } from './local-chain';
import { startTradingDesk, type TradingDesk } from './trading';
import { useStarted } from './use-trading-desk';
import { walletHelpers } from './wallet';

/** Confirmations the Ethereum network asks for in these tests. */
export const EVM_CONFIRMATIONS = 3;
const CONFIRMATIONS = EVM_CONFIRMATIONS;
/** USDT (6 decimals) in its smallest units. */
export const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));

/**
 * A trading desk wired to a local EVM node: a USDT contract (and another token), the wallet
 * settings of the Ethereum network, a funded hot wallet, one user with a deposit address, and
 * makers of the deposit watcher and the withdrawal sender on that node.
 */
export async function startEvmWorld() {
  let chain: LocalChain | undefined;
  let desk: TradingDesk | undefined;
  try {
    chain = await startLocalChain();
    desk = await startTradingDesk();
    return await evmWorldOn(chain, desk);
  } catch (error) {
    await desk?.close();
    await chain?.stop();
    throw error;
  }
}

async function evmWorldOn(chain: LocalChain, desk: TradingDesk) {
  const user = await desk.newUser();
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

  compileTestUsdt();
  const token = await chain.deployToken(usdt(1_000_000));
  const otherToken = await chain.deployToken(usdt(1_000));
  const w = walletHelpers(desk);
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
  const settler = createDepositSettler({
    db,
    repo,
    settings,
    prices,
    pricePolicy: pricePolicy(desk.t.deps.config),
    logger,
    notices,
    alerts: createDepositAlerts({ db, notify: desk.notify, logger }),
  });
  const makeWatcherOn = (watcherRepo: ReturnType<typeof createWalletRepository>) =>
    createEvmDepositWatcher({
      network: 'ethereum',
      client: chain.client,
      db,
      repo: watcherRepo,
      settler,
      logger,
    });
  const makeWatcher = () => makeWatcherOn(repo);
  const hot = privateKeyToAccount(hotWalletKeyFromMnemonic());
  const makeSender = (broadcast?: (raw: Hex) => Promise<Hex>) =>
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

  const userAddress: Hex = (
    await desk.call(user, 'POST', '/wallet/address', { coin: 'usdt', network: 'ethereum' })
  ).json().data.address;
  // The first pass starts at the current head.
  await makeWatcher().tick();
  return {
    chain,
    desk,
    w,
    token,
    otherToken,
    user,
    userAddress,
    makeWatcher,
    makeWatcherOn,
    makeSender,
    logger,
    deposits,
    withdrawal,
    sendToken,
    sendEth,
    close: async () => {
      await desk.close();
      await chain.stop();
    },
  };
}
export type EvmWorld = Awaited<ReturnType<typeof startEvmWorld>>;

/**
 * The EVM world for the enclosing `describe` block: the local chain and the desk wired to it,
 * started before its first test (given two minutes) and closed after its last. What it returns
 * stands for the world once started (`world.chain`, `world.desk`… inside a test or a later hook);
 * touching it earlier is an error that says so.
 */
export function useEvmWorld(): EvmWorld {
  return useStarted('The EVM world', startEvmWorld, (world) => world.close(), 120_000);
}
