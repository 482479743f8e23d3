// `npm run dev:chain`: a local Ethereum chain for trying the wallet end to end on one machine (the
// hardhat node the tests use), a block a second, its hot wallet funded; prints the environment that
// wires the server to it. `npm run start:local-chain` also starts the built server so wired.
// `npm run dev:chain -- send <address> [eth]` sends test ETH on the running chain (a deposit).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http, isAddress, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { hotWalletKeyFromMnemonic } from './modules/wallet/hd';
import { SERVER_ROOT } from './platform/paths';
import { HARDHAT_KEYS, startLocalChain } from './testing/local-chain';

const DEFAULT_PORT = 8545;
const BLOCK_MS = 1_000;
/** What the hot wallet gets at start, to send withdrawals from. */
const HOT_WALLET_FUNDING_ETH = '1000';

/**
 * The server's environment on the local chain: it follows it as its Ethereum node (deposits, and
 * withdrawals sent from the development hot wallet), and values deposits at the simulated prices,
 * as a demonstration does (without a live feed a deposit would wait for a live price).
 */
export function localChainEnv(url: string): Record<string, string> {
  return { EVM_RPC_ETHEREUM: url, REAL_TRADING_ON_SIMULATED_PRICES: 'true' };
}

const portOf = () => Number(process.env.LOCAL_CHAIN_PORT ?? DEFAULT_PORT);
const say = (text: string) => process.stdout.write(`${text}\n`);

async function send(to: string | undefined, eth = '1'): Promise<void> {
  if (!to || !isAddress(to)) throw new Error('usage: npm run dev:chain -- send <0x address> [eth]');
  const url = `http://127.0.0.1:${portOf()}`;
  const client = createPublicClient({ chain: hardhat, transport: http(url) });
  const wallet = createWalletClient({
    account: privateKeyToAccount(HARDHAT_KEYS.deployer),
    chain: hardhat,
    transport: http(url),
  });
  const hash = await wallet.sendTransaction({ to, value: parseEther(eth) });
  await client.waitForTransactionReceipt({ hash });
  say(`Sent ${eth} ETH to ${to} (${hash}). The Wallet tab shows it pending, then credited.`);
}

async function run(isServerStarted: boolean): Promise<void> {
  const chain = await startLocalChain({ port: portOf() });
  await chain.test.setIntervalMining({ interval: BLOCK_MS });
  const hot = privateKeyToAccount(hotWalletKeyFromMnemonic());
  await chain.client.waitForTransactionReceipt({
    hash: await chain.deployer.sendTransaction({
      to: hot.address,
      value: parseEther(HOT_WALLET_FUNDING_ETH),
    }),
  });
  const env = localChainEnv(chain.url);
  const assignments = Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  say(`Local chain (hardhat, chain id 31337) at ${chain.url}: a block a second.`);
  say(`The development hot wallet ${hot.address} holds ${HOT_WALLET_FUNDING_ETH} ETH for withdrawals.`);
  say('');
  say(isServerStarted ? 'Starting the server with:' : 'Start the server wired to it, in another terminal:');
  say(isServerStarted ? `  ${assignments}` : `  ${assignments} npm start`);
  say('Then deposit: open Wallet → Deposit, choose ETH, and send test ETH to the address shown:');
  const portSet = process.env.LOCAL_CHAIN_PORT ? `LOCAL_CHAIN_PORT=${portOf()} ` : '';
  say(`  ${portSet}npm run dev:chain -- send <address> [eth]`);
  say('Stop with Ctrl-C.');

  let server: ChildProcess | undefined;
  if (isServerStarted) {
    // As `npm start` runs it, from the repository's root (its ./data), on this terminal.
    server = spawn(process.execPath, [join(SERVER_ROOT, 'dist', 'main.js')], {
      cwd: join(SERVER_ROOT, '..', '..'),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
  }
  let isStopping = false;
  const stop = async (code: number) => {
    if (isStopping) return;
    isStopping = true;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await chain.stop();
    process.exit(code);
  };
  server?.once('exit', (code) => void stop(code ?? 1));
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
}

const [command, ...rest] = process.argv.slice(2);
const done = command === 'send' ? send(rest[0], rest[1]) : run(command === '--start-server');
done.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
